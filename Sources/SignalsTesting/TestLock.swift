import Synchronization

/// A mutex guarding a piece of state, for SignalsTesting's own shared state. As everywhere in Signals,
/// nothing is called out to while it is held.
///
/// Like `Locked` in Signals, each critical section also reads and writes an atomic, which gives
/// ThreadSanitizer the happens-before edge that `Mutex` provides but that it cannot see on Linux.
final class TestLock<State>: @unchecked Sendable {
  private let mutex = Mutex<Void>(())
  private let edge = Atomic<UInt8>(0)
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try mutex.withLock { _ in
      _ = edge.load(ordering: .acquiring)
      defer { edge.store(0, ordering: .releasing) }
      return try body(&state)
    }
  }
}
