import Synchronization

/// The one lock of Signals: a `Mutex` guarding a piece of state, in a single allocation.
///
/// Every shared mutable state in the library lives in a `Locked`. The rule that goes with it: change state
/// inside `withLock`, return what has to be called, and call it after the lock is released. Nothing is ever
/// called out to while the lock is held, which is what makes reentrancy and deadlock-freedom provable.
///
/// `Locked` is a reference to one ``LockedStorage``: the state is the header of a `ManagedBuffer` and the lock
/// word its one tail element, so copies of a `Locked` share the same lock, and the state is reached through a
/// pointer with no dynamic exclusivity check: the mutex already guarantees exclusive access.
///
/// ThreadSanitizer cannot see the ordering `Mutex` provides on Linux (its fast path is uninstrumented), so in
/// debug builds every critical section also reads an atomic with acquire ordering and writes it with release
/// ordering, which shows ThreadSanitizer the edge the mutex already guarantees. `package`, so that
/// SignalsTesting shares this lock.
@usableFromInline
package struct Locked<State>: @unchecked Sendable {
  @usableFromInline let storage: LockedStorage<State>

  @inlinable
  package init(_ initial: State) {
    storage = LockedStorage.make(initial)
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { state, word in
      try word.pointee.withLock { try body(&state.pointee) }
    }
  }
}

/// The allocation behind a ``Locked``: the state as header, the lock word as the one tail element.
@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, LockWord> {
  @inlinable
  static func make(_ initial: State) -> LockedStorage<State> {
    let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in initial }, to: LockedStorage<State>.self)
    storage.withUnsafeMutablePointerToElements { $0.initialize(to: LockWord()) }
    return storage
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
  }
}

/// The lock word of a ``Locked``: the mutex, and the atomic that shows ThreadSanitizer its ordering.
@usableFromInline
struct LockWord: ~Copyable {
  @usableFromInline let mutex = Mutex<Void>(())
  @usableFromInline let edge = Atomic<UInt8>(0)

  @inlinable
  init() {}

  /// Runs `body` holding the lock: the inline form of ``Locked``.
  ///
  /// For an object that keeps its state beside its lock word, rather than behind a ``Locked`` (a
  /// ``SignalCore``). `body` reaches that state itself; the state must be touched only inside this method, and
  /// declared `@exclusivity(unchecked)`: the mutex already guarantees exclusive access.
  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    // The result leaves through a local: `Mutex.withLock` wants a `sending` result, which a value reached
    // through the state cannot be proven to be. The mutex is what makes this safe.
    var result: Result?
    try mutex.withLock { _ in
      #if SIGNALS_SANITIZER_EDGES
      _ = edge.load(ordering: .acquiring)
      defer { edge.store(0, ordering: .releasing) }
      #endif
      result = try body()
    }
    return result.unsafelyUnwrapped
  }
}
