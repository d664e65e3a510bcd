import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct CollectEveryTests {
  private let groups: [Character: [String]] = ["x": ["a", "b"], "y": ["c"], "z": ["d"]]

  @Test func gathersEachIntervalSkipsEmptyOnesAndFlushesAtCompletion() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-ab----c-|")
    let recorder = TestRecorder(source.collect(every: .seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---x-----(y|)", values: groups)
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func failureDropsWhatWasGathered() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-ab-cX", error: TestError.boom)
    let recorder = TestRecorder(source.collect(every: .seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---x-X", values: groups, error: .boom)
  }

  @Test func interruptionIsForwarded() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(
      scheduler.hotSignal("-a!").collect(every: .seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposingCancelsTheTimerAndDetaches() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a")
    let recorder = TestRecorder(source.collect(every: .seconds(3), on: scheduler), scheduler: scheduler)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 1)
    #expect(observerCount(source) == 0)
  }

  @Test func producerFormCountsIntervalsFromEachStart() {
    let scheduler = TestScheduler()
    scheduler.advance(ticks: 1)
    let recorder = TestRecorder(
      scheduler.coldProducer("ab-d|").collect(every: .seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---x-(z|)", values: groups)
  }
}
