import Synchronization

/// A property as the graph sees it: its place in the graph, inline, and (in its subclasses) its values and its
/// operator.
///
/// A ``Propagation`` (a wave) walks nodes through unretained lists of inputs and dependents. What it does to a
/// node's *values* goes through the two closures its typed subclass made in its `@inlinable` initialiser
/// (``compute`` and ``perform``), which capture nothing and take the typed node as their argument. ``compute``
/// is the operator's one update: a wave runs it, and so does a read inside a transaction, through the
/// transaction's view (``PropertyTransaction/view``), which hands it the transaction's values and keeps its
/// result.
///
/// The node is the property in the graph; its core (a ``PropertyCore``) is the property as its streams see it:
/// its `signal`, its `producer`, their replay. A derived property's `Property` holds its node, and makes the
/// core only when `signal` or `producer` is first asked for; the core then holds the node too. A derived node
/// whose `Property` and core are gone goes on computing while an observer or another node computed from it
/// keeps it alive; it leaves the graph when none is left.
///
/// While a derived node is linked into a graph it keeps itself alive (``isAnchored``), so that a wave or a queued
/// item never reaches a freed node; it lets go when it leaves the graph.
///
/// Guards: fields marked *domain* are guarded by the lock of the node's root domain, and may be read without
/// it by the thread that owns the domain (the one propagating it), which is the only thread that changes them
/// while the domain is owned. Fields marked *owner* are touched only by the owning thread.
@usableFromInline
class GraphNode {
  /// *Domain.* The property's core, its observers' side; `nil` once it is gone. Not retained: the core owns
  /// the node, and tells it when it goes. Read through ``core``.
  @exclusivity(unchecked) @usableFromInline final var coreReference: Unmanaged<AnyObject>?
  /// Computes the node's value for a wave, or for a transaction's view; see ``ComputeResult``. A source's is its
  /// next accepted value, which a wave takes as it starts, or the value a transaction's view sees.
  @usableFromInline final let compute: (GraphNode, Propagation) -> ComputeResult
  /// Everything else the graph asks of the typed node; see ``NodeMessage``.
  @usableFromInline final let perform: (GraphNode, NodeMessage) -> Void

  /// The domain the node joined, retained (see ``domain``).
  @exclusivity(unchecked) @usableFromInline final var domainReference: Unmanaged<GraphDomain>?
  /// *Domain.* The nodes this one is computed from (`flatMap(.latest)`: the outer one, then the current inner).
  @exclusivity(unchecked) @usableFromInline final var inputs = NodeList()
  /// *Domain.* The nodes computed from this one.
  @exclusivity(unchecked) @usableFromInline final var dependents = NodeList()
  /// *Domain.* The observers of the node in boxes, in order, called by a wave's deliver phase after the inline one.
  @exclusivity(unchecked) @usableFromInline final var observers: [NodeObserver] = [] {
    didSet { inGraph.set(NodeMembership.observerBoxesBit, !observers.isEmpty) }
  }
  /// *Owner.* What the node is in the last wave that touched it, in one word: that wave's number times four,
  /// plus ``WaveMark/scheduled``, ``WaveMark/changed`` or ``WaveMark/forced`` (see ``WaveMark``). A wave's
  /// number is unique in the process, so a mark left by an earlier wave says nothing about a later one.
  @exclusivity(unchecked) @usableFromInline final var waveMark: UInt64 = 0

