/// An inner start of `flatMap`, as the engine stops it.
@usableFromInline
enum InnerStart<Value, Failure: Error> {
  /// A start with a signal of its own: stopping it interrupts that signal.
  case core(StartCore<Value, Failure>)
  /// The engine observes an inner producer's signal itself (``InnerObservation``): stopping it detaches.
  case observation(InnerObservation<Value, Failure>)
  /// The engine observes an inner producer's signal directly (``SignalProducer/init(_:)-(Signal<Value,Failure>)``):
  /// stopping it detaches from that signal.
  case subscription(any Disposable)

  /// Stops this start. Consuming: the start is moved out, not copied (a retain and a release less).
  @inlinable
  consuming func interrupt() {
    switch self {
    case .core(let core): core.interrupt()
    case .observation(let observation): observation.dispose()
    case .subscription(let subscription): subscription.dispose()
    }
  }
}

/// What the coordinator of a `flatMap` guards: the bookkeeping of its inner streams, and the one inner start
/// that runs with `.latest` and `.concat`.
@usableFromInline
struct FlattenMachine<Value, Failure: Error> {
  @usableFromInline var state: FlattenState<SignalProducer<Value, Failure>>
  /// `.latest` and `.concat`: the current inner start.
  @usableFromInline var current: InnerStart<Value, Failure>?
  /// Whether the result ended: every start made from then on is stopped at once.
  @usableFromInline var isStopped = false
  /// `.race`: the inner starts running before one has won, by id.
  @usableFromInline var racers: [Int: any Disposable] = [:]

  @inlinable
  init(strategy: FlattenStrategy) {
    state = FlattenState(strategy: strategy)
  }

  /// Makes `start` the current start (none for `nil`). Returns what to stop outside the lock: the start it
  /// replaces, or `start` itself if the result has ended.
  @inlinable
  mutating func install(_ start: consuming InnerStart<Value, Failure>?) -> InnerStart<Value, Failure>? {
    if isStopped { return start }
    return Swift.exchange(&current, with: start)
  }

  /// The result ended. Returns the current start, to stop outside the lock.
  @inlinable
  mutating func stop() -> InnerStart<Value, Failure>? {
    isStopped = true
    racers = [:]
    return Swift.exchange(&current, with: nil)
  }

  /// `.race`: keeps the start `id` while no inner has won. Returns `false` if it is to be stopped at once:
  /// another inner has won, or the result has ended. The winner itself is not kept (it won during its start).
  @inlinable
  mutating func addRacer(_ start: any Disposable, id: Int) -> Bool {
    if isStopped { return false }
    if let winner = state.winner { return winner == id }
    racers[id] = start
    return true
  }

  /// `.race`: inner `id` has won. Returns the other starts, to stop outside the lock.
  @inlinable
  mutating func takeRacers(except id: Int) -> [any Disposable] {
    let losers = racers.filter { $0.key != id }.map(\.value)
    racers = [:]
    return losers
  }
}
