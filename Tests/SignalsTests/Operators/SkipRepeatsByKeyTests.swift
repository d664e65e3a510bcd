import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `skipRepeats` by a key: RxSwift's `distinctUntilChanged(_ keySelector:)`.
@Suite(.watchingThePool) struct SkipRepeatsByKeyTests {
  @Test func dropsValuesWhoseKeyEqualsTheLastForwardedKey() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-1-3-4-6-5-|", values: ["1": 1, "3": 3, "4": 4, "6": 6, "5": 5])
    let recorder = TestRecorder(input.skipRepeats { $0 % 2 == 0 }, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-1---4---5-|", values: ["1": 1, "4": 4, "5": 5])
  }

  @Test func aOneArgumentClosureOverOptionalsIsTheKeyForm() {
    let (signal, input) = Signal<Int?, Never>.pipe()
    var keys = 0
    let recorder = TestRecorder(
      signal.skipRepeats { value -> Bool in
        keys += 1
        return value != nil
      })
    for value in [nil, 1, 2, nil, nil, 3] as [Int?] { input.send(value: value) }
    #expect(recorder.values == [nil, 1, nil, 3])
    #expect(keys == 6, "the key runs once per value")
    let short = TestRecorder(signal.skipRepeats { $0 != nil })
    input.send(value: 4)
    input.send(value: 5)
    #expect(short.values == [4])
  }

  @Test func failsCompletesAndDetachesWithTheSource() {
    let (signal, input) = Signal<String, TestError>.pipe()
    let recorder = TestRecorder(signal.skipRepeats(\.count))
    input.send(value: "a")
    input.send(value: "b")
    input.send(value: "cd")
    input.send(error: .boom)
    #expect(recorder.descriptions == ["a", "cd", "failed(boom)"])
    #expect(signal.observerCount == 0)
  }

  @Test func aProducerStartsAfreshOnEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 1, 2]).skipRepeats { $0 > 1 }
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
  }
}
