import Synchronization

/// The one lock of Signals: a `Mutex` guarding a piece of state.
///
/// Every shared mutable state in the library lives in a `Locked`. The rule that goes with it: change state
/// inside `withLock`, return what has to be called, and call it after the lock is released. Nothing is ever
/// called out to while the lock is held, which is what makes reentrancy and deadlock-freedom provable.
///
/// The state lives behind a pointer rather than in a class `var`, so accessing it costs no dynamic
/// exclusivity check: the mutex already guarantees exclusive access.
///
/// Each critical section also begins with an acquiring load and ends with a releasing store of an atomic.
/// On Linux the standard `Mutex` is a bare futex, which ThreadSanitizer cannot see, so without them every
/// hand-over of the state between threads is reported as a race. The atomic makes the same ordering that
/// the mutex already guarantees visible to the sanitizer; on x86-64 both are plain moves.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
  @usableFromInline let mutex = Mutex<Void>(())
  @usableFromInline let handOver = Atomic<Bool>(false)
  @usableFromInline let pointer: UnsafeMutablePointer<State>

  @inlinable
  init(_ initial: State) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: initial)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  @inlinable
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try mutex.withLock { _ in
      _ = handOver.load(ordering: .acquiring)
      defer { handOver.store(false, ordering: .releasing) }
      return try body(&pointer.pointee)
    }
  }
}
