import Synchronization

/// The machinery behind every ``Signal``: its observers, its serial delivery, and what it releases at the end.
///
/// ## Delivery
/// A core delivers one item at a time. The thread that finds it idle becomes the deliverer: it marks the core
/// busy, takes a snapshot of the observers, releases the lock and calls them. A send that arrives while the
/// core is busy — from another thread, or reentrantly from one of its own observers — is queued, and the
/// deliverer drains the queue before it lets go. Observers are therefore never entered concurrently or
/// recursively, events keep the order in which the core accepted them, and nothing is called under the lock.
///
/// Cores of signals derived from a single upstream (`map`, `filter`, …) use ``relay(_:)`` instead of
/// ``send(_:)``: their upstream already delivers serially, so they skip the busy flag and the queue. So do
/// the cores of multi-source operators, which receive only from their ``Coordinator``'s one flusher.
///
/// ## Replaying cores
/// A property's core remembers the latest value. A replaying observer (a property's `producer`) is attached
/// through the queue: it first receives the value current at that point of the stream, then every later
/// event, with no event missed or seen twice.
///
/// ## Termination
/// The first terminal event accepted ends the core: later sends are dropped, and once the terminal event has
/// been delivered the observers and the queue are released and the termination disposables run. A core with
/// `endsWhenUnobserved` (a derived signal) also ends, silently, when it has no observer (attached, or queued to
/// be attached) and its ``Signal`` handle is gone: nobody could ever observe it again, so it detaches from its
/// upstream.
///
/// ## Subclasses
/// The cores of `map`, `filter` and `compactMap` (``RelayCore``) and of producer starts (``StartCore``)
/// subclass it. Every member is `final`, so calls stay direct.
@usableFromInline
class SignalCore<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event
  @usableFromInline typealias Observers = ObserverList<Value, Failure>

  /// Something the deliverer must do later, in order.
  @usableFromInline
  enum Item {
    /// Deliver an event to every observer.
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
    /// Whether a terminal event was accepted (or the core ended unobserved).
    @usableFromInline var isTerminated = false
    /// The terminal event accepted, kept so that ``observeForwardingEnd(_:)`` can hand it on.
    @usableFromInline var terminal: Event?
    /// Replaying cores: the value of the latest accepted event.
    @usableFromInline var latest: Value?
    /// Replaying cores: the value of the latest delivered event.
    @usableFromInline var delivered: Value?
    /// Whether the ``Signal`` handle of an `endsWhenUnobserved` core is still alive.
    @usableFromInline var hasHandle = true
    /// What to dispose when the core ends: upstream subscriptions, a producer's lifetime.
    @usableFromInline var terminations = Terminations()
    /// Whether `terminations` were handed out; later ones are disposed at once.
    @usableFromInline var hasReleased = false

    @inlinable
    mutating func takeTerminations() -> Terminations {
      hasReleased = true
      defer { terminations = Terminations() }
      return terminations
    }

    @inlinable
    init(latest: Value?) {
      self.latest = latest
      self.delivered = latest
    }
  }

  /// The core's lock; the state it guards lives beside it, in the core's own allocation (see ``state``).
  @usableFromInline let lock = LockWord()
  /// Reached only through ``state``, under `lock`. Unchecked: the lock already guarantees exclusive access.
  @exclusivity(unchecked) @usableFromInline final var lockedState: State
  /// The core's state behind its lock, used like a ``Locked``: `state.withLock { … }`.
  ///
  /// Inline rather than a ``Locked``, which is an allocation of its own: one allocation less per signal.
  @inlinable final var state: LockedState { LockedState(core: self) }

  /// Runs `body` with exclusive access to the state, under the core's lock; what ``state`` does, without the
  /// temporary (the core's own paths, the hot ones, use this).
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

    /// Runs `body` with exclusive access to the state and returns its result.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try core.withState(body)
    }
  }
  /// Whether some thread is delivering right now, and whether something is queued for it (``HandOff``);
  /// sends queue behind the deliverer. Changed under the lock, except by the deliverer that finds nothing
  /// queued after an event: it goes back to idle without the lock (see ``drain()``).
  @usableFromInline let delivery = Atomic<Int>(HandOff.idle)
  @usableFromInline let replays: Bool
  @usableFromInline let endsWhenUnobserved: Bool
  /// Set, under the lock, together with `State.isTerminated`; read without the lock by an input released
  /// after the end (see ``hasTerminated``).
  @usableFromInline let hasEnded = Atomic<Bool>(false)
  /// Whether the core is *sealed*: ``relay(_:)`` then hands values straight to ``sealedObserver``, without
  /// the lock (see ``sealIfAlone(_:)``). Set under the lock; cleared by the delivery of the terminal event.
  @usableFromInline let isSealed = Atomic<Bool>(false)
  /// The one observer of a sealed core, written before ``isSealed`` is set and left alone afterwards until
  /// the terminal event has been delivered or the core is freed. Not checked for exclusivity at run time: it
  /// is read only by the serial deliveries of the upstream, after they saw ``isSealed``.
  @exclusivity(unchecked) @usableFromInline final var sealedObserver = SealedObserver<Value, Failure>.none

  @inlinable
  init(endsWhenUnobserved: Bool = false) {
    lockedState = State(latest: nil)
    replays = false
    self.endsWhenUnobserved = endsWhenUnobserved
  }

  /// A replaying core; `initial` is `nil` when the first value is still to come (a composed property).
  @inlinable
  init(replaying initial: Value?, endsWhenUnobserved: Bool = false) {
    lockedState = State(latest: initial)
    replays = true
    self.endsWhenUnobserved = endsWhenUnobserved
  }

  // MARK: Sending

  /// Accepts an event from any thread and delivers it serially; see the type's documentation.
  ///
  /// `send`, `relay` and `deliver` are always inlined: they are the frames between a send and its observer,
  /// and people debug through them. Inlined, `send → map → filter → observeValues` is 5 frames deep: one
  /// closure per operator, the observer's box, and the user's closure (measured with `signals-bench
  /// --frames`; the same chain written with plain closures is 6).
  @inlinable @inline(__always)
  final func send(_ event: Event) {
    let (accepted, snapshot) = withState { state -> (Bool, Observers) in
      guard !state.isTerminated else { return (false, Observers()) }
      if event.isTerminating {
        state.isTerminated = true
        hasEnded.store(true, ordering: .releasing)
        state.terminal = event
      }
      if replays, case .value(let value) = event { state.latest = value }
      guard !HandOff.waitsForWorker(delivery) else {
        state.pending.append(.event(event))
        return (false, Observers())
      }
      HandOff.claim(delivery)
      if replays {
        state.delivered = state.latest
        state.deliverer = currentThreadID()
      }
      return (true, state.observers)
    }
    guard accepted else { return }
    Self.deliver(event, to: snapshot)
    if event.isTerminating {
      finish()
    } else {
      drain()
    }
  }

  /// Delivers an event that arrives from a serial upstream; one lock, no queue.
  ///
  /// Only for cores whose every event comes from one upstream's delivery, or from a ``Coordinator``'s flush:
  /// both are already serial, and a reentrant event queues there, not here.
  @inlinable @inline(__always)
  final func relay(_ event: Event) {
    if isSealed.load(ordering: .acquiring), case .value = event {
      if !hasTerminated { sealedObserver.receive(event) }
      return
    }
    let (accepted, snapshot) = withState { state -> (Bool, Observers) in
      guard !state.isTerminated else { return (false, Observers()) }
      if event.isTerminating {
        state.isTerminated = true
        hasEnded.store(true, ordering: .releasing)
        state.terminal = event
      }
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
    let (snapshot, dropped) = withState { state -> (Observers?, [Item]) in
      guard !state.isTerminated else { return (nil, []) }
      state.isTerminated = true
      hasEnded.store(true, ordering: .releasing)
      state.terminal = .interrupted
      if HandOff.waitsForWorker(delivery) {
        let queued = state.pending.removeAll()
        for item in queued {
          if case .attach = item { state.pending.append(item) }
        }
        state.pending.append(.event(.interrupted))
        return (nil, queued)
      }
      HandOff.claim(delivery)
      return (state.observers, [])
    }
    _ = dropped
    guard let snapshot else { return }
    Self.deliver(.interrupted, to: snapshot)
    finish()
  }

  @inlinable @inline(__always)
  static func deliver(_ event: Event, to observers: Observers) {
    observers.deliver(event)
  }

  /// Delivers what was queued while this thread was delivering, then marks the core idle.
  ///
  /// The common case, nothing queued, is one compare-and-exchange, without the lock (see ``HandOff``); the
  /// loop over queued items is kept out of line so that it does not weigh on every send.
  @inlinable
  final func drain() {
    if !HandOff.leaveIfNothingQueued(delivery) { drainQueued() }
  }

  /// ``drain()`` when something was queued: delivers each item in order until the queue is empty.
  @inlinable @inline(never)
  final func drainQueued() {
    while true {
      let step = withState { state -> DrainStep<Value, Failure> in
        guard let item = state.pending.popFirst() else {
          delivery.store(HandOff.idle, ordering: .releasing)
          return .idle
        }
        // Only the deliverer takes from the queue, and it is this thread: nobody races this store.
        if state.pending.isEmpty { delivery.store(HandOff.busy, ordering: .releasing) }
        switch item {
        case .event(let event):
          if replays, case .value(let value) = event { state.delivered = value }
          return .deliver(event, state.observers)
        case .change(let value, let context):
          state.delivered = value
          return .deliverChange(value, state.observers, context)
        case .attach(let entry, let subscription):
          guard !subscription.isDisposed else { return .attach(entry, nil) }
          state.observers.append(entry)
          return .attach(entry, state.delivered)
        }
      }
      switch step {
      case .idle:
        return
      case .deliver(let event, let observers):
        Self.deliver(event, to: observers)
        if event.isTerminating {
          finish()
          return
        }
      case .attach(let entry, let current):
        if let current { entry.receive(.value(current)) }
      case .deliverChange(let value, let observers, let context):
        context.deliver { Self.deliver(.value(value), to: observers) }
      }
      if HandOff.leaveIfNothingQueued(delivery) { return }
    }
  }

  /// Releases everything once the terminal event has been delivered.
  ///
  /// What is released — observer closures, queued items — leaves the lock first and is dropped after it,
  /// so that no `deinit` of a user's object runs under the lock.
  @inlinable
  final func finish() {
    let (observers, pending, terminations) = withState { state in
      (
        Swift.exchange(&state.observers, with: Observers()), state.pending.removeAll(),
        state.takeTerminations()
      )
    }
    _ = observers
    if isSealed.load(ordering: .relaxed) {
      // The terminal event was the last delivery: nobody reads the sealed observer any more.
      isSealed.store(false, ordering: .releasing)
      sealedObserver = .none
    }
    for case .attach(let entry, let subscription) in pending where !subscription.isDisposed {
      entry.receive(.interrupted)
    }
    terminations.disposeAll()
  }

  // MARK: Observing

  /// Attaches an observer; an ended core interrupts it at once and returns `nil`.
  @inlinable
  final func observe(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let subscription = Subscription(core: self)
    return attach(EventObserverBox(subscription, action).entry, subscription)
  }

  /// Attaches an observer of values only; see ``observe(_:)``.
  @inlinable
  final func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    let subscription = Subscription(core: self)
    return attach(ValueObserverBox(subscription, action).entry, subscription)
  }

  /// Attaches a user's observer, `entry`, whose box belongs to `subscription`; an ended core interrupts it at
  /// once and returns `nil`.
  ///
  /// Always inlined, into `observe` and `observeValues` (W3 went from 976 to 1,090 instructions per
  /// subscribe + dispose when the inline lock made it too big to inline on its own).
  @inlinable @inline(__always)
  final func attach(
    _ entry: ObserverEntry<Value, Failure>, _ subscription: Subscription<Value, Failure>
  ) -> (any Disposable)? {
    subscription.box = entry.key
    guard attach(entry) else { return nil }
    return subscription
  }

  /// Adds `entry` to the observers and returns `true`; an ended core sends it `interrupted` instead and
  /// returns `false`. For an operator's core attaching to its upstream (see ``RelayCore``).
  @inlinable @inline(__always)
  final func attach(_ entry: ObserverEntry<Value, Failure>) -> Bool {
    let added = withState { state -> Bool in
      guard !state.isTerminated else { return false }
      state.observers.append(entry)
      return true
    }
    if !added { entry.receive(.interrupted) }
    return added
  }

  /// Attaches an observer like ``observe(_:)``, except that a core which already ended hands the observer
  /// the terminal event it ended with, rather than `interrupted`.
  ///
  /// For operators that attach their own downstream to a signal they just built (`lift`): an operator that
  /// ends while it is being set up (`take(first: 0)`) must pass its real ending on. Users observing a hot
  /// signal late still get `interrupted`.
  @inlinable
  final func observeForwardingEnd(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let subscription = Subscription(core: self)
    let entry = EventObserverBox(subscription, action).entry
    subscription.box = entry.key
    let ending = withState { state -> Event? in
      guard !state.isTerminated else { return state.terminal ?? .interrupted }
      state.observers.append(entry)
      return nil
    }
    guard let ending else { return subscription }
    action(ending)
    return nil
  }

  /// Attaches an observer that first receives the current value (replaying cores only).
  ///
  /// An ended core sends its last value and `completed`. A busy core queues the attachment behind the
  /// events already accepted, so the observer starts at the right point of the stream.
  @inlinable
  final func observeReplaying(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let subscription = Subscription(core: self)
    let entry = EventObserverBox(subscription, action).entry
    subscription.box = entry.key
    let step = withState { state -> ReplayStep<Value> in
      if state.isTerminated { return .ended(state.latest) }
      if HandOff.waitsForWorker(delivery) {
        state.pending.append(.attach(entry, subscription))
        return .queued
      }
      HandOff.claim(delivery)
      state.deliverer = currentThreadID()
      state.observers.append(entry)
      return .replayNow(state.delivered)
    }
    switch step {
    case .ended(let latest):
      if let latest { action(.value(latest)) }
      action(.completed)
      return nil
    case .queued:
      return subscription
    case .replayNow(let current):
      if let current { action(.value(current)) }
      drain()
      return subscription
    }
  }

  /// Detaches the observer with `key` (a disposed user's observer, or an operator's core that ended). Its
  /// closure is released after the lock, or when the delivery in progress lets go of its snapshot.
  @inlinable
  final func remove(key: ObjectIdentifier) {
    let (removed, terminations) = withState { state -> (ObserverEntry<Value, Failure>?, Terminations) in
      let removed = state.observers.remove(key: key)
      let terminations = endIfAbandoned(&state)
      sealIfAlone(&state)
      return (removed, terminations)
    }
    _ = removed
    terminations.disposeAll()
  }

  /// Called when the ``Signal`` handle of this core is released.
  @inlinable
  final func handleReleased() {
    guard endsWhenUnobserved else { return }
    let terminations = withState { state -> Terminations in
      state.hasHandle = false
      let terminations = endIfAbandoned(&state)
      sealIfAlone(&state)
      return terminations
    }
    terminations.disposeAll()
  }

  /// Seals an `endsWhenUnobserved` core that has no handle and exactly one observer: nobody can attach to it
  /// any more, so its observers can only leave, and leaving ends it.
  ///
  /// A sealed core's values skip the lock and the snapshot: ``relay(_:)`` calls the one observer's closure
  /// through ``sealedObserver``, a copy that stays put until the terminal event has been delivered (then
  /// ``finish()`` drops it) or the core is freed. So the closure a delivery calls cannot be released under
  /// it, even if the observer leaves on another thread meanwhile: the delivery holds this core (its upstream
  /// delivers from a snapshot, or from a sealed copy of its own), and this core holds the copy. An observer
  /// that left is not called: a user's observer checks its subscription, an operator's core checks its end.
  ///
  /// `signal.map(f).filter(g).observeValues(h)` seals both derived cores once the expression is done, so a
  /// value sent into `signal` takes one lock, the pipe's, on its way to `h`.
  @inlinable
  final func sealIfAlone(_ state: inout State) {
    guard endsWhenUnobserved, !replays, !state.hasHandle, !state.isTerminated, state.pending.isEmpty,
      case .one(let entry) = state.observers, !isSealed.load(ordering: .relaxed)
    else { return }
    sealedObserver = .one(entry.action)
    isSealed.store(true, ordering: .releasing)
  }

  /// Ends an `endsWhenUnobserved` core that has no handle, no observer, and no observer waiting in the queue
  /// to be attached (a replaying observer that arrived during a delivery is an observer already).
  @inlinable
  final func endIfAbandoned(_ state: inout State) -> Terminations {
    guard endsWhenUnobserved, !state.hasHandle, state.observers.isEmpty, !state.isTerminated else {
      return Terminations()
    }
    let awaitsAttachment = state.pending.contains { item in
      guard case .attach(_, let subscription) = item else { return false }
      return !subscription.isDisposed
    }
    guard !awaitsAttachment else { return Terminations() }
    state.isTerminated = true
    hasEnded.store(true, ordering: .releasing)
    return state.takeTerminations()
  }

  /// Disposes `disposable` when the core ends, or at once if it already has.
  @inlinable
  final func addTermination(_ disposable: (any Disposable)?) {
    guard let disposable else { return }
    let ended = withState { state -> Bool in
      guard !state.hasReleased else { return true }
      state.terminations.append(disposable)
      return false
    }
    if ended { disposable.dispose() }
  }

  /// Whether the core has ended, read without taking the lock.
  ///
  /// For the `deinit` of an ``Signal/Observer``, which runs unspecialised: sending `interrupted` into a core
  /// that already ended does nothing, but reaching that conclusion through the generic `send` cost thousands
  /// of instructions of metadata lookups per producer start.
  @inlinable
  final var hasTerminated: Bool { hasEnded.load(ordering: .acquiring) }

  // MARK: Reading (replaying cores)

  /// The latest accepted value of a replaying core.
  @inlinable
  final var latestValue: Value {
    withState { $0.latest! }
  }

  /// Delivers `value` as the next change of a replaying core without touching `latest`, or queues it behind a
  /// delivery in progress like any send (to be delivered inside `context`); an ended core drops it.
  ///
  /// For properties, whose graph decides what `latest` is: a source's `latest` is its newest accepted value,
  /// which may already be ahead of the change being delivered.
  @inlinable
  final func deliverChange(_ value: Value, context: any DeliveryContext) {
    let snapshot = withState { state -> Observers? in
      guard !state.isTerminated else { return nil }
      guard !HandOff.waitsForWorker(delivery) else {
        state.pending.append(.change(value, context))
        return nil
      }
      HandOff.claim(delivery)
      state.deliverer = currentThreadID()
      state.delivered = value
      return state.observers
    }
    guard let snapshot else { return }
    Self.deliver(.value(value), to: snapshot)
    drain()
  }

}

