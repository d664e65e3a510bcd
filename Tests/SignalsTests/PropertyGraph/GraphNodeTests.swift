import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// What a node keeps in few bytes (Docs/PropertyGraph.md, "What a property is made of"): one mark for what a wave
/// did to it, one atomic byte for its membership, and still everything they told apart as separate fields.
@Suite(.watchingThePool) struct GraphNodeTests {
  /// Nodes to mark, kept alive by their cores for the spec's duration.
  let cores = (0..<2).map { SourceCore<Int>(mutable: $0) }

  /// A wave numbered `id`, as ``GraphDomain`` begins one, without a domain: only its marks are used.
  func wave(_ id: UInt64) -> Propagation {
    let wave = Propagation()
    wave.id = id
    wave.mark = id << 2
    wave.changedMark = wave.mark | WaveMark.changed
    return wave
  }

  func drain(_ wave: Propagation) -> Int {
    var count = 0
    while wave.pending.pop() != nil { count += 1 }
    return count
  }

  @Test func aWaveSchedulesANodeOnceAndANewWaveAgain() {
    let node = cores[0].node
    let first = wave(7)
    first.schedule(node)
    first.schedule(node)
    #expect(drain(first) == 1)
    #expect(!node.changed(in: first))
    let second = wave(8)
    second.schedule(node)
    #expect(drain(second) == 1)
  }

  @Test func aChangeIsSeenInItsWaveOnlyAndStaysScheduled() {
    let node = cores[0].node
    let first = wave(11)
    first.schedule(node)
    #expect(drain(first) == 1)
    node.waveMark = first.changedMark
    #expect(node.changed(in: first))
    first.schedule(node)
    #expect(drain(first) == 0)
    // Another wave, with a number four times as large or one apart, sees nothing of it.
    #expect(!node.changed(in: wave(12)))
    #expect(!node.changed(in: wave(44)))
    #expect(node.forcedIn == 0)
  }

  @Test func aForcedNodeIsScheduledOnceAndKnownForcedInItsWaveOnly() {
    let (node, other) = (cores[0].node, cores[1].node)
    let first = wave(20)
    first.force(node)
    first.force(node)
    first.schedule(node)
    // Scheduled first, then forced: forced, and still scheduled once.
    first.schedule(other)
    first.force(other)
    #expect(drain(first) == 2)
    #expect(node.forcedIn == 20)
    #expect(other.forcedIn == 20)
    #expect(!node.changed(in: first))
    // A node that changed is not made unchanged by a later catch-up.
    node.waveMark = first.changedMark
    first.force(node)
    #expect(node.changed(in: first))
    #expect(drain(first) == 0)
    let second = wave(21)
    #expect(other.forcedIn != second.id)
    second.schedule(other)
    #expect(drain(second) == 1)
    #expect(other.forcedIn == 0)
  }

  @Test func membershipKeepsWhatNeverChangesWhileANodeJoinsAndLeaves() {
    let source = Signals.GraphNode(isSource: true, compute: { _, _ in .unchanged }, perform: { _, _ in })
    let sourceBefore = (source.isSource, source.isInGraph, source.isDetached)
    source.inGraph.store(true, ordering: .releasing)
    let sourceAfter = (source.isSource, source.isInGraph, source.isDetached)
    #expect(sourceBefore == (true, false, false))
    #expect(sourceAfter == (true, true, false))

    // A derived node is in the graph from its `init`.
    let derived = Signals.GraphNode(isSource: false, compute: { _, _ in .unchanged }, perform: { _, _ in })
    derived.inGraph.set(NodeMembership.handlesBit, true)
    derived.anchor()
    let joined = (derived.isSource, derived.isInGraph, derived.isDetached, derived.inGraph.keepsInputHandles)
    let anchored = derived.isAnchored
    derived.inGraph.store(false, ordering: .releasing)
    let left = (derived.isSource, derived.isInGraph, derived.isDetached, derived.inGraph.keepsInputHandles)
    let stillAnchored = derived.isAnchored
    _ = derived.takeAnchor()
    #expect(joined == (false, true, false, true))
    #expect(left == (false, false, true, true))
    #expect(anchored && stillAnchored && !derived.isAnchored && derived.inGraph.keepsInputHandles)
  }

