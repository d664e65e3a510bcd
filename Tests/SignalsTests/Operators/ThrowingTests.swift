import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct ThrowingTests {
  struct ParseError: Error, Equatable { let text: String }

  static func parse(_ text: String) throws(ParseError) -> Int {
    guard let value = Int(text) else { throw ParseError(text: text) }
    return value
  }

  @Test func aThrowingMapOnAStreamThatCannotFailTakesTheClosuresErrorType() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-1-2-x-3-|")
    let parsed: Signal<Int, ParseError> = input.map { text throws(ParseError) -> Int in try Self.parse(text) }
    let recorder = TestRecorder(parsed, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-b-X", values: ["a": 1, "b": 2], error: ParseError(text: "x"))
  }

  @Test func anUntypedThrowingMapGivesAnyError() {
    let (signal, input) = Signal<String, Never>.pipe()
    let parsed: Signal<Int, any Error> = signal.map { text throws -> Int in try Self.parse(text) }
    let recorder = TestRecorder(parsed)
    input.send(value: "4")
    input.send(value: "four")
    #expect(recorder.descriptions.first == "4")
    #expect(recorder.events.count == 2)
  }

  @Test func anAnyErrorStreamThrowsThroughAttemptMap() {
    let (signal, input) = Signal<String, any Error>.pipe()
    let recorder = TestRecorder(signal.attemptMap { text throws -> Int in try Self.parse(text) })
    input.send(value: "1")
    input.send(value: "y")
    #expect(recorder.values == [1])
    #expect(recorder.error is ParseError)
  }

  @Test func aNonThrowingMapStillPicksThePlainOverload() {
    let (signal, _) = Signal<Int, Never>.pipe()
    let plain: Signal<Int, Never> = signal.map { $0 * 2 }
    let inferred = signal.map { $0 * 2 }
    let failing = Signal<Int, TestError>.pipe().output.map { $0 + 1 }
    #expect(type(of: plain) == type(of: inferred))
    #expect(type(of: failing) == Signal<Int, TestError>.self)
  }

  @Test func attemptMapOnAFailingStreamThrowsItsFailureAndForwardsItsOwn() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let checked = TestRecorder(
      signal.attemptMap { value throws(TestError) -> Int in
        guard value >= 0 else { throw .other }
        return value * 10
      })
    input.send(value: 1)
    input.send(value: -1)
    input.send(value: 2)
    #expect(checked.descriptions == ["10", "failed(other)"])

    let (second, secondInput) = Signal<Int, TestError>.pipe()
    let forwarded = TestRecorder(second.attemptMap { value throws(TestError) -> Int in value })
    secondInput.send(error: .boom)
    #expect(forwarded.descriptions == ["failed(boom)"])
  }

  @Test func aThrowDetachesFromTheSourceAndInterruptsAProducersStart() {
    let scheduler = TestScheduler()
    let source = scheduler.createHotSignal([.next(210, "1"), .next(220, "x"), .next(230, "2"), .completed(300)])
    let res = scheduler.start {
      source.producer.map { text throws(ParseError) -> Int in try Self.parse(text) }
    }
    #expect(res.recorded == [.next(210, 1), .error(220, ParseError(text: "x"))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test func completesAndIsInterruptedWithTheSource() {
    let (signal, input) = Signal<String, Never>.pipe()
    let completed = TestRecorder(signal.map { text throws(ParseError) -> Int in try Self.parse(text) })
    input.send(value: "7")
    input.sendCompleted()
    #expect(completed.descriptions == ["7", "completed"])

    let (other, otherInput) = Signal<String, Never>.pipe()
    let interrupted = TestRecorder(other.attemptMap { text throws(ParseError) -> Int in try Self.parse(text) })
    otherInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func attemptMapWithAResultFailsAtTheFirstFailure() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-1-2-x-3-|")
    let result = input.attemptMap { text -> Result<Int, ParseError> in
      Result { () throws(ParseError) in try Self.parse(text) }
    }
    let recorder = TestRecorder(result, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-b-X", values: ["a": 1, "b": 2], error: ParseError(text: "x"))

    let (signal, pipe) = Signal<Int, TestError>.pipe()
    let typed = TestRecorder(signal.attemptMap { $0 > 1 ? .failure(.other) : .success($0) })
    pipe.send(value: 1)
    pipe.send(value: 2)
    #expect(typed.descriptions == ["1", "failed(other)"])
  }

  @Test func aProducersThrowingTransformsRunPerStart() {
    let producer = SignalProducer<String, Never>(["1", "2", "x"])
    let first = TestRecorder(producer.attemptMap { text throws(ParseError) -> Int in try Self.parse(text) })
    let second = TestRecorder(producer.map { text throws(ParseError) -> Int in try Self.parse(text) })
    #expect(first.descriptions == ["1", "2", "failed(ParseError(text: \"x\"))"])
    #expect(second.descriptions == first.descriptions)
  }

  @Test func aThrowingScanFailsWhenTheAccumulatorThrows() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
    let sums = input.scan(0) { sum, value throws(ParseError) -> Int in
      guard sum + value < 5 else { throw ParseError(text: "\(sum + value)") }
      return sum + value
    }
    let recorder = TestRecorder(sums, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-b-X", values: ["a": 1, "b": 3], error: ParseError(text: "6"))
  }

  @Test func aThrowingScanOfAProducerStartsFromTheInitialValueOnEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2, 3]).scan(10) { sum, value throws(TestError) -> Int in
      guard value < 3 else { throw .boom }
      return sum + value
    }
    #expect(TestRecorder(producer).descriptions == ["11", "13", "failed(boom)"])
    #expect(TestRecorder(producer).descriptions == ["11", "13", "failed(boom)"])
  }

  @Test func aThrowingComparisonDropsRepeatsUntilItThrows() {
    let scheduler = TestScheduler()
    let input = scheduler.hotSignal("-1-1-2-x-|")
    let distinct = input.skipRepeats { previous, next throws(ParseError) -> Bool in
      try Self.parse(previous) == Self.parse(next)
    }
    let recorder = TestRecorder(distinct, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-1---2-X", values: ["1": "1", "2": "2"], error: ParseError(text: "x"))

    let producer = SignalProducer<Int, Never>([1, 1, 2, -1]).skipRepeats { a, b throws(TestError) -> Bool in
      guard b >= 0 else { throw .other }
      return a == b
    }
    #expect(TestRecorder(producer).descriptions == ["1", "2", "failed(other)"])
  }

  @Test func anAbandonedResultReleasesItsTransform() {
    let (signal, input) = Signal<String, Never>.pipe()
    var released = false
    do {
      let canary = Canary { released = true }
      _ = signal.map { text throws(ParseError) -> Int in
        _ = canary
        return try Self.parse(text)
      }
    }
    input.send(value: "1")
    #expect(released)
  }
}
