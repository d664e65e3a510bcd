import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct OnTests {
  @Test func hooksRunBeforeEachEventIsForwardedAndDisposedRunsLast() {
    var log: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let hooked = signal.on(
      value: { log.append("value \($0)") },
      completed: { log.append("completed") },
      terminated: { log.append("terminated") },
      disposed: { log.append("disposed") }
    )
    hooked.observe { (event: Signal<Int, Never>.Event) in log.append("observer \(event)") }
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(
      log == [
        "value 1", "observer value(1)", "value 2", "observer value(2)", "completed", "terminated",
        "observer completed", "disposed",
      ])
  }

  @Test func failedHookReceivesTheErrorAndTheFailureIsForwarded() {
    var log: [String] = []
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(
      signal.on(
        failed: { log.append("failed \($0)") },
        completed: { log.append("completed") },
        terminated: { log.append("terminated") }
      ))
    input.send(value: 1)
    input.send(error: .boom)
    #expect(log == ["failed boom", "terminated"])
    #expect(recorder.descriptions == ["1", "failed(boom)"])
  }

  @Test func interruptedHookRunsWhenTheSourceIsInterrupted() {
    var log: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(
      signal.on(
        interrupted: { log.append("interrupted") },
        terminated: { log.append("terminated") },
        disposed: { log.append("disposed") }
      ))
    input.sendInterrupted()
    #expect(log == ["interrupted", "terminated", "disposed"])
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposedRunsOnceWhenTheResultIsAbandonedAndItDetaches() {
    var disposals = 0
    var values = 0
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.on(value: { _ in values += 1 }, disposed: { disposals += 1 }))
    #expect(disposals == 0)
    recorder.disposable?.dispose()
    recorder.disposable?.dispose()
    #expect(disposals == 1)
    #expect(observerCount(signal) == 0)
    input.send(value: 1)
    #expect(values == 0)
  }

  @Test func aResultNobodyKeepsIsDisposedAtOnce() {
    var disposals = 0
    let (signal, _) = Signal<Int, Never>.pipe()
    _ = signal.on(disposed: { disposals += 1 })
    #expect(disposals == 1)
  }

  @Test func producerHooksRunAroundTheStartClauseOnEveryStart() {
    let log = Box<[String]>([])
    let producer = SignalProducer<Int, Never> { observer, _ in
      log.value.append("start closure")
      observer.send(value: 1)
      observer.sendCompleted()
    }
    .on(
      starting: { log.value.append("starting") },
      started: { log.value.append("started") },
      value: { log.value.append("value \($0)") },
      completed: { log.value.append("completed") },
      terminated: { log.value.append("terminated") },
      disposed: { log.value.append("disposed") }
    )
    let observer: (Signal<Int, Never>.Event) -> Void = { log.value.append("observer \($0)") }
    producer.start(observer)
    let oneStart = [
      "starting", "start closure", "value 1", "observer value(1)", "completed", "terminated",
      "observer completed", "disposed", "started",
    ]
    #expect(log.value == oneStart)
    producer.start(observer)
    #expect(log.value == oneStart + oneStart)
  }

  @Test func disposalHooksRunAfterTheStartsObserverWasInterrupted() {
    let log = Box<[String]>([])
    let probe = ProbedProducer<Int, Never>()
    let observer: (Signal<Int, Never>.Event) -> Void = { log.value.append("observer \($0)") }
    let disposable = probe.producer.on(interrupted: { log.value.append("interrupted hook") }).start(observer)
    disposable.dispose()
    #expect(log.value == ["observer interrupted", "interrupted hook"])
  }

  @Test func disposingAProducerStartRunsTheInterruptionHooks() {
    let log = Box<[String]>([])
    let probe = ProbedProducer<Int, TestError>()
    let recorder = TestRecorder(
      probe.producer.on(
        started: { log.value.append("started") },
        failed: { _ in log.value.append("failed") },
        interrupted: { log.value.append("interrupted") },
        terminated: { log.value.append("terminated") },
        disposed: { log.value.append("disposed") }
      ))
    #expect(log.value == ["started"])
    recorder.disposable?.dispose()
    #expect(log.value == ["started", "interrupted", "terminated", "disposed"])
    #expect(recorder.descriptions == ["interrupted"])
    #expect(!recorder.violatedGrammar)
    #expect(probe.ended == 1)
  }
}
