import Synchronization

/// One direction of a ``Channel``: what is sent into one terminal, on its way to the other terminal's
/// observers. It keeps its observers, and the value it replays, itself: no ``SignalCore`` is made for it.
///
/// ## Delivery
/// One thread at a time delivers (``SerialWorkState``): a send that finds the direction idle claims the delivery
/// with one compare-and-exchange, without the lock, and calls the observers; one that finds it busy (another
/// thread, or an observer sending back into it) queues behind it under the lock, and the deliverer drains the
/// queue before it lets go. Every claim under the lock is a compare-and-exchange too, so the two kinds cannot
/// both win. Nothing is called under the lock.
///
/// ## What only the deliverer touches
/// The list of observers and the replayed value are read and written only by the thread that holds the
/// delivery, which is why a send needs no lock: an observer attached or detached while another thread
/// delivers is queued like a value, and takes its place in the order. A replaying direction's new observer
/// receives the value delivered last at that point, then every later one. A detached observer is switched off
/// at once (``ChannelObserver/isActive``), and leaves the list when the deliverer reaches its detach.
///
/// ## The end
/// The terminal event is queued behind what came before it; the thread that delivers it keeps the delivery for
/// good, so that nothing claims it again, releases the observers, and hands observers still queued the last
/// value (if it replays) and the end.
@usableFromInline
final class ChannelDirection<Value>: @unchecked Sendable {
  @usableFromInline typealias Event = Signal<Value, Never>.Event

  /// Something queued for the deliverer, in order.
  @usableFromInline
  enum Item {
    case value(Value)
    case end(Event)
    case attach(ChannelObserver<Value>)
    case detach(ChannelObserver<Value>)
  }

  /// Whether a new observer receives the value delivered last (the following terminal's rule).
  @usableFromInline let replays: Bool
  @usableFromInline let lock = LockWord()
  /// Who delivers: ``SerialWorkState``. Held for good by the thread that delivered the end.
  @usableFromInline let delivery = Atomic<Int>(SerialWorkState.idle)

  /// Under `lock`: what waits for the deliverer.
  @exclusivity(unchecked) @usableFromInline var pending = PendingQueue<Item>()
  /// Under `lock`: the terminal event accepted, `nil` while the direction runs.
  @exclusivity(unchecked) @usableFromInline var ending: Event?
  /// Under `lock`: whether the end was delivered and the observers released; `latest` is then fixed.
  @exclusivity(unchecked) @usableFromInline var isFinished = false
  /// The deliverer's: the observers, in the order they attached.
  @exclusivity(unchecked) @usableFromInline var observers = ContiguousArray<ChannelObserver<Value>>()
  /// The deliverer's: the value delivered last, kept if the direction replays.
  @exclusivity(unchecked) @usableFromInline var latest: Value?

  @inlinable
  init(replays: Bool) {
    self.replays = replays
  }

  // MARK: Sending

  /// Delivers `value` to the observers, or queues it behind the delivery in progress; dropped once ended.
  @inlinable @inline(__always)
  func send(_ value: Value) {
    guard SerialWorkState.claimWithoutLock(delivery) || claimOrQueue(.value(value)) else { return }
    if replays { latest = value }
    deliver(value)
    drain()
  }

  /// Ends the direction with `event`, if it has not ended yet: after what was sent before it.
  @inlinable
  func end(with event: Event) {
    let claimed = lock.withLock { () -> Bool in
      guard ending == nil else { return false }
      ending = event
      return claimOrQueueLocked(.end(event))
    }
    if claimed { finish(event) }
  }

  /// Under no lock, having failed to claim the delivery without it: claims it under the lock (`true`: the caller
  /// delivers), or queues `item` for the deliverer (`false`). An ended direction drops `item`.
  @inlinable @inline(never)
  func claimOrQueue(_ item: Item) -> Bool {
    lock.withLock {
      guard ending == nil else { return false }
      return claimOrQueueLocked(item)
    }
  }

  /// Under the lock: claims the delivery (`true`), or queues `item` (`false`).
  @inlinable @inline(__always)
  func claimOrQueueLocked(_ item: Item) -> Bool {
    guard SerialWorkState.claimOrQueue(delivery, againstClaimsWithoutLock: true) else {
      pending.append(item)
      return false
    }
    return true
  }

  /// The deliverer: calls every observer still active with `value`.
  ///
  /// A single observer is called unretained: while this thread delivers, the list cannot change (a change
  /// queues behind it), and the list holds the observer.
  @inlinable @inline(__always)
  func deliver(_ value: Value) {
    if observers.count == 1 {
      Unmanaged.passUnretained(observers[0])._withUnsafeGuaranteedRef { $0.receive(value) }
    } else {
      deliverToMany(value)
    }
  }

