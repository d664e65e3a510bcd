import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Contracts §16, "Equal values": the graph does not compare values. A set is a change even when the value is
/// equal, and every property derived from it is computed again and emits; `skipRepeats()` is where a graph
/// compares, and an equivalent value stops there: nothing downstream of it is computed or emits.
@Suite(.watchingThePool) struct EqualValueTests {
  @Test func aSetOfAnEqualValueEmitsAndEveryDerivedPropertyEmitsToo() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let pair = Property.combineLatest(a, doubled) { "\($0)/\($1)" }
    let source = TestRecorder(a.signal)
    let derived = TestRecorder(doubled.signal)
    let combined = TestRecorder(pair.signal)
    a.value = 1
    #expect(source.values == [1])
    #expect(derived.values == [2])
    #expect(combined.values == ["1/2"])
  }

  @Test func aTransformThatMapsToAnEqualValueStillEmits() {
    // `map` does not compare either: its input changed, so it emits, even though the result is the same.
    let a = MutableProperty(1)
    let parity = a.map { $0 % 2 }
    let recorder = TestRecorder(parity.signal)
    a.value = 3
    #expect(recorder.values == [1])
  }

  @Test func skipRepeatsStopsAnEquivalentValueAndEverythingDownstreamOfIt() {
    // a ── map(% 2) ── skipRepeats ── map(label) ──┐
    //  └───────────────────────────────────────────┴── combineLatest
    let a = MutableProperty(1)
    let parity = a.map { $0 % 2 }.skipRepeats()
    let labelCalls = Locked(0)
    let label = parity.map { parity -> String in
      labelCalls.withLock { $0 += 1 }
      return parity == 0 ? "even" : "odd"
    }
    let parityRecorder = TestRecorder(parity.signal)
    let labelRecorder = TestRecorder(label.signal)
    let both = TestRecorder(Property.combineLatest(a, label) { "\($0) \($1)" }.signal)
    labelCalls.withLock { $0 = 0 }

    a.value = 3  // odd again: parity is not emitted, label not computed
    a.value = 4  // even: both change
    a.value = 4  // equal value: a emits; parity is equivalent, so label stays put

    #expect(parityRecorder.values == [0])
    #expect(labelRecorder.values == ["even"])
    #expect(labelCalls.withLock { $0 } == 1)
    // The combination still follows `a`, whose every set is a change, with the label of the same state.
    #expect(both.values == ["3 odd", "4 even", "4 even"])
  }

  @Test func insideATransactionSettingAValueBackIsStillAChange() {
    // The transaction does not compare the final value with the one before it either: `a` was set.
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let recorder = TestRecorder(doubled.signal)
    withTransaction {
      a.value = 5
      a.value = 1
    }
    #expect(recorder.values == [2])
  }

  @Test func aTransactionThatSetsNothingEmitsNothing() {
    let a = MutableProperty(1)
    let recorder = TestRecorder(a.map { $0 * 2 }.signal)
    withTransaction { _ = a.value }
    #expect(recorder.values.isEmpty)
  }
}
