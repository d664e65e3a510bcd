import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The unavailable ReactiveSwift spellings (`a.combineLatest(with: b)`, …) exist as properties so that the
/// compiler offers our names; the compiler's message is pasted in `Docs/Migrating.md`. What can be checked
/// here is that they leave the static forms as they were: each line below would stop compiling, with
/// "generic parameter 'Value' could not be inferred", had they been declared as methods (swiftlang/swift#80146).
@Suite(.watchingThePool) struct RenamedSpellingsTests {
  @Test func theStaticFormsStillInferTheirTypes() {
    let (numbers, send) = Signal<Int, Never>.pipe()
    let (words, say) = Signal<String, Never>.pipe()
    let latest = TestRecorder(Signal.combineLatest(numbers, words).map { "\($0)\($1)" })
    let zipped = TestRecorder(Signal.zip(numbers, words).map { "\($0)\($1)" })
    let (others, sendOther) = Signal<Int, Never>.pipe()
    let merged = TestRecorder(Signal.merge(numbers, others))
    let one = SignalProducer<Int, Never>(value: 1)
    let concatenated = TestRecorder(SignalProducer.concat(one, one.map { $0 + 1 }))
    send.send(value: 1)
    say.send(value: "a")
    sendOther.send(value: 10)
    latest.expect(values: ["1a"])
    zipped.expect(values: ["1a"])
    merged.expect(values: [1, 10])
    concatenated.expect(events: ["1", "2", "completed"])
  }

  /// The `resultSelector:` stubs (RxSwift's label) are static, with a label of their own: calls with
  /// `reduce:`, or with a trailing closure, still pick the available forms. A call with `resultSelector:`
  /// does not compile; its message, naming `reduce:`, is pasted in `Docs/Migrating.md`.
  @Test func theResultSelectorStubsLeaveReduceAndTrailingClosuresAsTheyWere() {
    let (numbers, send) = Signal<Int, Never>.pipe()
    let (words, say) = Signal<String, Never>.pipe()
    let latest = TestRecorder(Signal.combineLatest(numbers, words, reduce: { "\($0)\($1)" }))
    let zipped = TestRecorder(Signal.zip(numbers, words) { "\($0)\($1)" })
    let one = SignalProducer<Int, Never>(value: 1)
    let sum = TestRecorder(SignalProducer.combineLatest(one, one) { $0 + $1 })
    let pairs = TestRecorder(SignalProducer.zip(one, one, reduce: +))
    let total = Property.combineLatest(Property(value: 1), Property(value: 2)) { $0 + $1 }
    let listed = TestRecorder(SignalProducer.combineLatest([one, one]).map { $0.reduce(0, +) })
    let zippedList = TestRecorder(Signal.zip([numbers, numbers]).map { $0.reduce(0, +) })
    send.send(value: 1)
    say.send(value: "a")
    latest.expect(values: ["1a"])
    zipped.expect(values: ["1a"])
    sum.expect(events: ["2", "completed"])
    pairs.expect(events: ["2", "completed"])
    #expect(total.value == 3)
    listed.expect(events: ["2", "completed"])
    zippedList.expect(values: [2])
  }
}
