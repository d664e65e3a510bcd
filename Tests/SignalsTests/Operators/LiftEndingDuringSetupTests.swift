import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// `SignalProducer.lift` observes the transformed signal after the transform ran. A transform whose signal
/// ends during its own setup (here `take(first: 0)`, which completes at once) has already ended by then; the
/// start's observer must still receive the terminal event the operator sent, not `interrupted`.
@Suite(.watchingThePool) struct LiftEndingDuringSetupTests {
  @Test func liftedOperatorThatCompletesDuringSetupDeliversCompleted() {
    let recorder = TestRecorder(SignalProducer<Int, Never>([1, 2]).take(first: 0))
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func liftedTwoProducerOperatorThatCompletesDuringSetupDeliversCompleted() {
    let trigger = SignalProducer<Void, Never>(value: ())
    let recorder = TestRecorder(SignalProducer<Int, Never>([1, 2]).take(until: trigger))
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func aHotSignalObservedAfterItEndedStillReportsInterrupted() {
    let ended = Signal<Int, Never>.pipe().output.take(first: 0)
    #expect(TestRecorder(ended).descriptions == ["interrupted"])
  }
}
