import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ConcurrencyAsyncProducerTests {
  @Test func sequenceElementsAreSentThenCompleted() async {
    let (stream, input) = AsyncStream<Int>.makeStream()
    input.yield(1)
    input.yield(2)
    input.finish()
    let recorder = await runToEnd(SignalProducer(stream))
    #expect(recorder.descriptions == ["1", "2", "completed"])
  }

  @Test func sequenceErrorFailsTheProducer() async {
    let (stream, input) = AsyncThrowingStream<Int, any Error>.makeStream()
    input.yield(1)
    input.finish(throwing: TestError.boom)
    let recorder = await runToEnd(SignalProducer(stream))
    #expect(recorder.values == [1])
    #expect(recorder.error as? TestError == .boom)
  }

  @Test func disposingCancelsTheIteratingTask() async {
    let cancelled = Locked(false)
    let (stream, input) = AsyncStream<Int>.makeStream()
    input.onTermination = { termination in
      if case .cancelled = termination { cancelled.withLock { $0 = true } }
    }
    let recorder = TestRecorder<Int, Never>()
    let (received, receivedInput) = AsyncStream<Void>.makeStream()
    let disposable = SignalProducer(stream).start { event in
      recorder.record(event)
      receivedInput.yield()
    }
    input.yield(1)
    for await _ in received { break }
    disposable.dispose()
    while !cancelled.withLock({ $0 }) { await Task.yield() }
    input.yield(2)
    #expect(recorder.descriptions == ["1", "interrupted"])
  }

  @Test func awaitingSendsTheResultThenCompletes() async {
    let recorder = await runToEnd(SignalProducer<Int, Never>(awaiting: { 42 }))
    #expect(recorder.descriptions == ["42", "completed"])
  }

  @Test func awaitingFailsWithTheTypedError() async {
    let recorder = await runToEnd(SignalProducer<Int, TestError>(awaiting: { () throws(TestError) in throw .boom }))
    #expect(recorder.descriptions == ["failed(boom)"])
  }

  @Test func disposingCancelsTheAwaitedWork() async {
    let (cancelled, cancelledInput) = AsyncStream<Void>.makeStream()
    let (started, startedInput) = AsyncStream<Void>.makeStream()
    let producer = SignalProducer<Int, Never>(awaiting: {
      await withTaskCancellationHandler {
        startedInput.yield()
        while !Task.isCancelled { await Task.yield() }
        return 1
      } onCancel: {
        cancelledInput.yield()
      }
    })
    let recorder = TestRecorder(producer)
    for await _ in started { break }
    recorder.disposable?.dispose()
    for await _ in cancelled { break }
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func roundTripThroughValuesAndBack() async {
    let producer = SignalProducer(SignalProducer<Int, TestError>([1, 2]).values)
    let recorder = await runToEnd(producer.map { $0 * 10 })
    #expect(recorder.descriptions == ["10", "20", "completed"])
  }
}
