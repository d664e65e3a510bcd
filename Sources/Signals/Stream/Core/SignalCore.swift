import Synchronization

/// The machinery behind every ``Signal``: its observers, its serial delivery, and what it releases at the end.
///
/// ## Delivery
/// A core delivers one item at a time. The thread that finds it idle becomes the deliverer: it marks the core
/// busy, releases the lock and calls the observers. A send that arrives meanwhile — from another thread, or
/// reentrantly from an observer — is queued, and the deliverer drains the queue before it lets go. So observers
/// are never entered concurrently or recursively, events keep the order the core accepted them in, and nothing
/// is called under the lock. A single observer is called in place (``soleObserver``).
///
/// A value sent into a core that does not replay (a pipe, a producer's start) claims the delivery without the
/// lock (``SerialWorkState``). Cores fed by one serial upstream (`map`, `filter`, …), or by a ``Coordinator``'s
/// one flusher, use ``relay(_:)``, with no busy flag and no queue.
///
/// ## Replaying cores
/// A property's core remembers the latest value. A replaying observer is attached through the queue: it receives
/// the value current at that point, then every later event, none missed or seen twice.
///
/// ## Termination
/// The first terminal event accepted ends the core: later sends are dropped; once it is delivered, the
/// observers and the queue are released and the termination disposables run. An `endsWhenUnobserved` core (a
/// derived signal) also ends, silently, when it has no observer and no handle: nobody could observe it again.
@usableFromInline
class SignalCore<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event
  @usableFromInline typealias Observers = ObserverList<Value, Failure>

  /// Something the deliverer must do later, in order.
  @usableFromInline
  enum Item {
    case event(Event)
    /// Deliver a property's change inside the context it was queued from (see ``DeliveryContext``).
    case change(Value, any DeliveryContext)
    /// Replay the current value to a new observer, then attach it (unless its subscription was disposed).
    case attach(ObserverEntry<Value, Failure>, Subscription<Value, Failure>)
  }

  @usableFromInline
  struct State {
    @usableFromInline var observers = Observers()
    /// Replaying cores: the thread that claimed the delivery, meaningful while it delivers (0, no thread, when a
    /// property outside the graph delivers its own set). A property recognises a binding that sets it from
    /// inside its own delivery by it: the change has come back around a cycle.
    @usableFromInline var deliverer: ThreadID = 0
    @usableFromInline var pending = PendingQueue<Item>()
    /// How the core ended, `nil` while it runs: the one record of the end, set only by
    /// ``SignalCore/end(_:with:)``.
    @usableFromInline var ending: Ending<Failure>?
    /// How many handles of an `endsWhenUnobserved` core are alive: its ``Signal`` (a derived signal has one),
    /// or a property's `Property` and the `signal`s made from it (see ``PropertyStorage``).
    @usableFromInline var handles: UInt32 = 1
    /// What to dispose when the core ends: upstream subscriptions, a producer's lifetime.
    @usableFromInline var terminations = Terminations()
    /// Whether `terminations` were handed out; later ones are disposed at once.
    @usableFromInline var hasReleased = false

    /// Whether the core ended: a terminal event was accepted, or the core ended unobserved.
    @inlinable
    var isTerminated: Bool { ending != nil }

    @inlinable
    mutating func takeTerminations() -> Terminations {
      hasReleased = true
      defer { terminations = Terminations() }
      return terminations
    }

    @inlinable
    init() {}
  }

  @usableFromInline let lock = LockWord()
  /// Reached only through ``state``, under `lock`. Unchecked: the lock already guarantees exclusive access.
  @exclusivity(unchecked) @usableFromInline final var lockedState: State
  /// The core's state behind its lock, used like a ``Locked`` (`state.withLock { … }`) but kept in the
  /// core's own allocation.
  @inlinable final var state: LockedState { LockedState(core: self) }

  /// Runs `body` with exclusive access to the state, under the core's lock: ``state`` without the temporary.
  @inlinable @inline(__always)
  final func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&lockedState) }
  }

  /// Access to a core's ``State`` under the core's lock; see ``LockWord/withLock(_:)``.
  @usableFromInline
  struct LockedState {
    @usableFromInline let core: SignalCore

    @inlinable
    init(core: SignalCore) {
      self.core = core
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try core.withState(body)
    }
  }
  /// Whether some thread is delivering right now, and whether something is queued for it (``SerialWorkState``);
  /// sends queue behind the deliverer. Changed under the lock, except by a value sent into a core that does
  /// not replay, which claims it without the lock (see ``send(_:)``), and by the deliverer that finds nothing
  /// queued after an event: it goes back to idle without the lock (see ``drain()``).
  @usableFromInline let delivery = Atomic<Int>(SerialWorkState.idle)
  @usableFromInline let replays: Bool
  @usableFromInline let endsWhenUnobserved: Bool
  /// Whether the core delivers to an observer of its own rather than to its list: a ``StartCore`` with a
  /// receiver (see ``Recipients/own``).
  @usableFromInline let deliversToItself: Bool
  /// Whether ``State/ending`` is set, for readers that hold no lock (see ``hasTerminated``): a mirror that
  /// only ``end(_:with:)`` writes.
  @usableFromInline let hasEnded = Atomic<Bool>(false)
  /// Whether the core is *sealed*: ``relay(_:)`` then hands values straight to ``soleObserver``, without
  /// the lock (see ``sealIfAlone(_:)``). Set under the lock; cleared by the delivery of the terminal event.
  @usableFromInline let isSealed = Atomic<Bool>(false)
  /// The closure of the observer when there is exactly one, for the thread that owns the delivery to call
  /// in place (see ``SoleObserver``).
  ///
  /// Written under the lock and only while nobody delivers (see ``observersChanged(_:)``): by a thread that
  /// changes the list of an idle core, or by the deliverer before it lets go. A change of the list during a
  /// delivery leaves it as it is, marked stale, so the closure being called stays alive. A sealed core's is
  /// left as it is until the terminal event has been delivered or the core is freed. Not checked for
  /// exclusivity at run time: the hand-off of the delivery orders every access.
  @exclusivity(unchecked) @usableFromInline final var soleObserver = SoleObserver<Value, Failure>.none
  /// Whether ``soleObserver`` may be called: ``SoleState``. Written with it, and marked stale by a change of
  /// the list during a delivery; read by the deliverer, which may hold no lock.
  @usableFromInline let soleState = Atomic<UInt8>(SoleState.none)

  @inlinable
  init(endsWhenUnobserved: Bool = false) {
    lockedState = State()
    replays = false
    self.endsWhenUnobserved = endsWhenUnobserved
    deliversToItself = false
  }

  /// A core; a replaying one (`replays`) is a ``ReplayingCore``, which keeps the values it replays.
  @inlinable
  init(replays: Bool, endsWhenUnobserved: Bool) {
    lockedState = State()
    self.replays = replays
    self.endsWhenUnobserved = endsWhenUnobserved
    deliversToItself = false
  }

  /// The core of a start, which delivers to its own observer if `deliversToItself` (see ``StartCore``).
  @inlinable
  init(deliveringToItself: Bool) {
    lockedState = State()
    replays = false
    endsWhenUnobserved = false
    deliversToItself = deliveringToItself
  }

  // MARK: Sending

  /// Accepts an event from any thread and delivers it serially. Inlined whole, for the callers that send into
  /// replaying cores (a channel's directions); others call ``sendCompact(_:)``.
  @inlinable @inline(__always)
  final func send(_ event: Event) {
    if sendWithoutLock(event) { return }
    sendUnderLock(event)
  }

  /// ``send(_:)`` with the locked path out of line: what an ``Signal/Observer`` calls, from the many closures
  /// of the library's operators, which then carry the lock-free path only.
  @inlinable @inline(__always)
  final func sendCompact(_ event: Event) {
    if sendWithoutLock(event) { return }
    sendLocked(event)
  }

  /// Delivers a value sent into a core that does not replay, if this thread can claim the delivery without the
  /// lock; `false`, having done nothing, otherwise.
  @inlinable @inline(__always)
  final func sendWithoutLock(_ event: Event) -> Bool {
    guard !replays, case .value = event, SerialWorkState.claimWithoutLock(delivery) else { return false }
    deliverClaimed(event)
    drain()
    return true
  }

  /// ``sendUnderLock(_:)``, not inlined.
  @inlinable @inline(never)
  final func sendLocked(_ event: Event) {
    sendUnderLock(event)
  }

  /// ``send(_:)`` under the lock: a terminal event, a value into a replaying core, or a value that found the
  /// delivery taken.
  @inlinable @inline(__always)
  final func sendUnderLock(_ event: Event) {
    let recipients = withState { state -> Recipients<Value, Failure>? in
      guard !state.isTerminated else { return nil }
      if event.isTerminating { end(&state, with: Ending(event)) }
      if replays, case .value(let value) = event { replaying.latest = value }
      guard SerialWorkState.claimOrQueue(delivery, againstClaimsWithoutLock: !replays) else {
        state.pending.append(.event(event))
        return nil
      }
      if replays {
        replaying.delivered = replaying.latest
        state.deliverer = currentThreadID()
      }
      return self.recipients(state)
    }
    guard let recipients else { return }
    deliver(event, to: recipients)
    if event.isTerminating {
      finish()
    } else {
      drain()
    }
  }

  /// Delivers a value sent into a core that does not replay, by the thread that has just claimed the delivery
  /// without the lock: to the core's own observer, to the sole observer in place, or else to a snapshot
  /// taken under the lock. Nothing if the core has ended (it was abandoned: a terminal event leaves the core
  /// busy for good, and nobody claims it again).
  @inlinable @inline(__always)
  final func deliverClaimed(_ event: Event) {
    guard !hasTerminated else { return }
    if deliversToItself {
      deliver(event, to: .own)
    } else if soleState.load(ordering: .acquiring) == SoleState.valid {
      soleObserver.receive(event)
    } else {
      deliver(event, to: withState { self.recipients($0) })
    }
  }

  /// Delivers an event that arrives from a serial upstream; one lock, no queue.
  ///
  /// Only for cores whose every event comes from one upstream's delivery, or from a ``Coordinator``'s flush:
  /// both are already serial, and a reentrant event queues there, not here.
  @inlinable @inline(__always)
  final func relay(_ event: Event) {
    guard case .value(let value) = event else { return relayUnsealed(event) }
    guard !hasTerminated else { return }
    relayValue(value)
  }

  /// ``relay(_:)`` for a value, once the caller has found the core running (see ``RelayCore``).
  @inlinable @inline(__always)
  final func relayValue(_ value: Value) {
    if isSealed.load(ordering: .acquiring) {
      soleObserver.receive(.value(value))
    } else {
      relayUnsealed(.value(value))
    }
  }

  /// ``relay(_:)`` for a core that is not sealed, or a terminal event: one lock, a snapshot.
  @inlinable @inline(never)
  final func relayUnsealed(_ event: Event) {
    let (accepted, snapshot) = withState { state -> (Bool, Observers) in
      guard !state.isTerminated else { return (false, Observers()) }
      if event.isTerminating { end(&state, with: Ending(event)) }
      return (true, state.observers)
    }
    guard accepted else { return }
    Self.deliver(event, to: snapshot)
    if event.isTerminating { finish() }
  }

  /// Ends the stream with `interrupted` on behalf of a disposal: values still queued are dropped, the
  /// event in flight on another thread (if any) finishes first.
  @inlinable
  final func interrupt() {
    let (recipients, dropped) = withState { state -> (Recipients<Value, Failure>?, [Item]) in
      guard !state.isTerminated else { return (nil, []) }
      end(&state, with: .interrupted)
      guard SerialWorkState.claimOrQueue(delivery, againstClaimsWithoutLock: !replays) else {
        let queued = state.pending.removeAll()
        for item in queued {
          if case .attach = item { state.pending.append(item) }
        }
        state.pending.append(.event(.interrupted))
        return (nil, queued)
      }
      return (self.recipients(state), [])
    }
    _ = dropped
    guard let recipients else { return }
    deliver(.interrupted, to: recipients)
    finish()
  }

  @inlinable @inline(__always)
  static func deliver(_ event: Event, to observers: Observers) {
    observers.deliver(event)
  }

  /// Under the lock, by the thread that owns the delivery: whom it calls. The one observer in place, unless
  /// the list changed during the delivery; a snapshot otherwise.
  @inlinable @inline(__always)
  final func recipients(_ state: State) -> Recipients<Value, Failure> {
    if deliversToItself { return .own }
    if soleState.load(ordering: .relaxed) == SoleState.valid { return .sole }
    return .list(state.observers)
  }

  /// Delivers `event` to `recipients`, taken under the lock by the thread that owns the delivery, which is
  /// the caller: a single observer is called in place (see ``soleObserver``).
  @inlinable @inline(__always)
  final func deliver(_ event: Event, to recipients: Recipients<Value, Failure>) {
    switch recipients {
    case .own: unsafeDowncast(self, to: StartCore<Value, Failure>.self).receive(event)
    case .sole: soleObserver.receive(event)
    case .list(let observers): observers.deliver(event)
    }
  }

  /// Delivers what was queued while this thread was delivering, then marks the core idle; with nothing
  /// queued, without the lock (``SerialWorkState``).
  @inlinable
  final func drain() {
    if !SerialWorkState.leaveIfNothingQueued(delivery) { drainQueued() }
  }

  /// ``drain()`` when something was queued: delivers each item in order until the queue is empty.
  @inlinable @inline(never)
  final func drainQueued() {
    // What ``soleObserver`` held before the deliverer made it match the list again, released after the lock.
    var replaced = SoleObserver<Value, Failure>.none
    while true {
      let step = withState { state -> DrainStep<Value, Failure> in
        guard let item = state.pending.popFirst() else {
          if soleState.load(ordering: .relaxed) == SoleState.stale { refreshSoleObserver(&state, replacing: &replaced) }
          delivery.store(SerialWorkState.idle, ordering: .releasing)
          return .idle
        }
        // Only the deliverer takes from the queue, and it is this thread: nobody races this store.
        if state.pending.isEmpty { delivery.store(SerialWorkState.busy, ordering: .releasing) }
        switch item {
        case .event(let event):
          if replays, case .value(let value) = event { replaying.delivered = value }
          return .deliver(event, self.recipients(state))
        case .change(let value, let context):
          replaying.delivered = value
          return .deliverChange(value, self.recipients(state), context)
        case .attach(let entry, let subscription):
          guard !subscription.isDisposed else { return .attach(entry, nil) }
          state.observers.append(entry)
          // The deliverer, between two items, calls no observer: it may write the sole observer itself, unless
          // a change it did not make left it stale (then it is refreshed before the deliverer lets go).
          if !isSealed.load(ordering: .relaxed), soleState.load(ordering: .relaxed) != SoleState.stale {
            writeSoleObserver(state)
          }
          observerCountChanged(state)
          return .attach(entry, replaying.delivered)
        }
      }
      switch step {
      case .idle:
        return
      case .deliver(let event, let recipients):
        deliver(event, to: recipients)
        if event.isTerminating {
          finish()
          return
        }
      case .attach(let entry, let current):
        if let current { entry.receive(.value(current)) }
      case .deliverChange(let value, let recipients, let context):
        context.deliver { self.deliver(.value(value), to: recipients) }
      }
      if SerialWorkState.leaveIfNothingQueued(delivery) { return }
    }
  }

  /// Releases everything once the terminal event has been delivered.
  ///
  /// What is released — observer closures, queued items — leaves the lock first and is dropped after it,
  /// so that no `deinit` of a user's object runs under the lock.
  @inlinable
  final func finish() {
    // The terminal event was the last delivery: nobody calls the sole observer any more. It leaves the lock
    // with the list: it may hold the last reference to its closure (a sealed core's, whose observer left).
    var sole = SoleObserver<Value, Failure>.none
    let (observers, pending, terminations) = withState { state in
      swap(&sole, &soleObserver)
      soleState.store(SoleState.none, ordering: .releasing)
      isSealed.store(false, ordering: .releasing)
      return (
        Swift.exchange(&state.observers, with: Observers()), state.pending.removeAll(),
        state.takeTerminations()
      )
    }
    _ = observers
    _ = consume sole
    for case .attach(let entry, let subscription) in pending where !subscription.isDisposed {
      entry.receive(.interrupted)
    }
    terminations.disposeAll()
  }

  /// Under the lock: records how the core ended, the one place where a core ends. The caller has checked
  /// that it had not ended yet.
  @inlinable @inline(__always)
  final func end(_ state: inout State, with ending: Ending<Failure>) {
    state.ending = ending
    hasEnded.store(true, ordering: .releasing)
  }

  /// Whether the core has ended, read without the lock: by an operator's core before it calls the user's
  /// closure, and by the `deinit` of an ``Signal/Observer``.
  @inlinable
  final var hasTerminated: Bool { hasEnded.load(ordering: .acquiring) }

  // MARK: Reading (replaying cores)

  @inlinable
  final var latestValue: Value {
    withState { _ in replaying.latest! }
  }

  /// Delivers `value` as the next change of a replaying core without touching `latest`, or queues it behind a
  /// delivery in progress like any send (to be delivered inside `context`); an ended core drops it.
  ///
  /// For properties, whose graph decides what `latest` is: a source's `latest` is its newest accepted value,
  /// which may already be ahead of the change being delivered.
  @inlinable
  final func deliverChange(_ value: Value, context: any DeliveryContext) {
    let recipients = withState { state -> Recipients<Value, Failure>? in
      guard !state.isTerminated else { return nil }
      guard !SerialWorkState.waitsForWorker(delivery) else {
        state.pending.append(.change(value, context))
        context.wasQueued()
        return nil
      }
      SerialWorkState.claim(delivery)
      state.deliverer = currentThreadID()
      replaying.delivered = value
      return self.recipients(state)
    }
    guard let recipients else { return }
    deliver(.value(value), to: recipients)
    drain()
  }

}

/// What a core disposes when it ends, in the order they were added; the first is kept inline, since most
/// cores have exactly one (a derived signal's upstream subscription, a producer's lifetime).
@usableFromInline
struct Terminations {
  @usableFromInline var first: (any Disposable)?
  @usableFromInline var rest: [any Disposable] = []

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ disposable: any Disposable) {
    if first == nil {
      first = disposable
    } else {
      rest.append(disposable)
    }
  }

  @inlinable
  func disposeAll() {
    first?.dispose()
    for disposable in rest { disposable.dispose() }
  }
}

/// What ``SignalCore/drain()`` must do next, once the lock is released.
@usableFromInline
enum DrainStep<Value, Failure: Error> {
  /// Nothing is queued; the core is idle again.
  case idle
  /// Deliver a queued event to these observers.
  case deliver(Signal<Value, Failure>.Event, Recipients<Value, Failure>)
  /// Replay the current value, if any, to an observer just attached.
  case attach(ObserverEntry<Value, Failure>, Value?)
  /// Deliver a queued property change to these observers inside its context.
  case deliverChange(Value, Recipients<Value, Failure>, any DeliveryContext)
}
