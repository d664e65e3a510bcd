import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Contracts §16, "Glitch freedom": a change of a source recomputes every property derived from it at most
/// once, after all of its inputs that depend on the change, and every value anyone sees is computed from one
/// consistent state of the sources.
@Suite(.watchingThePool) struct GlitchFreedomTests {
  @Test func theDiamondFromTheIssueEmitsOnlyTheNewState() {
    // a ─┬─ map(+1) ──┐
    //    └─ map(×10) ─┴─ combineLatest → d
    let a = MutableProperty(1)
    let b = a.map { $0 + 1 }
    let c = a.map { $0 * 10 }
    let d = Property.combineLatest(b, c) { "\($0)/\($1)" }
    let recorder = TestRecorder(d.producer)
    a.value = 2
    #expect(recorder.descriptions == ["2/10", "3/20"])  // never "3/10"
    #expect(d.value == "3/20")
  }

  @Test func eachDerivedPropertyIsComputedOncePerChange() {
    let a = MutableProperty(1)
    let calls = Locked<[String]>([])
    let b = a.map { value -> Int in
      calls.withLock { $0.append("b") }
      return value + 1
    }
    let c = a.map { value -> Int in
      calls.withLock { $0.append("c") }
      return value * 10
    }
    let d = Property.combineLatest(b, c) { left, right -> Int in
      calls.withLock { $0.append("d") }
      return left + right
    }
    let observers = [TestRecorder(d.signal), TestRecorder(d.signal), TestRecorder(d.producer)]
    calls.withLock { $0 = [] }
    a.value = 2
    // b and c (in creation order), then d once, after both: rank order.
    #expect(calls.withLock { $0 } == ["b", "c", "d"])
    #expect(observers.map(\.values.last) == [23, 23, 23])
  }

  @Test func anUnevenDiamondWaitsForItsLongestPath() {
    // combineLatest(a, a.map.map.map): the short path must not fire before the long one arrives.
    let a = MutableProperty(1)
    let deep = a.map { $0 + 1 }.map { $0 * 2 }.map { $0 - 1 }
    let pair = Property.combineLatest(a, deep)
    let recorder = TestRecorder(pair.signal)
    a.value = 5
    a.value = 7
    #expect(recorder.values.map { "\($0.0),\($0.1)" } == ["5,11", "7,15"])
  }

  @Test func diamondsOfManyShapesNeverMixOldAndNewValues() {
    // Four paths of different depths from one source into one combination: every emitted tuple is four
    // functions of the same source value.
    let a = MutableProperty(0)
    let p1 = a.map { $0 }
    let p2 = a.map { $0 }.map { $0 }
    let p3 = Property.combineLatest(p1, p2) { x, _ in x }.map { $0 }
    let p4 = a.skipRepeats()
    let all = Property.combineLatest([p1, p2, p3, p4])
    let recorder = TestRecorder(all.producer)
    for value in 1...20 { a.value = value }
    #expect(recorder.values.count == 21)
    #expect(recorder.values.allSatisfy { Set($0).count == 1 }, "\(recorder.values)")
  }

