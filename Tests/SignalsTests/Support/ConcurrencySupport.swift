import SignalsTesting

@testable import Signals

/// Starts `producer`, records its events, and returns once it has sent its terminal event.
func runToEnd<V, F>(_ producer: SignalProducer<V, F>) async -> TestRecorder<V, F> {
  let recorder = TestRecorder<V, F>()
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    producer.start { event in
      recorder.record(event)
      if event.isTerminating { done.resume() }
    }
  }
  return recorder
}
