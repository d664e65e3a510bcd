import Dispatch

@testable import Signals

/// A producer for multi-source tests that records how it was started and ended.
final class ProducerProbe<Value, Failure: Error>: @unchecked Sendable {
  private let state = Locked<(starts: Int, ends: Int, observer: Signal<Value, Failure>.Observer?)>((0, 0, nil))

  /// Starts that happened so far.
  var starts: Int { state.withLock { $0.starts } }
  /// Starts whose lifetime has ended (completed, failed, interrupted or disposed).
  var ends: Int { state.withLock { $0.ends } }
  /// The observer of the latest start, to send into it.
  var observer: Signal<Value, Failure>.Observer? { state.withLock { $0.observer } }

  /// A producer that never ends by itself; `observer` sends into its latest start.
  var producer: SignalProducer<Value, Failure> {
    SignalProducer { observer, lifetime in
      self.state.withLock {
        $0.starts += 1
        $0.observer = observer
      }
      lifetime.observeEnded {
        self.state.withLock {
          $0.ends += 1
          $0.observer = nil
        }
      }
    }
  }
}

/// Runs `body(index)` on `count` threads at once and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.concurrentPerform(iterations: count, execute: body)
}
