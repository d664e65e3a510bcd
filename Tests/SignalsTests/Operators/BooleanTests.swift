import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct BooleanTests {
  private let booleans: [Character: Bool] = ["t": true, "f": false]

  @Test func negateFlipsEveryValue() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-t-f|", values: booleans)
    let signal = TestRecorder(source.negate(), scheduler: scheduler)
    let producer = TestRecorder(scheduler.coldProducer("t-f|", values: booleans).negate(), scheduler: scheduler)
    scheduler.run()
    signal.expect(marble: "-f-t|", values: booleans)
    producer.expect(marble: "f-t|", values: booleans)
  }

  @Test func andIsTrueWhenBothLatestValuesAre() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-t---f|", values: booleans)
    let other = scheduler.hotSignal("--t-----|", values: booleans)
    let recorder = TestRecorder(input.and(other), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--t--f--|", values: booleans)
  }

  @Test func orIsTrueWhenEitherLatestValueIs() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-f---t|", values: booleans)
    let other = scheduler.hotSignal("--f-----|", values: booleans)
    let recorder = TestRecorder(input.or(other), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--f--t--|", values: booleans)
  }

  @Test func producerFormsStartBothSides() {
    let scheduler = TestScheduler()
    let both = TestRecorder(
      scheduler.coldProducer("t-f|", values: booleans).and(scheduler.coldProducer("t|", values: booleans)),
      scheduler: scheduler)
    let either = TestRecorder(
      scheduler.coldProducer("f-f|", values: booleans).or(scheduler.coldProducer("-t|", values: booleans)),
      scheduler: scheduler)
    scheduler.run()
    both.expect(marble: "t-f|", values: booleans)
    either.expect(marble: "-tt|", values: booleans)
  }

  @Test func propertiesCombineGlitchFree() {
    let isValid = MutableProperty(false)
    let isBusy = MutableProperty(false)
    let canSubmit = isValid.and(isBusy.negate())
    let anyProblem = isValid.negate().or(isBusy)
    let recorder = TestRecorder(canSubmit)
    #expect(canSubmit.value == false)
    #expect(anyProblem.value == true)
    isValid.value = true
    #expect(canSubmit.value == true)
    #expect(anyProblem.value == false)
    isBusy.value = true
    recorder.expect(values: [false, true, false])
  }
}
