/// Mutable state behind a lock, for closures Signals may run on two threads at once — a producer's start
/// closure and operators, a property's closures, a command's work (`Docs/Contracts.md` §14) — where Swift 6
/// rejects a mutated captured `var`:
/// ```swift
/// func running<State: Sendable, Mutation: Sendable>(
///   _ mutations: SignalProducer<Mutation, Never>, from initial: State,
///   _ reduce: @escaping @Sendable (State, Mutation) -> State
/// ) -> SignalProducer<State, Never> {
///   SignalProducer { observer, lifetime in
///     let state = LockedState(initial)  // one per start, as the `var` of an RxSwift `deferred` was
///     lifetime += mutations.map { mutation in
///       state.withLock { state in
///         state = reduce(state, mutation)
///         return state
///       }
///     }.start(observer)
///   }
/// }
/// ```
/// Made inside a start closure, it belongs to that start; outside, every start shares it. `Value` must be
/// `Sendable`, so that a copy read out may go to any thread. The lock (the library's `Locked`) is not
/// reentrant: `withLock`'s body must not call `withLock` on the same state, nor send events; decide under the
/// lock and act after.
public final class LockedState<Value: Sendable>: @unchecked Sendable {
  private let locked: Locked<Value>

  /// State that starts as `initial`.
  public init(_ initial: Value) {
    locked = Locked(initial)
  }

  /// Runs `body` with exclusive access to the state, and returns what it returns; other threads wait.
  public func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try locked.withLock { value in try body(&value) }
  }
}