  /// The property's link to Observation (see ``PropertyObservation``): the address of a retained
  /// ``PropertyObservation``, or 0.
  @usableFromInline final let observation = Atomic<Int>(0)
  /// *Domain.* ``rank``, in 32 bits, beside the flags below in one word.
  @exclusivity(unchecked) @usableFromInline final var rankStorage: Int32 = 0
  /// *Domain.* Set once the node has ended (its core completed): waves skip it, and its dependents end with it
  /// when all their inputs have.
  @exclusivity(unchecked) @usableFromInline final var isEnded = false
  /// *Domain.* Whether a derived node's `Property` holds it in the graph: until the `Property` goes, or makes
  /// the node's stream core, which holds it in its place.
  @exclusivity(unchecked) @usableFromInline final var isHeld = true
  /// Whether a source's sets go through the graph (``isInGraph``), whether a derived node holds a reference to
  /// itself (``isAnchored``), and what never changes after `init`: whether the node is a source, and whether it
  /// keeps input handles (see ``NodeMembership``).
  @usableFromInline final let inGraph: NodeMembership

  @inlinable
  init(
    isSource: Bool, compute: @escaping (GraphNode, Propagation) -> ComputeResult,
    perform: @escaping (GraphNode, NodeMessage) -> Void
  ) {
    inGraph = NodeMembership(isSource: isSource)
    self.compute = compute
    self.perform = perform
  }

