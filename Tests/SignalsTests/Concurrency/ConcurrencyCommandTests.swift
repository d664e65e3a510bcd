import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ConcurrencyCommandTests {
  @Test func asyncWorkSendsItsResultThenCompletes() async {
    let double = Command(awaiting: { (input: Int) async in input * 2 })
    let values = TestRecorder(double.values)
    #expect(await runToEnd(double.apply(21)).descriptions == ["42", "completed"])
    #expect(values.descriptions == ["42"])
    #expect(!double.isExecuting.value)
  }

  @Test func asyncWorkThatThrowsFailsWithItsTypedError() async {
    let parse = Command(awaiting: { (text: String) async throws(TestError) -> Int in
      guard let number = Int(text) else { throw .boom }
      return number
    })
    let errors = TestRecorder(parse.errors)
    #expect(await runToEnd(parse.apply("x")).error == .failed(.boom))
    #expect(errors.descriptions == ["boom"])
  }

  @Test func isExecutingUntilTheAsyncWorkReturns() async {
    let (gate, gateInput) = AsyncStream<Int>.makeStream()
    let command = Command<Void, Int, Never>(awaiting: {
      for await value in gate { return value }
      return -1
    })
    let execution = TestRecorder(command.apply())
    #expect(command.isExecuting.value)
    gateInput.yield(5)
    while !execution.isTerminated { await Task.yield() }
    #expect(execution.descriptions == ["5", "completed"])
    #expect(!command.isExecuting.value)
  }

  @Test func disposingAnExecutionCancelsItsTask() async {
    let (cancelled, cancelledInput) = AsyncStream<Void>.makeStream()
    let (started, startedInput) = AsyncStream<Void>.makeStream()
    let command = Command<Void, Int, Never>(awaiting: {
      await withTaskCancellationHandler {
        startedInput.yield()
        while !Task.isCancelled { await Task.yield() }
        return 1
      } onCancel: {
        cancelledInput.yield()
      }
    })
    let values = TestRecorder(command.values)
    let execution = command.execute()
    for await _ in started { break }
    #expect(command.isExecuting.value)
    execution.dispose()
    for await _ in cancelled { break }
    #expect(!command.isExecuting.value)
    #expect(values.values.isEmpty)
  }
}
