import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct SkipTests {
  @Test func skipFirstDropsTheFirstValuesThenForwardsEverything() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.skip(first: 2))
    for value in [1, 2, 3, 4] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["3", "4", "completed"])
  }

  @Test func skipFirstWithANonPositiveCountForwardsEverything() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let zero = TestRecorder(signal.skip(first: 0))
    let negative = TestRecorder(signal.skip(first: -1))
    input.send(value: 1)
    input.sendCompleted()
    #expect(zero.descriptions == ["1", "completed"])
    #expect(negative.descriptions == ["1", "completed"])
  }

  @Test func skipFirstFailsEvenWhileSkipping() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.skip(first: 5))
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["failed(boom)"])
  }

  @Test func skipWhileForwardsFromTheFirstValueThatFailsThePredicate() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let recorder = TestRecorder(
      signal.skip { value in
        calls += 1
        return value < 3
      })
    for value in [1, 2, 5, 1] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["5", "1", "completed"])
    #expect(calls == 3)
  }

  @Test func skipWhileFailsAndIsInterruptedWithTheSource() {
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.skip { _ in true })
    failingInput.send(value: 1)
    failingInput.send(error: .other)
    #expect(failed.descriptions == ["failed(other)"])

    let (signal, input) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(signal.skip(while: { $0 < 0 }))
    input.send(value: 1)
    input.sendInterrupted()
    #expect(interrupted.descriptions == ["1", "interrupted"])
  }

  @Test func disposingTheResultDetachesFromTheSource() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let first = TestRecorder(signal.skip(first: 1))
    let whileSkipping = TestRecorder(
      signal.skip { _ in
        calls += 1
        return true
      })
    #expect(observerCount(signal) == 2)
    first.disposable?.dispose()
    whileSkipping.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.send(value: 1)
    #expect(calls == 0)
  }

  // MARK: skip(until:)

  @Test func skipUntilForwardsTheValuesThatArriveAfterTheTriggerFired() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-1-2-3-4-|")
    let trigger = scheduler.hotSignal("----x-----")
    let recorder = TestRecorder(source.skip(until: trigger), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-----3-4-|")
    #expect(observerCount(trigger) == 0, "detached from the trigger once it fired")
    #expect(observerCount(source) == 0)
  }

  @Test func skipUntilOpensOnATriggerThatEndsWithoutAValueOrHadAlreadyEnded() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (lifetime, token) = Lifetime.make()
    let untilEnded = TestRecorder(signal.skip(until: lifetime.ended))
    let (trigger, fire) = Signal<(), Never>.pipe()
    let untilInterrupted = TestRecorder(signal.skip(until: trigger))
    fire.sendInterrupted()
    let afterAnEndedTrigger = TestRecorder(signal.skip(until: Signal<(), Never>.empty))
    input.send(value: 1)
    token.dispose()
    input.send(value: 2)
    #expect(untilEnded.descriptions == ["2"])
    #expect(untilInterrupted.descriptions == ["1", "2"])
    #expect(afterAnEndedTrigger.descriptions == ["1", "2"])
  }

  @Test func skipUntilEndsWithTheSourceEvenWhileSkipping() {
    let scheduler = TestScheduler()
    let trigger = scheduler.hotSignal("------x")
    let failing = TestRecorder(
      scheduler.hotSignal("-1-X", error: TestError.boom).skip(until: trigger), scheduler: scheduler)
    let completing = TestRecorder(scheduler.hotSignal("-1|").skip(until: trigger), scheduler: scheduler)
    scheduler.run()
    failing.expect(marble: "---X", error: .boom)
    completing.expect(marble: "--|")
    #expect(observerCount(trigger) == 0, "ending detaches from the trigger")
  }

  @Test func skipUntilOnAProducerStartsTheTriggerFirstOnEveryStart() {
    let scheduler = TestScheduler()
    let source = scheduler.coldProducer("-1-2-3|")
    let trigger = scheduler.coldProducer("--x")
    let first = TestRecorder(source.skip(until: trigger), scheduler: scheduler)
    scheduler.advance(ticks: 10)
    let second = TestRecorder(source.skip(until: trigger), scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "---2-3|")
    second.expect(marble: "-------------2-3|")
  }

  @Test func producerFormsSkipOnEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2, 3])
    let skipped = producer.skip(first: 1)
    #expect(TestRecorder(skipped).descriptions == ["2", "3", "completed"])
    #expect(TestRecorder(skipped).descriptions == ["2", "3", "completed"])
    #expect(TestRecorder(producer.skip { $0 < 3 }).descriptions == ["3", "completed"])

    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.skip(first: 1))
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["interrupted"])
    #expect(probe.ended == 1)
  }
}