  deinit {
    if inGraph.keepsInputHandles { _ = InputHandles.drop(for: self) }
    domainReference?.release()
    let address = observation.load(ordering: .acquiring)
    if address != 0 { Unmanaged<PropertyObservation>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
  }

  /// The domain the node joined, set once (before the node is shared, or for a source under its core's lock
  /// before ``isInGraph`` turns true), and kept; follow ``GraphDomain/root`` for the domain it belongs to now.
  @inlinable
  final var domain: GraphDomain? {
    get { domainReference?.takeUnretainedValue() }
    set { Swift.exchange(&domainReference, with: newValue.map { Unmanaged.passRetained($0) })?.release() }
  }

  /// *Domain.* Makes the node hold itself, once, while it is linked into a graph.
  @usableFromInline
  final func anchor() {
    guard !isAnchored else { return }
    inGraph.set(NodeMembership.anchoredBit, true)
    _ = Unmanaged.passRetained(self)
  }

  /// *Domain.* The node's reference to itself, if it held one, for the caller to let go of.
  @usableFromInline
  final func takeAnchor() -> GraphNode? {
    guard isAnchored else { return nil }
    inGraph.set(NodeMembership.anchoredBit, false)
    return Unmanaged.passUnretained(self).takeRetainedValue()
  }

  /// *Domain.* The property's core (see ``coreReference``).
  @inlinable
  final var core: AnyObject? {
    get { coreReference?.takeUnretainedValue() }
    set { coreReference = newValue.map { Unmanaged.passUnretained($0) } }
  }

  @inlinable
  final var isInGraph: Bool { inGraph.bits.load(ordering: .acquiring) & NodeMembership.inGraphBit != 0 }

  /// Whether the node is a source (a `MutableProperty`, a property fed by a stream).
  @inlinable
  final var isSource: Bool { inGraph.bits.load(ordering: .relaxed) & NodeMembership.sourceBit != 0 }

  /// *Domain.* Whether a derived node is linked into a graph, and so holds a reference to itself (see
  /// ``anchor()`` and ``takeAnchor()``).
  @inlinable
  final var isAnchored: Bool { inGraph.bits.load(ordering: .relaxed) & NodeMembership.anchoredBit != 0 }

  /// *Domain.* Set once a derived node has left the graph (ended, or abandoned): waves skip it. A derived node is
  /// in the graph from its `init` until it leaves, and a source never leaves, so this is a derived node that is
  /// no longer ``isInGraph``; setting it takes the node out.
  @inlinable
  final var isDetached: Bool {
    @inline(__always) get {
      inGraph.bits.load(ordering: .relaxed) & (NodeMembership.inGraphBit | NodeMembership.sourceBit) == 0
    }
    set {
      precondition(newValue && !isSource, "Internal inconsistency: only a derived node leaves the graph, once")
      inGraph.store(false, ordering: .releasing)
    }
  }

  /// *Domain.* Sources are 0; a derived node ranks above every input.
  @inlinable
  final var rank: Int {
    @inline(__always) get { Int(rankStorage) }
    set { rankStorage = Int32(newValue) }
  }

  /// *Owner.* The number of the wave that must compute the node whether or not an input changed (a catch-up),
  /// or 0: compare with the wave's `id`.
  @inlinable
  final var forcedIn: UInt64 { waveMark & WaveMark.stateMask == WaveMark.forced ? waveMark >> 2 : 0 }

  /// Whether the node's value changed in `wave` (for a transaction's view: differs from the committed one).
  @inlinable @inline(__always)
  final func changed(in wave: Propagation) -> Bool {
    if let transaction = wave.transaction { return transaction.borrow { $0.evaluate(self) } }
    return waveMark == wave.changedMark
  }

  /// The property's type, for diagnostics: `MutableProperty<Int>`, `Property<String>`.
  @usableFromInline
  var typeDescription: String { "Property" }

  /// For ``PropertyGraphDump``: the value shown, the observer count, and whether the node ended.
  @usableFromInline
  func dumpState() -> (value: String, observers: Int, ended: Bool) { ("?", 0, false) }

  /// *Domain.* Takes a switched-off inline observer's closure out, for the caller to let go of after the lock.
  @usableFromInline
  func takeInlineObserver() -> AnyObject? { nil }

  /// Whether the node is a source fed by a stream, whose core must stay fed while something is computed from
  /// it (its core counts its dependents).
  @usableFromInline
  var feedsDependents: Bool { false }

  /// Releases the operator's closures once the node ended (what they captured may hold its own handles):
  /// only the domain's owner, which is the one ending it, ever calls them.
  @usableFromInline
  func releaseClosures() {}

  /// Under the domain's lock, as the node leaves the graph for good: moves what holds its inputs (typed
  /// references, the operator's closures) into `released`, to be let go of after the lock. A graph thousands
  /// of layers deep is then freed one node at a time, from the list of anchors (``Unlinked``), rather than
  /// each layer from inside the `deinit` of the one above, which would overflow the stack.
  @usableFromInline
  func dropInputs(into released: inout [AnyObject]) {}
}

/// What computing a node for a wave (or a transaction's view) found.
@usableFromInline
enum ComputeResult {
  /// The value did not change (`skipRepeats` found an equivalent one): nothing downstream is computed for it.
  case unchanged
  /// The value changed: it is committed and delivered with the wave, and the node's dependents are computed
  /// (a transaction's view keeps it until the next set).
  case changed
  /// The node now ranks higher (`flatMap(.latest)` switched to an inner property computed later in the wave):
  /// it is computed again at its new rank.
  case deferred
}

/// The states of ``GraphNode/waveMark`` in the wave whose number it holds (the mark is the number times four,
/// plus the state). A node is scheduled before it is computed, forced (computed whatever its inputs did) only
/// while scheduled, and changed once computed: one wave never needs two of them at once.
@usableFromInline
enum WaveMark {
  /// Scheduled to be computed.
  @inlinable static var scheduled: UInt64 { 0 }
  /// Its value changed in the wave (a changed source, or a derived node computed to a new value).
  @inlinable static var changed: UInt64 { 1 }
  /// Scheduled, and to be computed whether or not an input changed (a catch-up).
  @inlinable static var forced: UInt64 { 2 }
  @inlinable static var stateMask: UInt64 { 3 }
}

/// Whether a node is in the graph (``GraphNode/isInGraph``) and whether it holds a reference to itself
/// (``GraphNode/isAnchored``), with what never changes after the node's `init` (whether it is a source, whether
/// it keeps input handles), in one atomic byte. Every change is an atomic
/// `or`/`and` of its own bit, so setting one never races with reading or setting another.
@usableFromInline
struct NodeMembership: ~Copyable {
  @usableFromInline let bits: Atomic<UInt8>

