import Synchronization

/// A property's core as the graph sees it: without its value type, so that one propagation can walk a graph
/// of properties of many types.
///
/// Every property's core is a vertex (``PropertyCore``). Sources (a `MutableProperty`, a property fed by a
/// producer) change because someone sets them; derived vertices (`map`, `combineLatest`, `skipRepeats`,
/// `flatMap(.latest)`) are computed from their inputs. A propagation (a ``Wave``) takes the changes of its
/// sources, computes every derived vertex downstream of them once, in rank order, commits all the new values
/// at once, and only then delivers them: see `Docs/Contracts.md`, "The property graph".
///
/// What a wave does to a vertex (``GraphLinks/operations``) runs on the thread that propagates the vertex's
/// graph (its domain's owner); each requirement below says where it runs.
@usableFromInline
protocol GraphVertex: AnyObject {
  /// The vertex's place in the graph, and what a wave does to it (``GraphLinks/operations``).
  var links: GraphLinks { get }

  /// The property's type, for diagnostics: `MutableProperty<Int>`, `Property<String>`.
  var typeDescription: String { get }

  /// Makes a source part of the graph, before a derived vertex attaches to it; nothing for a derived vertex.
  func enterGraph()

  /// Whether the vertex's value, as `transaction` sees it, differs from the committed one.
  func tentativelyChanged(in transaction: PropertyTransaction) -> Bool

  /// Under the graph's lock: the committed value a transaction's read computes from, and a source's
  /// ``SourceCore/committedVersion`` (0 for a derived vertex).
  func committedValueAndVersion() -> (Any?, UInt64)

  /// Ends the vertex: what a source's end does when its turn comes in its domain.
  func endNow()

  /// Adds the entry through which `dependent` learns that this vertex ended; see ``DerivedCore``.
  func addDependentEntry(_ dependent: any InputEndListener)

  /// Removes the entry of `dependent`.
  func removeDependentEntry(_ dependent: AnyObject)
}

/// What a wave does to one vertex, specialised for the vertex's types.
///
/// A wave reaches its vertices as `any GraphVertex`, so a method it called on them would run unspecialised and
/// pay the runtime's generic-metadata look-ups on every call (measured: most of the 8 µs that a set of a
/// diamond's source cost). These closures are made where the vertex's types are known — in its `@inlinable`
/// initialiser, specialised in the module that creates the property — take the vertex as their argument and
/// capture nothing, so a wave's work runs specialised.
@usableFromInline
struct VertexOperations {
  /// Computes the vertex's value for the wave, outside every lock (the operators' closures run here): from
  /// each input's value in the wave where it changed in it, its committed value otherwise. Sources have their
  /// value for the wave already, and report `.changed`.
  @usableFromInline let compute: (AnyObject, Wave) -> ComputeResult
  /// Under the graph's lock, when a wave starts: a source takes its next accepted value as its value in the
  /// wave, and returns who set it. Derived vertices do nothing.
  @usableFromInline let takeNextChange: (AnyObject) -> SetOrigin
  /// Makes the value computed for the wave the committed one, keeping the previous one aside. Called under the
  /// graph's lock, for every vertex that changed in the wave at once, so that nobody reads half a wave.
  @usableFromInline let commit: (AnyObject) -> Void
  /// After the commit, outside the locks: a derived vertex's committed value becomes the one its `value`
  /// returns; the value kept aside by `commit` is released.
  @usableFromInline let publish: (AnyObject) -> Void
  /// Delivers the committed value to the vertex's observers (or queues it behind a delivery in progress, to be
  /// delivered as a change the wave caused).
  @usableFromInline let deliver: (AnyObject, Wave) -> Void
  /// Adds to the vertex's observers the entry through which a dependent learns of its end (not a wave's work,
  /// but that entry sees every value the vertex delivers).
  @usableFromInline let addDependentEntry: (AnyObject, any InputEndListener) -> Void

  @inlinable
  init(
    compute: @escaping (AnyObject, Wave) -> ComputeResult, takeNextChange: @escaping (AnyObject) -> SetOrigin,
    commit: @escaping (AnyObject) -> Void, publish: @escaping (AnyObject) -> Void,
    deliver: @escaping (AnyObject, Wave) -> Void,
    addDependentEntry: @escaping (AnyObject, any InputEndListener) -> Void
  ) {
    self.compute = compute
    self.takeNextChange = takeNextChange
    self.commit = commit
    self.publish = publish
    self.deliver = deliver
    self.addDependentEntry = addDependentEntry
  }
}

