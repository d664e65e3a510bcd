import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct CommandTests {
  // MARK: Executing

  @Test func executeCallsTheWorkSynchronouslySoItsEffectIsVisibleOnTheNextLine() {
    // The Meituan `clearCommand` shape: execute, then assert right away.
    let text = MutableProperty("typed")
    let clear = Command<Void, Void, Never> { text.value = "" }
    clear.execute()
    #expect(text.value == "")
  }

  @Test func applyIsColdAndEachStartIsOneExecution() {
    let manual = ManualCommand()
    let producer = manual.command.apply(7)
    #expect(manual.workCalls.isEmpty)
    let first = TestRecorder(producer)
    #expect(manual.workCalls == [7])
    manual.latest.send(value: 70)
    manual.latest.sendCompleted()
    let second = TestRecorder(producer)
    manual.latest.send(value: 71)
    manual.latest.sendCompleted()
    #expect(manual.workCalls == [7, 7])
    #expect(first.descriptions == ["70", "completed"])
    #expect(second.descriptions == ["71", "completed"])
  }

  @Test func aWorkFailureFailsTheExecutionAndReachesErrors() {
    let manual = ManualCommand()
    let errors = TestRecorder(manual.command.errors)
    let execution = TestRecorder(manual.command.apply(1))
    manual.latest.send(error: .boom)
    #expect(execution.descriptions == ["failed(failed(boom))"])
    #expect(execution.error == .failed(.boom))
    #expect(errors.descriptions == ["boom"])
  }

  @Test func executeReturnsADisposableThatInterruptsTheExecution() {
    let manual = ManualCommand()
    let events = TestRecorder(manual.command.events)
    let disposable = manual.command.execute(1)
    #expect(manual.command.isExecuting.value)
    disposable.dispose()
    #expect(manual.probe.ended == 1)
    #expect(!manual.command.isExecuting.value)
    #expect(events.descriptions == ["interrupted"])
  }

  @Test func disposalMidExecutionInterruptsTheWorkAndTheCallerAndEndsIsExecuting() {
    let manual = ManualCommand()
    let isExecuting = TestRecorder(manual.command.isExecuting.signal)
    let execution = TestRecorder(manual.command.apply(1))
    manual.latest.send(value: 10)
    execution.disposable?.dispose()
    manual.latest.send(value: 11)
    #expect(execution.descriptions == ["10", "interrupted"])
    #expect(manual.probe.ended == 1)
    #expect(isExecuting.descriptions == ["true", "false"])
    #expect(manual.command.isEnabled.value)
  }

  // MARK: Disabled

  @Test func executingWhileDisabledFailsWithDisabledReportsTheInputAndDoesNotCallTheWork() {
    let gate = MutableProperty(false)
    let manual = ManualCommand(enabledIf: gate)
    let errors = TestRecorder(manual.command.errors)
    let attempts = TestRecorder(manual.command.disabledAttempts)
    let execution = TestRecorder(manual.command.apply(1))
    manual.command.execute(2)
    #expect(attempts.descriptions == ["1", "2"])
    #expect(execution.descriptions == ["failed(disabled)"])
    #expect(execution.error == .disabled)
    #expect(manual.workCalls.isEmpty)
    #expect(!manual.command.isExecuting.value)
    #expect(errors.events.isEmpty)
  }

  @Test func isEnabledFollowsEnabledIf() {
    let gate = MutableProperty(false)
    let manual = ManualCommand(enabledIf: gate)
    let isEnabled = TestRecorder(manual.command.isEnabled.producer)
    gate.value = true
    gate.value = true
    gate.value = false
    #expect(isEnabled.descriptions == ["false", "true", "false"])
  }

  // MARK: isExecuting and isEnabled timing

  @Test func isExecutingIsTrueAndASerialCommandDisabledBeforeTheWorkIsCalled() {
    let seen = Box<[Bool]>([])
    let command = Box<Command<Void, Void, Never>?>(nil)
    command.value = Command<Void, Void, Never> {
      seen.value = [command.value!.isExecuting.value, command.value!.isEnabled.value]
    }
    let isExecuting = TestRecorder(command.value!.isExecuting.signal)
    command.value!.execute()
    #expect(seen.value == [true, false])
    #expect(isExecuting.descriptions == ["true", "false"])
  }

  @Test(arguments: [Signal<Int, TestError>.Event.completed, .failed(.boom)])
  func isExecutingTurnsFalseWhenTheExecutionEnds(ending: Signal<Int, TestError>.Event) {
    let manual = ManualCommand()
    manual.command.execute(1)
    #expect(manual.command.isExecuting.value)
    #expect(!manual.command.isEnabled.value)
    manual.latest.send(ending)
    #expect(!manual.command.isExecuting.value)
    #expect(manual.command.isEnabled.value)
  }

  @Test func theStateIsUpdatedBeforeTheTerminalEventIsDeliveredSoAnObserverCanExecuteAgain() {
    let manual = ManualCommand()
    let retried = Box<[Bool]>([])
    manual.command.errors.observeValues { _ in
      retried.value.append(manual.command.isExecuting.value)
      manual.command.execute(2)
    }
    let execution = TestRecorder<Int, CommandError<TestError>>()
    manual.command.apply(1).start { event in
      if event.isTerminating { retried.value.append(manual.command.isEnabled.value) }
      execution.record(event)
    }
    manual.latest.send(error: .boom)
    #expect(retried.value == [false, false])  // idle in `errors`; executing again by the caller's turn
    #expect(manual.workCalls == [1, 2])
    #expect(execution.descriptions == ["failed(failed(boom))"])
  }

  // MARK: Outputs

  @Test func outputsCarryEveryExecutionWhoeverStartedIt() {
    let manual = ManualCommand(policy: .concurrent)
    let values = TestRecorder(manual.command.values)
    let events = TestRecorder(manual.command.events)
    let completed = TestRecorder(manual.command.completed)
    manual.command.execute(1)
    let first = manual.latest
    manual.command.apply(2).start()
    let second = manual.latest
    first.send(value: 10)
    second.send(value: 20)
    second.sendCompleted()
    first.send(error: .boom)
    #expect(values.descriptions == ["10", "20"])
    #expect(events.values.map(\.description) == ["value(10)", "value(20)", "completed", "failed(boom)"])
    #expect(completed.values.count == 1)
  }

  @Test func theCommandsOutputsReceiveEachEventBeforeTheExecutionsObserver() {
    let manual = ManualCommand()
    let order = Box<[String]>([])
    manual.command.values.observeValues { order.value.append("values \($0)") }
    manual.command.completed.observeValues { order.value.append("completed") }
    manual.command.apply(1).start { event in order.value.append("caller \(event)") }
    manual.latest.send(value: 5)
    manual.latest.sendCompleted()
    #expect(order.value == ["values 5", "caller value(5)", "completed", "caller completed"])
  }

  @Test func anErrorOfAnExecutionStartedBeforeObservingIsDelivered() {
    // `errors` is hot and fed by every execution, so it reports failures that happen after you observe,
    // whenever their execution started (RAC's rule too: its `errors` is connected when the command is made).
    let manual = ManualCommand()
    manual.command.execute(1)
    let errors = TestRecorder(manual.command.errors)
    manual.latest.send(error: .boom)
    #expect(errors.descriptions == ["boom"])
  }

  @Test func anErrorThatHappenedBeforeObservingIsNotReplayed() {
    let manual = ManualCommand()
    manual.command.execute(1)
    manual.latest.send(error: .boom)
    let errors = TestRecorder(manual.command.errors)
    #expect(errors.events.isEmpty)
    manual.command.execute(2)
    manual.latest.send(error: .other)
    #expect(errors.descriptions == ["other"])
  }

  @Test func theLatestErrorCanBeKeptAsStateWithAProperty() {
    let manual = ManualCommand()
    let latestError = Property(initial: nil, then: manual.command.errors.map(Optional.some))
    manual.command.execute(1)
    manual.latest.send(error: .boom)
    #expect(latestError.value == .boom)
  }

  // MARK: Policies

  @Test func aSerialCommandRefusesASecondExecutionWhileOneRuns() {
    let manual = ManualCommand()
    #expect(manual.command.isEnabled.value && !manual.command.isExecuting.value)  // no enabledIf: enabled
    let attempts = TestRecorder(manual.command.disabledAttempts)
    manual.command.execute(1)
    let second = TestRecorder(manual.command.apply(2))
    #expect(second.error == .disabled)
    #expect(manual.workCalls == [1])
    #expect(attempts.descriptions == ["2"])
    manual.latest.sendCompleted()
    manual.command.execute(3)
    #expect(manual.workCalls == [1, 3])
  }

  @Test func aConcurrentCommandRunsOverlappingExecutionsAndStaysEnabled() {
    let manual = ManualCommand(policy: .concurrent)
    let isExecuting = TestRecorder(manual.command.isExecuting.signal)
    let isEnabled = TestRecorder(manual.command.isEnabled.signal)
    manual.command.execute(1)
    let first = manual.latest
    manual.command.execute(2)
    let second = manual.latest
    #expect(manual.workCalls == [1, 2])
    #expect(manual.command.isEnabled.value)
    first.sendCompleted()
    #expect(manual.command.isExecuting.value)
    second.sendCompleted()
    #expect(!manual.command.isExecuting.value)
    #expect(isExecuting.descriptions == ["true", "false"])
    #expect(isEnabled.events.isEmpty)
  }

  @Test func aConcurrentCommandStillObeysEnabledIf() {
    let gate = MutableProperty(true)
    let manual = ManualCommand(policy: .concurrent, enabledIf: gate)
    manual.command.execute(1)
    gate.value = false
    #expect(manual.command.isExecuting.value)
    #expect(!manual.command.isEnabled.value)
    #expect(TestRecorder(manual.command.apply(2)).error == .disabled)
  }

  // MARK: Reentrancy and deadlock freedom

  @Test func enabledIfDerivedFromTheCommandsOwnIsExecutingDoesNotDeadlock() {
    // ReactiveSwift #309: isExecuting feeding back into enabledIf deadlocked. Here the gate is set from
    // inside isExecuting's delivery, and the command reads it back, on the same thread.
    let gate = MutableProperty(true)
    let command = Command<Int, Int, Never>(policy: .concurrent, enabledIf: gate) { input in
      SignalProducer(value: input)
    }
    let isEnabled = TestRecorder(command.isEnabled.signal)
    gate <~ command.isExecuting.map { !$0 }
    let first = TestRecorder(command.apply(1))
    #expect(first.descriptions == ["1", "completed"])
    #expect(isEnabled.descriptions == ["false", "true"])
    #expect(gate.value && command.isEnabled.value)
  }

  @Test func enabledIfDerivedFromIsExecutingMakesAConcurrentCommandRefuseWhileExecuting() {
    let gate = MutableProperty(true)
    let manual = ManualCommand(policy: .concurrent, enabledIf: gate)
    gate <~ manual.command.isExecuting.map { !$0 }
    manual.command.execute(1)
    #expect(!gate.value)
    #expect(TestRecorder(manual.command.apply(2)).error == .disabled)
    manual.latest.sendCompleted()
    #expect(gate.value && manual.command.isEnabled.value)
  }

  @Test func executingFromInsideAnIsExecutingObserverRunsTheNextExecution() {
    let manual = ManualCommand()
    let queue = Box([2, 3])
    manual.command.isExecuting.signal.observeValues { isExecuting in
      guard !isExecuting, !queue.value.isEmpty else { return }
      manual.command.execute(queue.value.removeFirst())
    }
    manual.command.execute(1)
    manual.latest.sendCompleted()
    #expect(manual.workCalls == [1, 2])
    #expect(manual.command.isExecuting.value)
    manual.latest.sendCompleted()
    manual.latest.sendCompleted()
    #expect(manual.workCalls == [1, 2, 3])
    #expect(!manual.command.isExecuting.value)
  }

  @Test func executingASerialCommandFromInsideItsOwnWorkIsRefused() {
    let nested = Box<CommandError<Never>?>(nil)
    let command = Box<Command<Int, Int, Never>?>(nil)
    command.value = Command { (input: Int) in
      if input == 1 {
        command.value!.apply(2).startWithFailed { nested.value = $0 }
      }
      return SignalProducer(value: input)
    }
    let outer = TestRecorder(command.value!.apply(1))
    #expect(nested.value == .disabled)
    #expect(outer.descriptions == ["1", "completed"])
  }

  // MARK: Lifetime

  @Test func outputsCompleteWhenTheCommandIsReleased() {
    let manual = ManualCommand()
    let command = Weak(manual.command)
    let recorders = (
      values: TestRecorder(manual.command.values), errors: TestRecorder(manual.command.errors),
      events: TestRecorder(manual.command.events), completed: TestRecorder(manual.command.completed),
      attempts: TestRecorder(manual.command.disabledAttempts),
      isExecuting: TestRecorder(manual.command.isExecuting.signal),
      isEnabled: TestRecorder(manual.command.isEnabled.signal)
    )
    let isExecuting = manual.command.isExecuting
    withExtendedLifetime(manual) {}
    _ = consume manual
    #expect(command.object == nil)
    #expect(recorders.values.descriptions == ["completed"])
    #expect(recorders.errors.descriptions == ["completed"])
    #expect(recorders.events.descriptions == ["completed"])
    #expect(recorders.completed.descriptions == ["completed"])
    #expect(recorders.attempts.descriptions == ["completed"])
    #expect(recorders.isExecuting.descriptions == ["completed"])
    #expect(recorders.isEnabled.descriptions == ["false", "completed"])
    #expect(!isExecuting.value)
  }

  @Test func anExecutionInFlightDoesNotKeepTheCommandAliveAndEndsForItsCaller() {
    let probe = ProbedProducer<Int, Never>()
    var command: Command<Void, Int, Never>? = Command { probe.producer }
    let weakCommand = Weak(command!)
    let values = TestRecorder(command!.values)
    let execution = TestRecorder(command!.apply())
    let producer = command!.apply()
    command = nil
    #expect(weakCommand.object == nil)
    #expect(values.descriptions == ["completed"])
    probe.input.send(value: 1)
    probe.input.sendCompleted()
    #expect(execution.descriptions == ["1", "completed"])
    #expect(TestRecorder(producer).error == .disabled)
  }

  @Test func enabledIfDoesNotKeepTheCommandAliveAndIsLetGoWhenItIsReleased() {
    let gate = MutableProperty(true)
    var command: Command<Int, Int, Never>? = Command(enabledIf: gate) { SignalProducer(value: $0) }
    let weakCommand = Weak(command!)
    #expect(observerCount(gate.signal) == 1)
    command = nil
    #expect(weakCommand.object == nil)
    #expect(observerCount(gate.signal) == 0)
    gate.value = false
  }
}