  @inlinable static var inGraphBit: UInt8 { 1 }
  @inlinable static var sourceBit: UInt8 { 2 }
  @inlinable static var handlesBit: UInt8 { 4 }
  @inlinable static var anchoredBit: UInt8 { 8 }
  @inlinable static var modifyingBit: UInt8 { 16 }
  @inlinable static var settingBit: UInt8 { 32 }
  @inlinable static var inlineObserverBit: UInt8 { 64 }
  @inlinable static var observerBoxesBit: UInt8 { 128 }

  @inlinable
  init(isSource: Bool) {
    bits = Atomic(isSource ? Self.sourceBit : Self.inGraphBit)  // A derived node is in the graph from its `init`.
  }

  /// Puts the node in the graph, or takes it out (always acquiring and releasing, whatever `ordering` asks).
  @inlinable
  func store(_ inGraph: Bool, ordering: AtomicStoreOrdering) {
    _ =
      inGraph
      ? bits.bitwiseOr(Self.inGraphBit, ordering: .acquiringAndReleasing)
      : bits.bitwiseAnd(~Self.inGraphBit, ordering: .acquiringAndReleasing)
  }

  /// Whether ``InputHandles`` keeps handles for the node.
  @inlinable
  var keepsInputHandles: Bool { bits.load(ordering: .relaxed) & Self.handlesBit != 0 }

  /// *Domain.* Whether a `modify` of the source is running its body (see ``SourceCore/modify(_:)``).
  @inlinable
  var isModifying: Bool { bits.load(ordering: .relaxed) & Self.modifyingBit != 0 }

  @inlinable
  func setModifying(_ modifying: Bool) { set(Self.modifyingBit, modifying) }

  /// Whether a set made without the domain's lock propagates a value its commit has still to accept, in the
  /// node's wave slot (``SourceCore/setWithoutLock(_:)``); on by that owner, off by its commit.
  @inlinable
  var isSetting: Bool { bits.load(ordering: .acquiring) & Self.settingBit != 0 }

  /// By the domain's owner: turns the setting mark on, publishing the wave slot, unless a `modify` marked the
  /// source first (one word: of the two marks, the second to come sees the first); returns whether it did.
  @inlinable @inline(__always)
  func markSetting() -> Bool {
    var bits = self.bits.load(ordering: .relaxed)
    while bits & Self.modifyingBit == 0 {
      let (done, found) = self.bits.compareExchange(
        expected: bits, desired: bits | Self.settingBit, ordering: .releasing)
      if done { return true }
      bits = found
    }
    return false
  }

  /// *Domain.* Whether ``ValueNode/inlineObserver`` is on; the owner checks it, without the lock, before a call.
  @inlinable @inline(__always)
  var hasInlineObserver: Bool { bits.load(ordering: .relaxed) & Self.inlineObserverBit != 0 }

  /// *Domain.* Whether the node has an inline observer on, or boxes (``GraphNode/observers``): one load.
  @inlinable @inline(__always)
  var hasObservers: Bool { bits.load(ordering: .relaxed) & (Self.inlineObserverBit | Self.observerBoxesBit) != 0 }

