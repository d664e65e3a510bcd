import Synchronization

/// The shared state of a multi-source operator, and the ordered hand-off of what it decides to send.
///
/// Inputs call ``update(_:)`` from any thread; its body runs under the lock, advancing the state and appending
/// what to send to the outbox. The thread that finds nobody flushing becomes the flusher and sends the outbox,
/// outside the lock, until it is empty; others leave their events to it. So events leave in the order the lock
/// accepted the decisions, nothing is called under the lock, and a reentrant send only queues. `output`, which
/// turns a snapshot into the value sent, runs outside the lock, so it may be a user's closure.
@usableFromInline
final class Coordinator<Machine, Snapshot, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias Decision = Signal<Snapshot, Failure>.Event

  @usableFromInline
  struct State {
    @usableFromInline var machine: Machine
    @usableFromInline var outbox = PendingQueue<Decision>()

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }
  }

  /// Who is sending, and whether anything waits for them (see ``SerialWorkState``): the flusher that finds nothing
  /// waiting after a send lets go without taking the lock.
  @usableFromInline let flushing = Atomic<Int>(SerialWorkState.idle)
  @usableFromInline let state: Locked<State>
  @usableFromInline let downstream: SignalCore<Output, Failure>
  @usableFromInline let output: (Snapshot) -> Output
  /// Whether inputs may send through ``sendWithoutLock(_:if:)``; the flusher is then chosen by a
  /// compare-and-exchange, under the lock as well, so that a thread outside it cannot claim it at once.
  @usableFromInline let sendsWithoutLock: Bool
  /// Whether ``output`` is the identity (`Snapshot` is `Output`, made by the initialiser that takes no
  /// `output`): decisions are then sent as they are.
  @usableFromInline let outputIsIdentity: Bool

  @inlinable
  convenience init(
    _ machine: Machine, downstream: SignalCore<Output, Failure>, sendsWithoutLock: Bool = false,
    output: @escaping (Snapshot) -> Output
  ) {
    self.init(machine, downstream, sendsWithoutLock, output, outputIsIdentity: false)
  }

  @inlinable
  init(
    _ machine: Machine, _ downstream: SignalCore<Output, Failure>, _ sendsWithoutLock: Bool,
    _ output: @escaping (Snapshot) -> Output, outputIsIdentity: Bool
  ) {
    state = Locked(State(machine: machine))
    self.downstream = downstream
    self.sendsWithoutLock = sendsWithoutLock
    self.output = output
    self.outputIsIdentity = outputIsIdentity
  }

  /// Runs `body` under the lock, then sends what it queued (unless another thread is already sending) and
  /// returns its result, so that the caller can act on it outside the lock.
  @discardableResult
  @inlinable
  func update<Result>(_ body: (inout Machine, inout PendingQueue<Decision>) -> Result) -> Result {
    let (result, next) = state.withLock { state -> (Result, Decision?) in
      let result = body(&state.machine, &state.outbox)
      guard !state.outbox.isEmpty else { return (result, nil) }
      guard becomeFlusher() else { return (result, nil) }
      let first = state.outbox.popFirst()
      // More than one queued: the flusher must know (only it changes the flag now).
      if !state.outbox.isEmpty { flushing.store(SerialWorkState.busyWithQueue, ordering: .releasing) }
      return (result, first)
    }
    if let next { flush(from: next) }
    return result
  }

  /// Like ``update(_:)``, for a step that decides at most one event: `body` returns it rather than queueing it.
  @inlinable
  func update(deciding body: (inout Machine) -> Decision?) {
    let next = state.withLock { state -> Decision? in
      guard let decision = body(&state.machine) else { return nil }
      guard becomeFlusher() else {
        state.outbox.append(decision)
        return nil
      }
      return decision
    }
    if let next { flush(from: next) }
  }

  /// Under the lock, with something to send: makes this thread the flusher and returns `true`, or, if another
  /// thread is flushing, tells it that something waits and returns `false` (the caller queues it, still under
  /// the lock).
  @inlinable @inline(__always)
  func becomeFlusher() -> Bool {
    SerialWorkState.claimOrQueue(flushing, againstClaimsWithoutLock: sendsWithoutLock)
  }

  /// Sends `decision` without taking the lock, if nobody is flushing and `passes()` (which may only read
  /// what the inputs mirror outside the lock) lets it through; returns `false`, having done nothing, if
  /// another thread is flushing, and the caller must then take ``update(deciding:)``.
  ///
  /// For a step that decides from state it only reads (`flatMap`: is this inner stream the current one?):
  /// claiming the flush is then enough to order it with every decision made under the lock, which queue
  /// behind the flusher. Only on a coordinator made with `sendsWithoutLock`.
  @inlinable
  func sendWithoutLock(_ decision: Decision, if passes: () -> Bool) -> Bool {
    guard SerialWorkState.claimWithoutLock(flushing) else { return false }
    if passes() { downstream.relay(outgoing(decision)) }
    if !SerialWorkState.leaveIfNothingQueued(flushing) { flushQueued() }
    return true
  }

  /// The event `decision` sends downstream: its value through ``output``, or, where that is the identity
  /// (`flatMap`, `sample`, …: ``outputIsIdentity``), the decision as it is, without calling a closure.
  @inlinable @inline(__always)
  func outgoing(_ decision: Decision) -> Signal<Output, Failure>.Event {
    if outputIsIdentity { return unsafeBitCast(decision, to: Signal<Output, Failure>.Event.self) }
    return decision.map(output)
  }

  @inlinable
  func read<Result>(_ body: (Machine) -> Result) -> Result {
    state.withLock { body($0.machine) }
  }

  /// Sends `first`, then what was queued meanwhile, until the outbox is empty; this thread is the flusher.
  ///
  /// Only the flusher sends, so the downstream core receives its events serially, and relays them without a
  /// queue of its own (``SignalCore/relay(_:)``): a downstream observer that feeds an input back only queues
  /// here, behind the event in flight.
  @inlinable
  func flush(from first: Decision) {
    downstream.relay(outgoing(first))
    if !SerialWorkState.leaveIfNothingQueued(flushing) { flushQueued() }
  }

  /// The rest of a flush, when something was queued (`busyWithQueue`): sends the outbox until it is empty.
  @inlinable @inline(never)
  func flushQueued() {
    repeat {
      let next = state.withLock { state -> Decision in
        let following = state.outbox.popFirst()!
        if state.outbox.isEmpty { flushing.store(SerialWorkState.busy, ordering: .releasing) }
        return following
      }
      downstream.relay(outgoing(next))
    } while !SerialWorkState.leaveIfNothingQueued(flushing)
  }
}

extension Coordinator where Snapshot == Output {
  @inlinable
  convenience init(_ machine: Machine, downstream: SignalCore<Output, Failure>, sendsWithoutLock: Bool = false) {
    self.init(machine, downstream, sendsWithoutLock, { $0 }, outputIsIdentity: true)
  }
}
