import Dispatch
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool, .onItsOwnThread) struct SharingConcurrencyTests {
  @Test func replayLazilyGivesEveryObserverAGaplessRunWhileValuesArriveFromAnotherThread() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.replayLazily(upTo: 3)
    let first = TestRecorder(shared)
    let count = 2000
    let sender = DispatchSemaphore(value: 0)
    // A thread of its own: the global queue's threads can all be busy with other suites' bodies.
    let worker = WorkerThread()
    defer { worker.stop() }
    worker.async {
      for value in 0..<count { probe.observer?.send(value: value) }
      probe.observer?.sendCompleted()
      sender.signal()
    }
    let recorders = LockedList<TestRecorder<Int, Never>>()
    concurrently(4) { _ in
      for _ in 0..<25 { recorders.append(TestRecorder(shared)) }
    }
    // Bounded, but generous: under ThreadSanitizer on a loaded 2-core machine the run takes several seconds.
    #expect(sender.wait(timeout: .now() + 60) == .success)
    #expect(first.values == Array(0..<count))
    for recorder in recorders.values {
      let values = recorder.values
      #expect(recorder.isCompleted)
      #expect(values.last == count - 1)
      #expect(values == Array((values.first ?? 0)..<count))
      #expect(!recorder.violatedGrammar)
    }
    #expect(probe.starts == 1)
  }

  @Test func shareBalancesConnectionsWhenObserversComeAndGoOnManyThreads() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.share()
    concurrently(4) { _ in
      for _ in 0..<200 {
        let recorder = TestRecorder(shared)
        probe.observer?.send(value: 1)
        recorder.disposable?.dispose()
      }
    }
    #expect(probe.starts >= 1)
    #expect(probe.ends == probe.starts)
  }
}
