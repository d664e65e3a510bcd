import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct WithLatestTests {
  @Test func pairsEachValueWithTheOthersLatest() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a--b-c-|")
    let other = scheduler.hotSignal("--x--y---")
    let recorder = TestRecorder(source.withLatest(from: other).map { $0.0 + $0.1 }, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "----p-q-|", values: ["p": "bx", "q": "cy"])
    #expect(observerCount(other) == 0)
  }

  @Test func theOthersEndChangesNothing() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("--a-b|")
    let recorder = TestRecorder(
      source.withLatest(from: scheduler.hotSignal("x!")).map { $0.0 + $0.1 },
      scheduler: scheduler
    )
    scheduler.run()
    recorder.expect(marble: "--p-q|", values: ["p": "ax", "q": "bx"])
  }

  @Test func forwardsTheSourcesFailureAndInterruption() {
    let scheduler = TestScheduler()
    let failing = TestRecorder(
      scheduler.hotSignal("-X", error: TestError.boom).withLatest(from: scheduler.hotSignal("x")),
      scheduler: scheduler
    )
    let interrupted = TestRecorder(
      scheduler.hotSignal("-!").withLatest(from: scheduler.hotSignal("x")), scheduler: scheduler)
    scheduler.run()
    #expect(failing.descriptions == ["failed(boom)"])
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func disposingDetachesFromBoth() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a")
    let other = scheduler.hotSignal("x")
    let recorder = TestRecorder(source.withLatest(from: other))
    recorder.dispose()
    #expect(observerCount(source) == 0)
    #expect(observerCount(other) == 0)
  }

  @Test func producerFormSeesTheOthersSynchronousValue() {
    let recorder = TestRecorder(
      SignalProducer<Int, Never>(values: 1, 2).withLatest(from: SignalProducer(value: "x")).map { "\($0.0)\($0.1)" }
    )
    recorder.expect(events: ["1x", "2x", "completed"])
  }

  @Test func pairsWithAPropertysCurrentValue() {
    let property = MutableProperty("x")
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.withLatest(from: property).map { "\($0.0)\($0.1)" })
    input.send(value: 1)
    property.value = "y"
    input.send(value: 2)
    recorder.expect(values: ["1x", "2y"])
  }

  @Test func bothFormsPairWithThePropertysValueAsEachValueArrives() {
    let scheduler = TestScheduler()
    let property = Property(initial: "x", then: scheduler.hotSignal("---y"))
    let signal = TestRecorder(
      scheduler.hotSignal("-a--b|").withLatest(from: property).map { $0.0 + $0.1 }, scheduler: scheduler)
    let producer = TestRecorder(
      scheduler.coldProducer("-a--b|").withLatest(from: property).map { $0.0 + $0.1 }, scheduler: scheduler)
    scheduler.run()
    signal.expect(marble: "-p--q|", values: ["p": "ax", "q": "by"])
    producer.expect(marble: "-p--q|", values: ["p": "ax", "q": "by"])
  }

  @Test func producerPropertyFormReadsThePropertyInEveryStart() {
    let scheduler = TestScheduler()
    let property = MutableProperty("x")
    let producer = scheduler.coldProducer("-a-|").withLatest(from: property).map { $0.0 + $0.1 }
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 2)
    property.value = "y"
    let second = TestRecorder(producer, scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "-p-|", values: ["p": "ax"])
    second.expect(marble: "---q-|", values: ["q": "ay"])
  }

  @Test func producerPropertyFormForwardsTheStartsEndAndDisposalInterruptsIt() {
    let property = MutableProperty(0)
    let failed = TestRecorder(SignalProducer<Int, TestError>(error: .boom).withLatest(from: property))
    #expect(failed.descriptions == ["failed(boom)"])
    let probe = ProbedProducer<Int, TestError>()
    let recorder = TestRecorder(probe.producer.withLatest(from: property))
    probe.input.send(value: 1)
    probe.input.sendInterrupted()
    #expect(recorder.descriptions == ["(1, 0)", "interrupted"])
    let disposed = TestRecorder(probe.producer.withLatest(from: property))
    disposed.dispose()
    #expect(probe.ended == 2)
    #expect(disposed.descriptions == ["interrupted"])
  }

  @Test func aSignalTakesAProducerStartedAtOnce() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let other = scheduler.coldProducer("x--y").on(starting: { starts.value += 1 })
    let source = scheduler.hotSignal("-a--b-c-|")
    let recorder = TestRecorder(source.withLatest(from: other).map { $0 + $1 }, scheduler: scheduler)
    #expect(starts.value == 1)
    scheduler.run()
    recorder.expect(marble: "-p--q-r-|", values: ["p": "ax", "q": "by", "r": "cy"])
  }

  @Test func theProducersStartIsInterruptedWhenTheResultEnds() {
    let probe = ProducerProbe<Int, Never>()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.withLatest(from: probe.producer))
    probe.observer?.send(value: 7)
    input.send(value: 1)
    input.sendCompleted()
    #expect(probe.ends == 1)
    #expect(recorder.values.map { $0.1 } == [7])
  }

  @Test func aProducerTakesASignal() {
    let (other, latest) = Signal<String, Never>.pipe()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(SignalProducer(signal).withLatest(from: other).map { "\($0)\($1)" })
    input.send(value: 1)
    latest.send(value: "x")
    input.send(value: 2)
    recorder.expect(values: ["2x"])
  }
}
