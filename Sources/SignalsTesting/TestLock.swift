import Synchronization

/// A mutex guarding a piece of state, for SignalsTesting's own shared state. As everywhere in Signals,
/// nothing is called out to while it is held.
final class TestLock<State>: @unchecked Sendable {
  private let mutex = Mutex<Void>(())
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try mutex.withLock { _ in try body(&state) }
  }
}
