import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool, .onItsOwnThread) struct TakeTests {
  // MARK: take(first:) and take(last:)

  @Test func takeFirstCompletesAfterTheCountthValueAndDetaches() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.take(first: 2))
    for value in [1, 2, 3, 4] { input.send(value: value) }
    #expect(recorder.descriptions == ["1", "2", "completed"])
    #expect(observerCount(signal) == 0)
  }

  @Test func takeLastSendsTheLastValuesWhenTheSourceCompletes() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.take(last: 2))
    for value in [1, 2, 3] { input.send(value: value) }
    #expect(recorder.events.isEmpty)
    input.sendCompleted()
    #expect(recorder.descriptions == ["2", "3", "completed"])
  }

  // MARK: take(while:)

  @Test func takeWhileCompletesAtTheFirstFailingValueWithoutSendingIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let recorder = TestRecorder(
      signal.take { value in
        calls += 1
        return value < 3
      })
    for value in [1, 2, 5, 1] { input.send(value: value) }
    #expect(recorder.descriptions == ["1", "2", "completed"])
    #expect(calls == 3)
    #expect(observerCount(signal) == 0)
  }

  @Test func takeWhileCompletesOrFailsWithTheSource() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let completed = TestRecorder(signal.take(while: { _ in true }))
    input.send(value: 1)
    input.sendCompleted()
    #expect(completed.descriptions == ["1", "completed"])

    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.take(while: { _ in true }))
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["failed(boom)"])
  }

  @Test func takeWhileIsInterruptedWithTheSourceAndDetachesWhenDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let interrupted = TestRecorder(signal.take(while: { _ in true }))
    let disposed = TestRecorder(signal.take(while: { _ in true }))
    disposed.disposable?.dispose()
    #expect(observerCount(signal) == 1)
    input.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
    #expect(disposed.events.isEmpty)
  }

  @Test func producerTakeWhileAppliesToEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2, 5, 1]).take(while: { $0 < 3 })
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])

    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.take(while: { $0 < 3 }))
    probe.input.send(value: 9)
    #expect(recorder.descriptions == ["completed"])
    #expect(probe.ended == 1)
  }

  // MARK: take(until:)

  @Test func takeUntilCompletesWhenTheTriggerSendsAValueAndDetachesFromBoth() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = TestRecorder(signal.take(until: trigger))
    input.send(value: 1)
    input.send(value: 2)
    fire.send(value: ())
    input.send(value: 3)
    #expect(recorder.descriptions == ["1", "2", "completed"])
    #expect(observerCount(signal) == 0)
    #expect(observerCount(trigger) == 0)
  }

  @Test func takeUntilCompletesWhenTheTriggerCompletesWithoutAValue() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (lifetime, token) = Lifetime.make()
    let recorder = TestRecorder(signal.take(until: lifetime.ended))
    input.send(value: 1)
    token.dispose()
    input.send(value: 2)
    #expect(recorder.descriptions == ["1", "completed"])
  }

  @Test func takeUntilCompletesWhenTheTriggerIsInterrupted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.take(until: trigger))
    fire.sendInterrupted()
    input.send(value: 1)
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func takeUntilATriggerThatAlreadyEndedEndsTheResultAtOnce() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    fire.sendCompleted()
    let result = signal.take(until: trigger)
    #expect(observerCount(signal) == 0)
    // Like every signal that has already ended, the result interrupts observers that come too late.
    let recorder = TestRecorder(result)
    input.send(value: 1)
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func takeUntilEndsWithTheSourceAndDetachesFromTheTrigger() {
    let (trigger, fire) = Signal<(), Never>.pipe()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(signal.take(until: trigger))
    input.send(value: 1)
    input.send(error: .boom)
    #expect(failed.descriptions == ["1", "failed(boom)"])
    #expect(observerCount(trigger) == 0)

    let (other, otherInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(other.take(until: trigger))
    otherInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
    #expect(observerCount(trigger) == 0)
    withExtendedLifetime(fire) {}
  }

  @Test func disposingTakeUntilDetachesFromTheSourceAndTheTrigger() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = TestRecorder(signal.take(until: trigger))
    #expect(observerCount(signal) == 1 && observerCount(trigger) == 1)
    recorder.disposable?.dispose()
    #expect(observerCount(signal) == 0 && observerCount(trigger) == 0)
    input.send(value: 1)
    fire.send(value: ())
    #expect(recorder.events.isEmpty)
  }

  @Test func takeUntilKeepsTheGrammarWhenSourceAndTriggerSendConcurrently() {
    for _ in 0..<50 {
      let (signal, input) = Signal<Int, Never>.pipe()
      let (trigger, fire) = Signal<(), Never>.pipe()
      let recorder = TestRecorder(signal.take(until: trigger))
      concurrently(4) { lane in
        if lane == 0 {
          fire.send(value: ())
        } else {
          for value in 0..<100 { input.send(value: value) }
        }
      }
      #expect(!recorder.violatedGrammar)
      #expect(recorder.descriptions.last == "completed")
      #expect(recorder.values.count <= 300)
      #expect(observerCount(signal) == 0 && observerCount(trigger) == 0)
    }
  }

  @Test func producerTakeUntilStopsThisProducerWhenTheTriggerFires() {
    let source = ProbedProducer<Int, Never>()
    let trigger = ProbedProducer<(), Never>()
    let recorder = TestRecorder(source.producer.take(until: trigger.producer))
    source.input.send(value: 1)
    trigger.input.send(value: ())
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(source.ended == 1)
    #expect(trigger.ended == 1)
  }

  @Test func producerTakeUntilAnImmediateTriggerNeverStartsThisProducer() {
    let source = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(source.producer.take(until: SignalProducer<(), Never>(value: ())))
    #expect(recorder.descriptions == ["completed"])
    #expect(source.starts == 0)
  }

  @Test func producerTakeUntilEndsTheTriggerWhenThisProducerEndsOrIsDisposed() {
    let trigger = ProbedProducer<Never, Never>()
    let completed = TestRecorder(SignalProducer<Int, Never>([1, 2]).take(until: trigger.producer))
    #expect(completed.descriptions == ["1", "2", "completed"])
    #expect(trigger.starts == 1 && trigger.ended == 1)

    let disposed = TestRecorder(SignalProducer<Int, Never>.never.take(until: trigger.producer))
    disposed.disposable?.dispose()
    #expect(disposed.descriptions == ["interrupted"])
    #expect(trigger.starts == 2 && trigger.ended == 2)
  }
}

extension TakeTests {
  @Test func takeFirstFailsAndIsInterruptedWithTheSourceBeforeItsCount() {
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.take(first: 3))
    failingInput.send(value: 1)
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["1", "failed(boom)"])

    let (interrupting, interruptingInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(interrupting.take(first: 3))
    interruptingInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func takeLastDropsItsBufferOnFailureAndInterruption() {
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.take(last: 2))
    failingInput.send(value: 1)
    failingInput.send(value: 2)
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["failed(boom)"])

    let (interrupting, interruptingInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(interrupting.take(last: 2))
    interruptingInput.send(value: 1)
    interruptingInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func takeLastOfZeroSendsNothingButCompletes() {
    let recorder = TestRecorder(SignalProducer<Int, Never>([1, 2, 3]).take(last: 0))
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func takeLastProducerFormSendsTheTailOfEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2, 3, 4]).take(last: 2)
    #expect(TestRecorder(producer).descriptions == ["3", "4", "completed"])
    #expect(TestRecorder(producer).descriptions == ["3", "4", "completed"])
  }
}
