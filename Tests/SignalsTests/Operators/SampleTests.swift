import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct SampleTests {
  @Test func sendsTheLatestValueWithEachSample() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a--b----|")
    let sampler = scheduler.hotSignal("--x---yz---")
    let recorder = TestRecorder(source.sample(with: sampler).map { $0.0 + $0.1 }, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--p---qr-|", values: ["p": "ax", "q": "by", "r": "bz"])
    #expect(observerCount(sampler) == 0)
  }

  @Test func sampleOnRepeatsTheLatestValueAndSkipsSamplesBeforeAnyValue() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a--b----|")
    let sampler = scheduler.hotSignal("x-x---xx---").map { _ in () }
    let recorder = TestRecorder(source.sample(on: sampler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--a---bb-|")
  }

  @Test func completesWhenTheSamplerCompletes() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("a-------")
    let recorder = TestRecorder(source.sample(on: scheduler.hotSignal("-x-|").map { _ in () }), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-|")
    #expect(observerCount(source) == 0)
  }

  @Test func failsWithTheSourceAndIsInterruptedByEitherSide() {
    let scheduler = TestScheduler()
    let failing = TestRecorder(
      scheduler.hotSignal("a-X", error: TestError.boom).sample(on: scheduler.hotSignal("-x--").map { _ in () }),
      scheduler: scheduler
    )
    let bySampler = TestRecorder(
      scheduler.hotSignal("a---").sample(on: scheduler.hotSignal("-!").map { _ in () }),
      scheduler: scheduler
    )
    let bySource = TestRecorder(
      scheduler.hotSignal("a!").sample(on: scheduler.hotSignal("----").map { _ in () }),
      scheduler: scheduler
    )
    scheduler.run()
    failing.expect(marble: "-aX", error: .boom)
    bySampler.expect(marble: "-!")
    bySource.expect(marble: "-!")
  }

  @Test func disposingDetachesFromBoth() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("a")
    let sampler = scheduler.hotSignal("-x").map { _ in () }
    let recorder = TestRecorder(source.sample(on: sampler), scheduler: scheduler)
    recorder.dispose()
    scheduler.run()
    #expect(observerCount(source) == 0)
    #expect(observerCount(sampler) == 0)
    #expect(recorder.events.isEmpty)
  }

  @Test func producerFormStartsTheSamplerFirst() {
    let scheduler = TestScheduler()
    let source = scheduler.coldProducer("a-b-|")
    let sampler = scheduler.coldProducer("-x-x").map { _ in () }
    let recorder = TestRecorder(source.sample(on: sampler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-b|")
  }
}
