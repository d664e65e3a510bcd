import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ShareTests {
  @Test func overlappingStartsShareOneStartWithoutReplay() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let shared = scheduler.coldProducer("-a-b-c-d|").on(starting: { starts.value += 1 }).share()
    let first = TestRecorder(shared, scheduler: scheduler)
    scheduler.advance(ticks: 2)
    let second = TestRecorder(shared, scheduler: scheduler)
    scheduler.run()
    #expect(starts.value == 1)
    first.expect(marble: "-a-b-c-d|")
    second.expect(marble: "---b-c-d|")
  }

  @Test func disconnectsWhenTheLastObserverLeaves() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.share()
    let first = TestRecorder(shared)
    let second = TestRecorder(shared)
    first.dispose()
    #expect(probe.ends == 0)
    probe.observer?.send(value: 1)
    second.dispose()
    #expect(probe.ends == 1)
    first.expect(events: ["interrupted"])
    second.expect(events: ["1", "interrupted"])
  }

  @Test func reconnectsWithAFreshStartAfterADisconnection() {
    let probe = ProducerProbe<Int, Never>()
    let shared = probe.producer.share()
    TestRecorder(shared).dispose()
    let again = TestRecorder(shared)
    #expect(probe.starts == 2)
    probe.observer?.send(value: 2)
    again.expect(events: ["2"])
  }

  @Test func reconnectsAfterTheSharedStreamEnded() {
    let starts = Box(0)
    let shared = SignalProducer<Int, TestError> { observer, _ in
      starts.value += 1
      observer.send(value: starts.value)
      observer.send(error: .boom)
    }.share()
    TestRecorder(shared).expect(events: ["1", "failed(boom)"])
    TestRecorder(shared).expect(events: ["2", "failed(boom)"])
  }

  @Test func everyAttachedObserverReceivesTheEnd() {
    let probe = ProducerProbe<Int, TestError>()
    let shared = probe.producer.share()
    let first = TestRecorder(shared)
    let second = TestRecorder(shared)
    probe.observer?.send(error: .boom)
    first.expect(events: ["failed(boom)"])
    second.expect(events: ["failed(boom)"])
    let interrupting = ProducerProbe<Int, Never>()
    let third = TestRecorder(interrupting.producer.share())
    interrupting.observer?.sendInterrupted()
    third.expect(events: ["interrupted"])
  }
}
