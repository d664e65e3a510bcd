import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ConcatTests {
  @Test func runsProducersOneAfterTheOther() {
    // first:  -1-2|
    // second:     -3|
    // concat: -1-2-3|
    let first = SignalProducer<Int, Never>([1, 2])
    let second = SignalProducer<Int, Never>(value: 3)
    #expect(TestRecorder(SignalProducer.concat(first, second)).descriptions == ["1", "2", "3", "completed"])
    #expect(TestRecorder(first.concatenating(second)).values == [1, 2, 3])
    #expect(TestRecorder(first.prefix(second)).values == [3, 1, 2])
  }

  @Test func startsTheNextOnlyWhenThePreviousCompletes() {
    let first = ProducerProbe<Int, TestError>()
    let second = ProducerProbe<Int, TestError>()
    let recorder = TestRecorder(SignalProducer.concat([first.producer, second.producer]))
    first.observer?.send(value: 1)
    #expect(second.starts == 0)
    first.observer?.sendCompleted()
    #expect(second.starts == 1)
    second.observer?.send(value: 2)
    second.observer?.sendCompleted()
    #expect(recorder.descriptions == ["1", "2", "completed"])
  }

  @Test func failureEndsItWithoutStartingTheRest() {
    let rest = ProducerProbe<Int, TestError>()
    let producer = SignalProducer<Int, TestError>(value: 1)
      .concatenating(SignalProducer(error: .boom))
      .concatenating(rest.producer)
    #expect(TestRecorder(producer).descriptions == ["1", "failed(boom)"])
    #expect(rest.starts == 0)
  }

  @Test func interruptionOfTheCurrentProducerInterruptsTheResult() {
    let first = ProducerProbe<Int, Never>()
    let rest = ProducerProbe<Int, Never>()
    let recorder = TestRecorder(first.producer.concatenating(rest.producer))
    first.observer?.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
    #expect(rest.starts == 0)
  }

  @Test func disposalInterruptsTheCurrentProducerAndSkipsTheRest() {
    let first = ProducerProbe<Int, Never>()
    let rest = ProducerProbe<Int, Never>()
    let recorder = TestRecorder(first.producer.concatenating(rest.producer))
    recorder.disposable?.dispose()
    #expect((first.ends, rest.starts) == (1, 0))
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func emptyListCompletesAtOnce() {
    #expect(TestRecorder(SignalProducer.concat([SignalProducer<Int, Never>]())).descriptions == ["completed"])
  }
}
