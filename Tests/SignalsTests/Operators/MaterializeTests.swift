import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct MaterializeTests {
  typealias Event = Signal<Int, TestError>.Event

  @Test func materializeSendsEveryEventAsAValueThenCompletes() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.materialize())
    input.send(value: 1)
    input.send(value: 2)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["value(1)", "value(2)", "failed(boom)", "completed"])
    #expect(recorder.values == [.value(1), .value(2), .failed(.boom)])
  }

  @Test func materializeReportsCompletionAsAValue() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.materialize())
    input.sendCompleted()
    #expect(recorder.descriptions == ["completed", "completed"])
    #expect(recorder.values == [.completed])
  }

  @Test func materializeReportsInterruptionAsAValueThenCompletes() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.materialize())
    input.send(value: 1)
    input.sendInterrupted()
    #expect(recorder.values == [.value(1), .interrupted])
    #expect(recorder.isCompleted)
    #expect(!recorder.isInterrupted)
  }

  @Test func disposingMaterializeDetachesFromTheSource() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.materialize())
    recorder.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.send(value: 1)
    #expect(recorder.events.isEmpty)
  }

  @Test func dematerializeTurnsEventValuesBackIntoEvents() {
    let (signal, input) = Signal<Event, Never>.pipe()
    let recorder = TestRecorder(signal.dematerialize())
    input.send(value: .value(1))
    input.send(value: .value(2))
    input.send(value: .failed(.boom))
    input.send(value: .value(3))
    #expect(recorder.descriptions == ["1", "2", "failed(boom)"])
    #expect(observerCount(signal) == 0)
  }

  @Test func dematerializeEndsOnTerminalValuesAndWithTheSource() {
    let (completing, completingInput) = Signal<Event, Never>.pipe()
    let completedByValue = TestRecorder(completing.dematerialize())
    completingInput.send(value: .completed)
    #expect(completedByValue.descriptions == ["completed"])

    let (interrupting, interruptingInput) = Signal<Event, Never>.pipe()
    let interruptedByValue = TestRecorder(interrupting.dematerialize())
    interruptingInput.send(value: .interrupted)
    #expect(interruptedByValue.descriptions == ["interrupted"])

    let (signal, input) = Signal<Event, Never>.pipe()
    let completedWithSource = TestRecorder(signal.dematerialize())
    let disposedEarly = TestRecorder(signal.dematerialize())
    disposedEarly.disposable?.dispose()
    input.send(value: .value(7))
    input.sendCompleted()
    #expect(completedWithSource.descriptions == ["7", "completed"])
    #expect(disposedEarly.events.isEmpty)

    let (source, sourceInput) = Signal<Event, Never>.pipe()
    let interruptedWithSource = TestRecorder(source.dematerialize())
    sourceInput.send(value: .value(1))
    sourceInput.sendInterrupted()
    #expect(interruptedWithSource.descriptions == ["1", "interrupted"])
  }

  @Test func producerMaterializeAndDematerializeRoundTrip() {
    let failing = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: .other)
    }
    #expect(TestRecorder(failing.materialize()).descriptions == ["value(1)", "failed(other)", "completed"])
    let roundTrip = failing.materialize().dematerialize()
    #expect(TestRecorder(roundTrip).descriptions == ["1", "failed(other)"])
    #expect(TestRecorder(roundTrip).descriptions == ["1", "failed(other)"])
  }

  @Test func disposingAProducerStartInterruptsIt() {
    let probe = ProbedProducer<Int, TestError>()
    let recorder = TestRecorder(probe.producer.materialize())
    probe.input.send(value: 1)
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["value(1)", "interrupted"])
    #expect(probe.ended == 1)

    let events = ProbedProducer<Event, Never>()
    let dematerialized = TestRecorder(events.producer.dematerialize())
    dematerialized.disposable?.dispose()
    #expect(dematerialized.descriptions == ["interrupted"])
    #expect(events.ended == 1)
  }
}
