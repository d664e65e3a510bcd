import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct CommandConvenienceTests {
  @Test func synchronousWorkSendsItsResultThenCompletes() {
    let double = Command(work: { (input: Int) in input * 2 })
    let values = TestRecorder(double.values)
    #expect(TestRecorder(double.apply(21)).descriptions == ["42", "completed"])
    #expect(values.descriptions == ["42"])
    #expect(!double.isExecuting.value)
  }

  @Test func synchronousWorkThatThrowsFailsWithItsTypedError() {
    let parse = Command { (text: String) throws(TestError) -> Int in
      guard let number = Int(text) else { throw .boom }
      return number
    }
    let errors = TestRecorder(parse.errors)
    #expect(TestRecorder(parse.apply("x")).error == .failed(.boom))
    #expect(TestRecorder(parse.apply("7")).descriptions == ["7", "completed"])
    #expect(errors.descriptions == ["boom"])
  }

  @Test func aCommandWithoutInputExecutesWithoutArguments() {
    let count = Box(0)
    let refresh = Command<Void, Int, Never> {
      count.value += 1
      return count.value
    }
    refresh.execute()
    #expect(TestRecorder(refresh.apply()).descriptions == ["2", "completed"])
    #expect(count.value == 2)
    let load = Command<Void, String, Never> { SignalProducer(values: "a", "b") }
    #expect(TestRecorder(load.apply()).descriptions == ["a", "b", "completed"])
  }

  @Test func synchronousWorkHonoursEnabledIfAndThePolicy() {
    let gate = MutableProperty(false)
    let ran = Box(0)
    let command = Command(policy: .concurrent, enabledIf: gate, work: { (_: Void) in ran.value += 1 })
    #expect(command.policy == .concurrent)
    #expect(TestRecorder(command.apply()).error == .disabled)
    gate.value = true
    command.execute()
    #expect(ran.value == 1)
  }

  @Test func commandErrorDescribesItselfAndExposesTheWorksFailure() {
    let disabled = CommandError<TestError>.disabled
    let failed = CommandError<TestError>.failed(.boom)
    #expect(disabled.description == "disabled")
    #expect(failed.description == "failed(boom)")
    #expect(disabled.failure == nil)
    #expect(failed.failure == .boom)
    #expect(failed != disabled)
  }
}

/// The execution state machine, without threads or streams.
@Suite(.watchingThePool) struct ExecutionStateTests {
  @Test func serialBeginsOnceUntilTheExecutionEnds() {
    var state = ExecutionState(policy: .serial, enabledIf: true)
    let first = state.begin()
    #expect(first && state.isExecuting && !state.isEnabled)
    let second = state.begin()
    #expect(!second)
    state.end()
    #expect(!state.isExecuting && state.isEnabled)
  }

  @Test func concurrentCountsOverlappingExecutions() {
    var state = ExecutionState(policy: .concurrent, enabledIf: true)
    let began = (state.begin(), state.begin())
    #expect(began == (true, true))
    state.end()
    #expect(state.isExecuting && state.isEnabled)
    state.end()
    #expect(!state.isExecuting)
  }

  @Test func enabledIfAndReleaseDisableEveryPolicy() {
    for policy in [ExecutionPolicy.serial, .concurrent] {
      var state = ExecutionState(policy: policy, enabledIf: false)
      let whileDisabled = state.begin()
      state.enabledIf = true
      state.release()
      let afterRelease = state.begin()
      #expect(!whileDisabled && !afterRelease && !state.isEnabled)
    }
  }
}