/// What computing a vertex for a wave found.
@usableFromInline
enum ComputeResult {
  /// No input changed, or the operator decided the value did not change (`skipRepeats`).
  case unchanged
  /// The value changed: it is committed and delivered with the wave, and the vertex's dependents are computed.
  case changed
  /// The vertex now depends on an input of a higher rank (`flatMap(.latest)` switched to a new inner
  /// property): it is computed again once every vertex of a lower rank has been.
  case deferred
}

/// Where a vertex is in the property graph. Guarded by the graph's lock (``PropertyGraph/state``) unless a
/// field says otherwise.
@usableFromInline
final class GraphLinks {
  /// The domain (connected part of the graph) the vertex belongs to; follow ``GraphDomain/root``.
  @exclusivity(unchecked) @usableFromInline var domain: GraphDomain
  /// Sources are 0; a derived vertex is one more than its highest input.
  @exclusivity(unchecked) @usableFromInline var rank = 0
  /// The vertices computed from this one. Held strongly: a derived property stays attached to its inputs
  /// while it, its signal, its producer, an observer or a dependent of its own is alive (it detaches when all
  /// are gone).
  @exclusivity(unchecked) @usableFromInline var dependents: [any GraphVertex] = []
  /// The vertices this one is computed from (`flatMap(.latest)`: the outer property and the current inner).
  @exclusivity(unchecked) @usableFromInline var inputs: [any GraphVertex] = []
  /// Set once the vertex has left the graph (ended, or abandoned): propagations skip it.
  @exclusivity(unchecked) @usableFromInline var isDetached = false
  /// The number of the last commit that changed this vertex's value (see ``GraphState/commits``).
  @exclusivity(unchecked) @usableFromInline var lastCommit: UInt64 = 0
  /// The wave that last scheduled the vertex, so that a wave schedules it once.
  @exclusivity(unchecked) @usableFromInline var scheduledIn: UInt64 = 0
  /// The wave in which the vertex's value changed. Written and read only by the propagating thread.
  @exclusivity(unchecked) @usableFromInline var changedIn: UInt64 = 0

  /// What a wave does to the vertex; set once, when the vertex is made.
  @usableFromInline let operations: VertexOperations
  /// The property's link to Observation, made when its `value` is first read (see ``PropertyObservation``):
  /// the address of a retained ``PropertyObservation``, or 0. (`AtomicLazyReference` would read the same, but
  /// its `load()` runs unspecialised in the Synchronization library: 600 instructions per set.)
  @usableFromInline let observation = Atomic<Int>(0)

  @inlinable
  init(domain: GraphDomain, operations: VertexOperations) {
    self.domain = domain
    self.operations = operations
  }
  deinit {
    let address = observation.load(ordering: .acquiring)
    if address != 0 { Unmanaged<PropertyObservation>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
  }

}

extension GraphVertex {
  /// Whether the vertex's value changed in `wave`.
  @inlinable
  func changed(in wave: Wave) -> Bool {
    links.changedIn == wave.id
  }
}

/// The chain of source changes that led to a change: the change of `path[0]` made a binding set `path[1]`,
/// and so on. A binding that would set a property already in the chain has come back around a cycle.
///
/// The first element is kept inline: a change made from outside any propagation costs no allocation.
@usableFromInline
struct Lineage {
  @usableFromInline var first: (any GraphVertex)?
  @usableFromInline var more: [any GraphVertex] = []

  /// An empty chain.
  @usableFromInline
  init() {}

  /// A chain of one change.
  @usableFromInline
  init(_ vertex: any GraphVertex) {
    first = vertex
  }

  /// The changes of `vertices`, made together (a transaction's commit); they are distinct.
  @usableFromInline
  init(_ vertices: [any GraphVertex]) {
    first = vertices.first
    more = Array(vertices.dropFirst())
  }

  /// Whether `vertex` changed earlier in the chain.
  @usableFromInline
  func contains(_ vertex: any GraphVertex) -> Bool {
    guard let first else { return false }
    return first === vertex || more.contains { $0 === vertex }
  }

  /// The chain extended by a change of `vertex`, unless it is in it already.
  @usableFromInline
  func appending(_ vertex: any GraphVertex) -> Lineage {
    guard !contains(vertex) else { return self }
    var copy = self
    if copy.first == nil {
      copy.first = vertex
    } else {
      copy.more.append(vertex)
    }
    return copy
  }

  /// The union of two chains, this one first.
  @usableFromInline
  func merging(_ other: Lineage) -> Lineage {
    var result = self
    for vertex in other.path { result = result.appending(vertex) }
    return result
  }

  /// The chain in order.
  @usableFromInline
  var path: [any GraphVertex] {
    guard let first else { return [] }
    return [first] + more
  }
}