/// What a core disposes when it ends, in the order they were added.
///
/// Most cores have exactly one (a derived signal's upstream subscription, a producer's lifetime), kept
/// inline: an array would cost an allocation per signal.
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

  /// Disposes every member, in order.
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
  case deliver(Signal<Value, Failure>.Event, ObserverList<Value, Failure>)
  /// Replay the current value, if any, to an observer just attached.
  case attach(ObserverEntry<Value, Failure>, Value?)
  /// Deliver a queued property change to these observers inside its context.
  case deliverChange(Value, ObserverList<Value, Failure>, any DeliveryContext)
}

/// What attaching a replaying observer must do once the lock is released.
@usableFromInline
enum ReplayStep<Value> {
  /// The core ended: send its last value and complete.
  case ended(Value?)
  /// The core is busy: the attachment was queued.
  case queued
  /// The core was idle and is now ours: replay the current value, then drain.
  case replayNow(Value?)
}

/// The one observer of a sealed core (see ``SignalCore/sealIfAlone(_:)``): noncopyable, so that a delivery
/// calls its closure through a borrow, without a retain and a release of its context.
@usableFromInline
enum SealedObserver<Value, Failure: Error>: ~Copyable {
  /// Not sealed.
  case none
  /// The observer's closure.
  case one((Signal<Value, Failure>.Event) -> Void)

  /// Hands `event` to the observer.
  @inlinable @inline(__always)
  borrowing func receive(_ event: Signal<Value, Failure>.Event) {
    switch self {
    case .none: break
    case .one(let action): action(event)
    }
  }
}
