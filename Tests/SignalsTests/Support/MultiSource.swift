import Dispatch
import Foundation
import SignalsTestSupport
import Testing

@testable import Signals

/// A producer for multi-source tests that records how it was started and ended.
///
/// It keeps every start's observer (never releasing one under its lock: an observer's release may interrupt
/// its stream, which would call back into the probe).
final class ProducerProbe<Value, Failure: Error>: @unchecked Sendable {
  private let state = Locked<(ends: Int, observers: [Signal<Value, Failure>.Observer])>((0, []))

  /// Starts that happened so far.
  var starts: Int { state.withLock { $0.observers.count } }
  /// Starts whose lifetime has ended (completed, failed, interrupted or disposed).
  var ends: Int { state.withLock { $0.ends } }
  /// The observer of the latest start, to send into it.
  var observer: Signal<Value, Failure>.Observer? { state.withLock { $0.observers.last } }

  /// A producer that never ends by itself; `observer` sends into its latest start.
  var producer: SignalProducer<Value, Failure> {
    SignalProducer { observer, lifetime in
      self.state.withLock { $0.observers.append(observer) }
      lifetime.observeEnded { self.state.withLock { $0.ends += 1 } }
    }
  }
}

/// Runs `body(index)` on `count` threads of its own at once, and waits for all of them.
///
/// Real threads rather than `concurrentPerform`, which runs no more iterations at once than there are cores:
/// a stress test of 4 senders must have 4 senders even on a 2-core machine.
func concurrently(
  _ count: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable (Int) -> Void
) {
  expectAThreadOfItsOwn("concurrently", sourceLocation: sourceLocation)
  let finished = DispatchGroup()
  for index in 0..<count {
    finished.enter()
    Thread {
      body(index)
      finished.leave()
    }.start()
  }
  finished.wait()
}