  @Test func observersOfEveryPropertyReadOnlyTheNewStateAnywhereInTheGraph() {
    // An observer of the source, of an intermediate property and of the result all read the whole graph:
    // every value they read is from the change they are told of.
    let a = MutableProperty(1)
    let b = a.map { $0 * 2 }
    let c = Property.combineLatest(a, b) { $0 + $1 }
    var mismatches: [String] = []
    func check(_ label: String) {
      if b.value != a.value * 2 || c.value != a.value * 3 {
        mismatches.append("\(label): a=\(a.value) b=\(b.value) c=\(c.value)")
      }
    }
    a.signal.observeValues { _ in check("a") }
    b.signal.observeValues { _ in check("b") }
    c.signal.observeValues { _ in check("c") }
    for value in 2...5 { a.value = value }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func aBindingFromADerivedPropertySeesOnlyConsistentValues() {
    let a = MutableProperty(1)
    let label = MutableProperty("")
    label <~ Property.combineLatest(a.map { $0 + 1 }, a.map { $0 * 10 }) { "\($0)/\($1)" }
    let recorder = TestRecorder(label.signal)
    a.value = 2
    a.value = 3
    #expect(recorder.values == ["3/20", "4/30"])
  }

  @Test func producerAndSignalObserversOfADerivedPropertyAgree() {
    let a = MutableProperty(1)
    let sum = Property.combineLatest(a, a.map { $0 * 100 }) { $0 + $1 }
    let producer = TestRecorder(sum.producer)
    let signal = TestRecorder(sum.signal)
    a.value = 2
    #expect(producer.values == [101, 202])
    #expect(signal.values == [202])
  }

  @Test func flatMapLatestOverPropertiesIsGlitchFree() {
    // The outer property and the inner ones depend on the same source: switching and the inner's change
    // happen in one change, and the result is computed once, from the new inner property's new value.
    let source = MutableProperty(1)
    let small = source.map { "small \($0)" }
    let large = source.map { "LARGE \($0)" }
    let isLarge = source.map { $0 >= 10 }
    let chosen = isLarge.flatMap(.latest) { useLarge in useLarge ? large : small }
    let recorder = TestRecorder(chosen.producer)
    source.value = 2
    source.value = 10
    source.value = 11
    source.value = 3
    #expect(recorder.values == ["small 1", "small 2", "LARGE 10", "LARGE 11", "small 3"])
  }

  @Test func flatMapLatestWaitsForAnInnerPropertyThatRanksHigher() {
    // The new inner property is computed from the source through a longer path than the flatMap's own: the
    // result ranks above it once switched, and reads it after it changed in the same change.
    let source = MutableProperty(0)
    let deep = source.map { $0 }.map { $0 }.map { $0 }.map { "deep \($0)" }
    let shallow = source.map { "shallow \($0)" }
    let result = source.map { $0.isMultiple(of: 2) }.flatMap(.latest) { even in even ? shallow : deep }
    let recorder = TestRecorder(result.producer)
    for value in 1...4 { source.value = value }
    #expect(recorder.values == ["shallow 0", "deep 1", "shallow 2", "deep 3", "shallow 4"])
  }

  @Test func aChainWhoseMiddleNodeIsReRankedInTheWaveComputesEachNodeOnceAfterItsInputs() {
    // parity → flatMap(.latest) → tagged → shown: a chain, which a wave computes node after node without its
    // queue while `shallow` waits in it. Switching to `deep` raises the flatMap's rank (and the chain's after
    // it) in the wave, and `deep` changes in that wave too: the chain still waits for it.
    let source = MutableProperty(0)
    let deep = source.map { $0 }.map { $0 }.map { $0 }.map { "deep \($0)" }
    let shallow = source.map { "shallow \($0)" }
    let calls = Locked<[String]>([])
    let middle = source.map { $0.isMultiple(of: 2) }.flatMap(.latest) { even in even ? shallow : deep }
    let tagged = middle.map { value -> String in
      calls.withLock { $0.append("tagged \(value)") }
      return value + "!"
    }
    let shown = tagged.map { value -> String in
      calls.withLock { $0.append("shown \(value)") }
      return "<\(value)>"
    }
    let recorder = TestRecorder(shown.producer)
    calls.withLock { $0 = [] }
    for value in 1...4 { source.value = value }
    #expect(recorder.values == ["<shallow 0!>", "<deep 1!>", "<shallow 2!>", "<deep 3!>", "<shallow 4!>"])
    #expect(
      calls.withLock { $0 }
        == (1...4).flatMap { value in
          let name = value.isMultiple(of: 2) ? "shallow \(value)" : "deep \(value)"
          return ["tagged \(name)", "shown \(name)!"]
        })
  }

  @Test func flatMapLatestCreatingItsInnerPropertyFromTheChangeSeesTheNewValue() {
    // The transform builds a property from the very source that changed: it reads the source's new value.
    let source = MutableProperty(1)
    let result = source.flatMap(.latest) { factor in source.map { $0 * factor } }
    let recorder = TestRecorder(result.producer)
    source.value = 3
    source.value = 4
    #expect(recorder.values == [1, 9, 16])
  }

  @Test func aPropertyFromAnArbitraryProducerIsASourceOfTheGraph() {
    // The line: `Property(initial:then:)` over a producer is fed by the stream layer, so it changes in its own
    // step, after the change that made its producer send. A combination of it with its origin sees both steps.
    let a = MutableProperty(1)
    let fromStream = Property(initial: 0, then: a.producer.map { $0 * 10 })
    let pair = Property.combineLatest(a, fromStream) { "\($0)/\($1)" }
    let recorder = TestRecorder(pair.signal)
    a.value = 2
    #expect(recorder.values == ["2/10", "2/20"])
  }

  @Test func aPropertyCreatedFromInsideAnObserverReadsTheCommittedState() {
    let a = MutableProperty(1)
    let b = a.map { $0 * 2 }
    var created: [Property<Int>] = []
    b.signal.observeValues { _ in created.append(Property.combineLatest(a, b) { $0 + $1 }) }
    a.value = 5
    #expect(created.map(\.value) == [15])
    a.value = 6
    #expect(created.map(\.value) == [18, 18])
  }

  @Test func combineLatestOverFourPropertiesKeepsEveryInput() {
    // Four inputs: a parameter pack code path that Swift 6.3 has miscompiled in optimised builds before.
    let a = MutableProperty(1)
    let b = MutableProperty("b")
    let c = MutableProperty(2.5)
    let d = MutableProperty(true)
    let all = Property.combineLatest(a, b, c, d) { "\($0) \($1) \($2) \($3)" }
    a.value = 2
    d.value = false
    #expect(all.value == "2 b 2.5 false")
    #expect(Property.combineLatest(a, b, c, d).value == (2, "b", 2.5, false))
  }
}
