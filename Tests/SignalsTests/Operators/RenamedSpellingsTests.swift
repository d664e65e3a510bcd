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
}