  @Test func aRankAboveSixteenBitsIsKept() {
    let node = cores[0].node
    node.rank = 100_000
    #expect(node.rank == 100_000)
    node.rank = 0
  }

  /// A property type of one's own: its input handle is kept beside the node, and let go of with it.
  final class Custom: PropertyProtocol, Sendable {
    let inner = MutableProperty(1)
    var value: Int { inner.value }
    var producer: SignalProducer<Int, Never> { inner.producer }
    var signal: Signal<Int, Never> { inner.signal }
  }

  @Test func aPairKeepsTheHandleOfAnInputOfYoursUntilItGoes() {
    weak var fed: AnyObject?
    do {
      let other = MutableProperty(10)
      var custom: Custom? = Custom()
      let sum = Property.combineLatest(custom!, other) { $0 + $1 }
      let node = sum.node as! DerivedNode<Int>
      #expect(node.inputHandles.count == 1)
      fed = node.inputHandles.first
      let inner = custom!.inner
      custom = nil
      inner.value = 5
      #expect(sum.value == 15)
      #expect(fed != nil)
    }
    #expect(fed == nil)
  }

  @Test func aPairOfOneInputTwiceIsComputedOncePerChange() {
    let a = MutableProperty(2)
    let calls = Locked(0)
    let square = Property.combineLatest(a, a) { first, second in
      calls.withLock { $0 += 1 }
      return first * second
    }
    let recorder = TestRecorder(square.signal)
    a.value = 3
    a.value = 4
    #expect(recorder.values == [9, 16])
    #expect(calls.withLock { $0 } == 3)
  }

  @Test func aTripleOfOneInputThriceIsComputedOncePerChangeAndInATransactionWithItsOneClosure() {
    let a = MutableProperty(2)
    let calls = Locked(0)
    let cube = Property.combineLatest(a, a.map { $0 }, a) { first, second, third in
      calls.withLock { $0 += 1 }
      return first * second * third
    }
    let recorder = TestRecorder(cube.signal)
    a.value = 3
    a.value = 4
    #expect(recorder.values == [27, 64])
    #expect(calls.withLock { $0 } == 3)
    withTransaction {
      a.value = 5
      #expect(cube.value == 125)
    }
    #expect(recorder.values == [27, 64, 125])
    #expect(Property.combineLatest(a, a, cube).value == (5, 5, 125))
    #expect(a.combiningLatest(with: a, cube).value == (5, 5, 125))
  }

  @Test func aTripleEndsWithItsLastInputAndLetsGoOfItsClosure() {
    var a: MutableProperty<Int>? = MutableProperty(1)
    var b: MutableProperty<Int>? = MutableProperty(2)
    var c: MutableProperty<Int>? = MutableProperty(3)
    let released = Locked(false)
    let sum = { () -> Property<Int> in
      // Only the closure holds the canary.
      let canary = Canary { released.withLock { $0 = true } }
      return Property.combineLatest(a!, b!, c!) { first, second, third in
        withExtendedLifetime(canary) { first + second + third }
      }
    }()
    let recorder = TestRecorder(sum.signal)
    c!.value = 4
    a = nil
    b = nil
    #expect(!recorder.isTerminated)
    c = nil
    #expect(recorder.descriptions == ["7", "completed"])
    #expect(sum.value == 7)
    #expect(released.withLock { $0 })
  }

  /// A core's first observer replays the committed value and then gets each later change once, also when
  /// its domain merged with one that had committed more.
  @Test func aFirstObserverAfterAMergeGetsEachLaterChangeOnce() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let fromA = a.map { $0 }
    let fromB = b.map { $0 + 100 }
    for value in 1...5 { a.value = value }
    b.value = 1
    let both = Property.combineLatest(fromA, fromB) { $0 + $1 }
    let recorder = TestRecorder(fromB.producer)
    let sums = TestRecorder(both.signal)
    b.value = 2
    a.value = 6
    b.value = 3
    #expect(recorder.values == [101, 102, 103])
    #expect(sums.values == [107, 108, 109])
  }
}
