import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ReplayLazilyTests {
  @Test func startsOnceOnTheFirstStartAndReplaysTheLatestValuesAndTheEnd() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let source = scheduler.coldProducer("-a-b-c|").on(starting: { starts.value += 1 })
    let shared = source.replayLazily(upTo: 1)
    #expect(starts.value == 0)
    let first = TestRecorder(shared, scheduler: scheduler)
    scheduler.advance(ticks: 4)
    let second = TestRecorder(shared, scheduler: scheduler)
    scheduler.advance(ticks: 4)
    let third = TestRecorder(shared, scheduler: scheduler)
    scheduler.run()
    #expect(starts.value == 1)
    first.expect(marble: "-a-b-c|")
    second.expect(marble: "----bc|")
    third.expect(marble: "--------(c|)")
  }

  @Test func replaysUpToCapacityValuesAndAFailure() {
    let shared = SignalProducer<Int, TestError> { observer, _ in
      for value in 1...5 { observer.send(value: value) }
      observer.send(error: .boom)
    }.replayLazily(upTo: 3)
    TestRecorder(shared).expect(events: ["1", "2", "3", "4", "5", "failed(boom)"])
    TestRecorder(shared).expect(events: ["3", "4", "5", "failed(boom)"])
  }

  @Test func capacityZeroReplaysOnlyTheTerminalEvent() {
    let shared = SignalProducer<Int, Never>(values: 1, 2).replayLazily(upTo: 0)
    _ = TestRecorder(shared)
    TestRecorder(shared).expect(events: ["completed"])
  }

  @Test func disposingOneStartInterruptsOnlyThatObserverAndTheWorkGoesOn() {
    let probe = ProducerProbe<String, Never>()
    let shared = probe.producer.replayLazily(upTo: 2)
    let leaving = TestRecorder(shared)
    let staying = TestRecorder(shared)
    probe.observer?.send(value: "a")
    leaving.dispose()
    probe.observer?.send(value: "b")
    #expect(probe.ends == 0)
    let late = TestRecorder(shared)
    probe.observer?.sendCompleted()
    leaving.expect(events: ["a", "interrupted"])
    staying.expect(events: ["a", "b", "completed"])
    late.expect(events: ["a", "b", "completed"])
    #expect(probe.starts == 1)
  }

  @Test func anObserverMayStartItAgainFromInsideItsOwnDelivery() {
    let shared = SignalProducer<Int, Never>(values: 1, 2, 3).replayLazily(upTo: 2)
    var nested: TestRecorder<Int, Never>?
    let outer = TestRecorder<Int, Never>()
    shared.start { event in
      outer.record(event)
      if event.value == 1 { nested = TestRecorder(shared) }
    }
    outer.expect(events: ["1", "2", "3", "completed"])
    nested?.expect(events: ["1", "2", "3", "completed"])
  }

  @Test func theSharedWorkIsInterruptedWhenTheResultAndItsStartsAreReleased() {
    let probe = ProducerProbe<Int, Never>()
    do {
      let shared = probe.producer.replayLazily(upTo: 1)
      let recorder = TestRecorder(shared)
      probe.observer?.send(value: 1)
      #expect(probe.ends == 0)
      recorder.dispose()
    }
    #expect(probe.ends == 1)
  }
}
