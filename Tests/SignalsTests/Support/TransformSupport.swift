@testable import Signals

/// How many observers `signal` has right now. It drops back when an operator built on it detaches, so a
/// test can check that disposing or ending a result lets go of its source.
func observerCount<Value, Failure>(_ signal: Signal<Value, Failure>) -> Int {
  signal.core.state.withLock { $0.observers.count }
}

/// A producer the test drives by hand: it counts its starts and the ends of their lifetimes, and keeps
/// each start's observer so the test can send into it.
final class ProbedProducer<Value, Failure: Error>: @unchecked Sendable {
  private let state = Locked<(starts: Int, ended: Int, inputs: [Signal<Value, Failure>.Observer])>((0, 0, []))

  /// How many times the producer was started.
  var starts: Int { state.withLock { $0.starts } }
  /// How many starts have ended (their lifetime ended: completed, failed, interrupted or disposed).
  var ended: Int { state.withLock { $0.ended } }
  /// The observer of the latest start.
  var input: Signal<Value, Failure>.Observer { state.withLock { $0.inputs.last! } }

  var producer: SignalProducer<Value, Failure> {
    SignalProducer { observer, lifetime in
      self.state.withLock {
        $0.starts += 1
        $0.inputs.append(observer)
      }
      lifetime.observeEnded { self.state.withLock { $0.ended += 1 } }
    }
  }
}