  /// Turns `bit` on or off, leaving the others as they are (under the domain's lock, where the flag says so).
  @inlinable @inline(__always)
  func set(_ bit: UInt8, _ on: Bool) {
    if on {
      bits.bitwiseOr(bit, ordering: .relaxed)
    } else {
      bits.bitwiseAnd(~bit, ordering: .relaxed)
    }
  }
}

/// What the graph asks of a typed node, besides computing it (see ``GraphNode/perform``).
@usableFromInline
enum NodeMessage {
  /// Under the domain's lock: the value computed for the wave becomes the committed one.
  case commit
  /// By the owner, outside every lock: call the inline observer (``ValueNode/inlineObserver``), if on.
  case deliverInline
  /// Outside every lock, by the domain's owner: the node ends; its core keeps its last value and completes.
  case end
  /// Outside every lock, by the domain's owner: this input of the node ended and the node goes on.
  case inputEnded(GraphNode)
  /// A source takes the value a transaction set (``SourceCore/storeTransactionValue(_:)``).
  case storeTransactionValue(Unmanaged<PropertyTransaction>)
  /// By the domain's owner, between computing a wave and committing it, for a trace (``ChangeTracing``):
  /// describe the value computed for the wave and the committed one it replaces.
  case describeChange(ChangeDescription)
}

/// A core as the slow paths of the graph see it (diagnostics, counting dependents), through an existential:
/// nothing here runs per wave.
@usableFromInline
protocol PropertyCoreProtocol: AnyObject {
  /// The property's type, for diagnostics: `MutableProperty<Int>`, `Property<String>`.
  var typeDescription: String { get }
  /// The property's node (``ReplayingCore/graphNode``), as a cycle's report and a trace reach it from a wave.
  var graphNode: GraphNode? { get }
  /// One more handle keeps the core from ending unobserved: a derived property computed from a fed source.
  func handleMade()
  /// A handle is gone; the core ends if nothing else holds or observes it.
  func handleReleased()
}

/// A list of nodes, unretained: the first two inline (most nodes have one or two inputs and at most two
/// dependents), the others in an array.
@usableFromInline
struct NodeList {
  @usableFromInline var first: Unmanaged<GraphNode>?
  /// Set only when ``first`` is.
  @usableFromInline var second: Unmanaged<GraphNode>?
  /// Non-empty only when ``second`` is set.
  @usableFromInline var rest: ContiguousArray<Unmanaged<GraphNode>> = []

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { first == nil }

  @inlinable
  var count: Int { first == nil ? 0 : second == nil ? 1 : 2 + rest.count }

  @inlinable
  mutating func append(_ node: GraphNode) {
    let reference = Unmanaged.passUnretained(node)
    if first == nil {
      first = reference
    } else if second == nil {
      second = reference
    } else {
      rest.append(reference)
    }
  }

  @inlinable
  func contains(_ node: GraphNode) -> Bool { !allSatisfy { $0 !== node } }

  /// Removes one occurrence of `node`, keeping the order of the others; returns whether there was one.
  @inlinable
  @discardableResult
  mutating func remove(_ node: GraphNode) -> Bool {
    let address = Unmanaged.passUnretained(node).toOpaque()
    if first?.toOpaque() == address {
      first = second
    } else if second?.toOpaque() != address {
      guard let index = rest.firstIndex(where: { $0.toOpaque() == address }) else { return false }
      rest.remove(at: index)
      return true
    }
    second = rest.isEmpty ? nil : rest.removeFirst()
    return true
  }

  /// Replaces the last occurrence of `old` by `new`.
  @inlinable
  mutating func replaceLast(_ old: GraphNode, with new: GraphNode) {
    let address = Unmanaged.passUnretained(old).toOpaque()
    if let index = rest.lastIndex(where: { $0.toOpaque() == address }) {
      rest[index] = Unmanaged.passUnretained(new)
    } else if second?.toOpaque() == address {
      second = Unmanaged.passUnretained(new)
    } else if first?.toOpaque() == address {
      first = Unmanaged.passUnretained(new)
    }
  }

  @inlinable @inline(__always)
  func forEach(_ body: (GraphNode) throws -> Void) rethrows {
    guard let first else { return }
    try body(first.takeUnretainedValue())
    guard let second else { return }
    try body(second.takeUnretainedValue())
    for node in rest { try body(node.takeUnretainedValue()) }
  }

  @inlinable
  func allSatisfy(_ predicate: (GraphNode) -> Bool) -> Bool {
    var result = true
    forEach { if !predicate($0) { result = false } }
    return result
  }

  /// The nodes, retained, in order (for the slow paths).
  @inlinable
  var nodes: [GraphNode] {
    var nodes: [GraphNode] = []
    forEach { nodes.append($0) }
    return nodes
  }

  @inlinable
  var last: GraphNode? {
    (rest.last ?? second ?? first)?.takeUnretainedValue()
  }
}
