/// Mutable state behind a lock, for closures that Signals may run on two threads at once: a producer's start
/// closure and its operators, a property's closures, a command's work (`Docs/Contracts.md`, section 14).
///
/// Swift 6 rejects a `var` that such a `@Sendable` closure mutates ("mutation of captured var in
/// concurrently-executing code"), and a non-`Sendable` object it captures. Keep the state in a `LockedState`
/// instead, and change it inside ``withLock(_:)``:
///
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
///
/// Made inside a producer's start closure, it belongs to that start; made outside, it is shared by every
/// start, on purpose. It is the library's own lock (`Locked`), so ThreadSanitizer sees its ordering.
///
/// What the compiler checks: `Value` must be `Sendable` (a struct of `Sendable` values, as a feedback loop's
/// state is), so that a copy read out with `withLock { $0 }` may go to any thread, while every change of the
/// state happens under the lock. A non-`Sendable` object cannot be kept here: give it a lock of its own, or
/// make it `Sendable`.
///
/// The lock is not reentrant, and is held while `withLock`'s body runs: the body must not call
/// `withLock` on the same state, nor send events or call anything that might. Decide under the lock, return
/// what to do, and do it after (`Docs/Contributing.md`, "State").
public final class LockedState<Value: Sendable>: @unchecked Sendable {
  private let locked: Locked<Value>

  /// State that starts as `initial`.
  public init(_ initial: Value) {
    locked = Locked(initial)
  }

  /// Runs `body` with exclusive access to the state, and returns what it returns.
  ///
  /// Other threads calling `withLock` wait until `body` returns. `body` must not call `withLock` on the same
  /// state (it would wait for itself), nor send events.
  public func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try locked.withLock { value in try body(&value) }
  }
}
