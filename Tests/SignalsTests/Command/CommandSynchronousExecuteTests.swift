import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// `execute` of synchronous work calls the work directly, without starting a producer: these check that it
/// behaves exactly as an execution through `apply` does.
@Suite(.watchingThePool) struct CommandSynchronousExecuteTests {
  @Test func executePublishesTheValueThenTheEndToEveryOutputAndReturnsAnEndedDisposable() {
    let double = Command(work: { (input: Int) in input * 2 })
    let events = TestRecorder(double.events)
    let values = TestRecorder(double.values)
    let completed = TestRecorder(double.completed)
    let isExecuting = TestRecorder(double.isExecuting.signal)
    let isEnabled = TestRecorder(double.isEnabled.signal)
    let execution = double.execute(21)
    #expect(execution.isDisposed)
    execution.dispose()
    #expect(events.descriptions == ["value(42)", "completed"])
    #expect(values.descriptions == ["42"])
    #expect(completed.descriptions == ["()"])
    #expect(isExecuting.descriptions == ["true", "false"])
    #expect(isEnabled.descriptions == ["false", "true"])
  }

  @Test func aThrowingWorkFailsTheExecutionAndReachesErrorsOnly() {
    let parse = Command { (text: String) throws(TestError) -> Int in
      guard let number = Int(text) else { throw .boom }
      return number
    }
    let events = TestRecorder(parse.events)
    let errors = TestRecorder(parse.errors)
    let values = TestRecorder(parse.values)
    #expect(parse.execute("x").isDisposed)
    #expect(events.descriptions == ["failed(boom)"])
    #expect(errors.descriptions == ["boom"])
    #expect(values.events.isEmpty)
    #expect(!parse.isExecuting.value)
    #expect(parse.isEnabled.value)
  }

  @Test func theWorkSeesTheCommandExecutingAndDisabled() {
    let seen = Box<[Bool]>([])
    let command = Box<Command<Int, Int, Never>?>(nil)
    command.value = Command(work: { (input: Int) in
      seen.value = [command.value!.isExecuting.value, command.value!.isEnabled.value]
      return input
    })
    command.value!.execute(1)
    #expect(seen.value == [true, false])
    #expect(!command.value!.isExecuting.value)
  }

  @Test func aSerialCommandRefusesAnExecutionFromItsOwnValueButAcceptsOneFromItsEnd() {
    let command = Command(work: { (input: Int) in input })
    let attempts = TestRecorder(command.disabledAttempts)
    let values = TestRecorder(command.values)
    command.values.observeValues { value in
      if value == 1 { command.execute(2) }
    }
    command.completed.observeValues { _ in
      if values.values.count == 1 { command.execute(3) }
    }
    command.execute(1)
    #expect(attempts.descriptions == ["2"])
    #expect(values.descriptions == ["1", "3"])
  }

  @Test func aConcurrentCommandQueuesTheEventsOfAnExecutionStartedFromItsOwnValue() {
    let command = Command(policy: .concurrent, work: { (input: Int) in input })
    let events = TestRecorder(command.events)
    command.values.observeValues { value in
      if value == 1 { command.execute(2) }
    }
    command.execute(1)
    // The nested execution runs at once; its events queue behind the value being delivered.
    #expect(events.descriptions == ["value(1)", "value(2)", "completed", "completed"])
    #expect(!command.isExecuting.value)
  }

  @Test func valuesKeepTheOrderOfEventsWhenTheirObserverExecutesAgain() {
    // `values` is fed from inside the delivery of `events`: a value of an execution started by an observer of
    // `values` queues behind the value being delivered, in both streams.
    let command = Command(policy: .concurrent, work: { (input: Int) in input })
    let events = TestRecorder(command.events)
    let values = TestRecorder(command.values)
    command.values.observeValues { value in
      if value < 3 { command.execute(value + 1) }
    }
    command.execute(1)
    #expect(values.descriptions == ["1", "2", "3"])
    #expect(events.descriptions.filter { $0.hasPrefix("value") } == ["value(1)", "value(2)", "value(3)"])
  }

  @Test func anObserverOfEventsThatComesAfterExecutionsReceivesTheEndOfEachLaterOne() {
    // With `values`' feed as its only observer, `events` is not sent an execution's end; one observer more, and
    // it is.
    let command = Command(work: { (input: Int) throws(TestError) -> Int in
      if input < 0 { throw TestError.boom }
      return input
    })
    command.execute(1)
    command.execute(-1)
    let events = TestRecorder(command.events)
    command.execute(2)
    command.execute(-2)
    #expect(events.descriptions == ["value(2)", "completed", "failed(boom)"])
  }

  @Test func aConcurrentCommandsIsEnabledFollowsEnabledIfAloneWhileItExecutes() {
    let gate = MutableProperty(true)
    let command = Command(
      policy: .concurrent, enabledIf: gate,
      work: { (input: Int) in
        gate.value = false
        return input
      })
    let isEnabled = TestRecorder(command.isEnabled.signal)
    let values = TestRecorder(command.values)
    command.execute(1)
    #expect(!command.isEnabled.value)
    gate.value = true
    #expect(isEnabled.descriptions == ["false", "true"])
    #expect(values.descriptions == ["1"])
  }

  @Test func executeWhileDisabledReportsTheInputDoesNotCallTheWorkAndReturnsAnEndedDisposable() {
    let gate = MutableProperty(false)
    let ran = Box(0)
    let command = Command(
      enabledIf: gate,
      work: { (input: Int) in
        ran.value += 1
        return input
      })
    let attempts = TestRecorder(command.disabledAttempts)
    let events = TestRecorder(command.events)
    #expect(command.execute(5).isDisposed)
    #expect(attempts.descriptions == ["5"])
    #expect(events.events.isEmpty)
    #expect(ran.value == 0)
  }

  @Test func applyOfSynchronousWorkCanStillBeInterruptedWhileItsValueIsDelivered() {
    let command = Command(work: { (input: Int) in input })
    let events = TestRecorder(command.events)
    let execution = TestRecorder<Int, CommandError<Never>>()
    command.apply(1).startWithSignal { signal, interrupter in
      signal.observe { event in
        execution.record(event)
        if case .value = event { interrupter.dispose() }
      }
    }
    #expect(execution.descriptions == ["1", "interrupted"])
    #expect(events.descriptions == ["value(1)", "interrupted"])
    #expect(!command.isExecuting.value)
  }
}
