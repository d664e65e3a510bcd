import Foundation

/// State behind a lock, for the test support's own bookkeeping.
///
/// An `NSLock`, a pthread mutex underneath, so that ThreadSanitizer sees the ordering it gives: the support
/// code runs in the sanitized test process, beside the library's own `Locked`, which it cannot reach.
final class Guarded<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the state, holding the lock.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