  @inlinable @inline(never)
  func deliverToMany(_ value: Value) {
    for observer in observers { observer.receive(value) }
  }

  /// The deliverer, after an item: lets go if nothing is queued, without the lock; else delivers what is.
  @inlinable @inline(__always)
  func drain() {
    if !SerialWorkState.leaveIfNothingQueued(delivery) { drainQueued() }
  }

  @inlinable @inline(never)
  func drainQueued() {
    while true {
      let next = lock.withLock { () -> Item? in
        guard let item = pending.popFirst() else {
          delivery.store(SerialWorkState.idle, ordering: .releasing)
          return nil
        }
        // Only the deliverer takes from the queue: nobody races this store.
        if pending.isEmpty { delivery.store(SerialWorkState.busy, ordering: .releasing) }
        return item
      }
      switch next {
      case nil:
        return
      case .value(let value):
        if replays { latest = value }
        deliver(value)
      case .end(let event):
        return finish(event)
      case .attach(let observer):
        attachClaimed(observer)
      case .detach(let observer):
        observers.removeAll { $0 === observer }
      }
      if SerialWorkState.leaveIfNothingQueued(delivery) { return }
    }
  }

  /// The deliverer: delivers the end, releases the observers and keeps the delivery for good. Observers still
  /// queued receive the last value, if the direction replays, and the end.
  @inlinable
  func finish(_ event: Event) {
    for observer in observers { observer.receiveEnd(event) }
    let (released, queued) = lock.withLock {
      isFinished = true
      return (Swift.exchange(&observers, with: []), pending.removeAll())
    }
    _ = released
    for case .attach(let observer) in queued { replayEnded(to: observer, event) }
  }

  // MARK: Observing

  /// Attaches `observer`: a replaying direction first hands it the value delivered last. An ended direction
  /// hands it that value and the end, and returns `nil`.
  @inlinable
  func attach(_ observer: ChannelObserver<Value>) -> (any Disposable)? {
    let step = lock.withLock { () -> Event?? in
      if isFinished { return .some(ending) }
      return claimOrQueueLocked(.attach(observer)) ? .some(nil) : nil
    }
    switch step {
    case .some(.some(let end)):
      replayEnded(to: observer, end)
      return nil
    case .some(nil):
      attachClaimed(observer)
      drain()
    case nil:
      break
    }
    return observer
  }

  /// The deliverer: adds `observer` to the list, replaying the value delivered last.
  @inlinable
  func attachClaimed(_ observer: ChannelObserver<Value>) {
    guard observer.isActive.load(ordering: .acquiring) else { return }
    observers.append(observer)
    if replays, let latest { observer.receive(latest) }
  }

  /// Hands an observer that came after the end what it would have seen: the last value if the direction
  /// replays, and the end.
  @inlinable
  func replayEnded(to observer: ChannelObserver<Value>, _ event: Event) {
    if replays, let latest { observer.receive(latest) }
    observer.receiveEnd(event)
  }

  /// Detaches `observer`, in order behind the delivery in progress if there is one.
  @inlinable
  func detach(_ observer: ChannelObserver<Value>) {
    let claimed = lock.withLock { !isFinished && claimOrQueueLocked(.detach(observer)) }
    guard claimed else { return }
    observers.removeAll { $0 === observer }
    drain()
  }

  /// How many observers are attached; for tests, while nothing is delivered.
  var observerCount: Int {
    lock.withLock { observers.count }
  }
}

/// An observer of a ``ChannelDirection``, and the disposable that detaches it.
@usableFromInline
final class ChannelObserver<Value>: Disposable, @unchecked Sendable {
  /// Called with every value.
  @usableFromInline let onValue: (Value) -> Void
  /// Called with the end; `nil` for an observer of the values only.
  @usableFromInline let onEnd: ((Signal<Value, Never>.Event) -> Void)?
  /// `false` once disposed: the observer is not entered again.
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline let direction: ChannelDirection<Value>

  @inlinable
  init(
    _ direction: ChannelDirection<Value>, onValue: @escaping (Value) -> Void,
    onEnd: ((Signal<Value, Never>.Event) -> Void)?
  ) {
    self.direction = direction
    self.onValue = onValue
    self.onEnd = onEnd
  }

  @inlinable @inline(__always)
  func receive(_ value: Value) {
    if isActive.load(ordering: .acquiring) { onValue(value) }
  }

  @inlinable
  func receiveEnd(_ event: Signal<Value, Never>.Event) {
    if let onEnd, isActive.load(ordering: .acquiring) { onEnd(event) }
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  @usableFromInline
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    direction.detach(self)
  }
}
