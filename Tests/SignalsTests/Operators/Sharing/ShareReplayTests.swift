import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ShareReplayTests {
  @Test func aJoiningStartGetsTheLatestValuesThenTheSameStart() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let shared = scheduler.coldProducer("-a-b-c|").on(starting: { starts.value += 1 }).share(replay: 1)
    let first = TestRecorder(shared, scheduler: scheduler)
    scheduler.advance(ticks: 4)
    let second = TestRecorder(shared, scheduler: scheduler)
    scheduler.run()
    #expect(starts.value == 1)
    first.expect(marble: "-a-b-c|")
    second.expect(marble: "----bc|")
  }

  @Test func disconnectsWhenTheLastStartLeavesAndForgetsTheValues() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.share(replay: 1)
    let first = TestRecorder(shared)
    probe.observer?.send(value: 1)
    first.dispose()
    #expect(probe.ends == 1, "the last start left: the work is interrupted, unlike replayLazily")
    let again = TestRecorder(shared)
    #expect(probe.starts == 2, "the next start connects anew")
    #expect(again.events.isEmpty, "the values of the old connection are not replayed")
    probe.observer?.send(value: 2)
    again.expect(events: ["2"])
  }

  @Test func keepsTheWorkWhileAnyStartIsAttached() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.share(replay: 2)
    let first = TestRecorder(shared)
    probe.observer?.send(value: 1)
    probe.observer?.send(value: 2)
    probe.observer?.send(value: 3)
    let second = TestRecorder(shared)
    first.dispose()
    #expect(probe.ends == 0)
    probe.observer?.send(value: 4)
    #expect(probe.starts == 1)
    second.expect(events: ["2", "3", "4"])
  }

  @Test func aStartAfterTheEndConnectsAnew() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let shared = scheduler.coldProducer("a|").on(starting: { starts.value += 1 }).share(replay: 1)
    let first = TestRecorder(shared, scheduler: scheduler)
    scheduler.run()
    let second = TestRecorder(shared, scheduler: scheduler)
    scheduler.run()
    #expect(starts.value == 2)
    first.expect(events: ["a", "completed"])
    second.expect(events: ["a", "completed"])
  }

  @Test func nothingLeaksOnceEveryStartIsGone() {
    weak var weakCanary: Canary?
    do {
      let canary = Canary()
      weakCanary = canary
      let probe = ProducerProbe<Canary, Never>()
      let shared = probe.producer.share(replay: 1)
      let recorder = TestRecorder(shared)
      probe.observer?.send(value: canary)
      recorder.dispose()
      #expect(probe.ends == 1)
    }
    #expect(weakCanary == nil)
  }
}
