import Dispatch
import Signals

/// Waits at most `seconds` for `condition`, polling; returns whether it held.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if condition() { return true }
    usleepMilliseconds(2)
  }
  return condition()
}

func usleepMilliseconds(_ milliseconds: Int) {
  let semaphore = DispatchSemaphore(value: 0)
  _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// A thread-safe list for real-queue tests.
final class LockedList<Value>: @unchecked Sendable {
  private let storage = Locked<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}
