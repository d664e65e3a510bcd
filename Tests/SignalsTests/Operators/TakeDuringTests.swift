import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct TakeDuringTests {
  @Test func forwardsValuesWhileTheLifetimeLasts() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let recorder = TestRecorder(signal.take(during: lifetime))
    input.send(value: 1)
    token = nil
    input.send(value: 2)
    #expect(token == nil)
    #expect(recorder.descriptions == ["1", "completed"])
  }

  @Test func endsAtOnceWhenTheLifetimeAlreadyEnded() {
    let (signal, _) = Signal<Int, Never>.pipe()
    var completed = false
    let result = signal.take(during: .empty)
    // The result completed before anyone could observe it, so a later observer is told it ended.
    let recorder = TestRecorder(result)
    result.observeCompleted { completed = true }
    #expect(recorder.descriptions == ["interrupted"])
    #expect(!completed)
  }

  @Test func producerStartedAfterTheLifetimeEndedCompletesWithoutStarting() {
    let started = Box(false)
    let producer = SignalProducer<Int, Never> { observer, _ in
      started.value = true
      observer.sendCompleted()
    }
    let recorder = TestRecorder(producer.take(during: .empty))
    #expect(recorder.descriptions == ["completed"])
    #expect(!started.value)
  }

  @Test func failsAndIsInterruptedWithTheSource() {
    let (lifetime, token) = Lifetime.make()
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.take(during: lifetime))
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["failed(boom)"])

    let (interrupting, interruptingInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(interrupting.take(during: lifetime))
    interruptingInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
    withExtendedLifetime(token) {}
  }

  @Test func endingDetachesFromTheLifetime() {
    let (lifetime, token) = Lifetime.make()
    let (signal, input) = Signal<Int, Never>.pipe()
    var released = false
    do {
      let canary = Canary { released = true }
      signal.take(during: lifetime).observeValues { _ in _ = canary }
    }
    input.sendCompleted()
    #expect(released)
    withExtendedLifetime(token) {}
  }

  @Test func disposingAProducerStartInterruptsIt() {
    let (lifetime, token) = Lifetime.make()
    let recorder = TestRecorder(SignalProducer<Int, Never>.never.take(during: lifetime))
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["interrupted"])
    withExtendedLifetime(token) {}
  }
}
