import Dispatch
import Signals
import SignalsTestSupport
import Testing

/// Waits at most `seconds` for `condition`, polling; returns whether it held. It blocks its thread meanwhile:
/// a test calls it on a thread of its own.
func eventually(
  within seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) -> Bool {
  expectAThreadOfItsOwn("eventually", sourceLocation: sourceLocation)
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if condition() { return true }
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(2))
  }
  return condition()
}

/// Blocks the calling thread for `milliseconds`: a test calls it on a thread of its own.
func usleepMilliseconds(_ milliseconds: Int, sourceLocation: SourceLocation = #_sourceLocation) {
  expectAThreadOfItsOwn("usleepMilliseconds", sourceLocation: sourceLocation)
  let semaphore = DispatchSemaphore(value: 0)
  _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// A thread-safe list for real-queue tests.
final class LockedList<Value>: @unchecked Sendable {
  private let storage = Locked<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}
