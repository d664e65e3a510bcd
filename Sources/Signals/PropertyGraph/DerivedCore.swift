import Synchronization

/// The core of a property computed from others: `map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`.
///
/// Made in three steps, by its subclass's initialiser: ``PropertyGraph/claim(_:)`` takes the inputs' domains
/// (merging them), the subclass reads the inputs' values and computes its first value (the operator's closure
/// runs then, outside every lock), and ``join(_:_:)`` links the node. Each input counts it as a dependent,
/// which keeps an input nobody else observes from ending.
///
/// It ends (completes) once all its inputs have ended (see ``PropertyGraph/endNow(_:)``). It leaves the graph
/// when it ends, or when nobody can observe it any more: no `Property`, `signal` or `producer` handle, no
/// observer, no dependent of its own.
@usableFromInline
class DerivedCore<Value>: PropertyCore<Value>, Disposable, @unchecked Sendable {
  /// Handles that keep alive the properties a type of yours fed this one through (see
  /// ``PropertyProtocol/graphInput``).
  @exclusivity(unchecked) @usableFromInline final var inputHandles: [AnyObject] = []

  // The memo of a transaction's read (see ``PropertyTransaction``): only the transaction that claimed it (its
  // identity in `tentativeOwner`) touches the others, on its thread.
  @usableFromInline let tentativeOwner = Atomic<Int>(0)
  @exclusivity(unchecked) @usableFromInline final var tentativeValue: Value?
  @exclusivity(unchecked) @usableFromInline final var tentativeChanged = false
  @exclusivity(unchecked) @usableFromInline final var tentativeGeneration: UInt64 = 0

  /// A derived core whose first value is `initial`.
  @inlinable
  init(
    initial: Value, compute: @escaping (GraphNode, Wave) -> ComputeResult,
    perform: @escaping (GraphNode, NodeMessage) -> Void
  ) {
    super.init(holding: initial, endsWhenUnobserved: true, isSource: false, compute: compute, perform: perform)
    committed = initial
  }

  /// Links the core to `inputs`, whose domains `claim` took: call once, at the end of the subclass's `init`.
  @usableFromInline
  final func join(_ inputs: [GraphNode], _ claim: InputClaim) {
    switch claim {
    case .owned(let root, _), .queued(let root): node.domain = root
    case .pending: node.domain = inputs[0].domain
    }
    node.inGraph.store(true, ordering: .releasing)
    for input in inputs { (input.core as? any GraphVertex)?.dependentJoined() }
    addTermination(self)
    PropertyGraph.finishLinking(node, to: inputs, claim)
  }

  /// Releases the operator's closures, once the core ended with a terminal event: only the domain's owner,
  /// which is the one ending it, ever calls them.
  @usableFromInline
  func releaseClosures() {}

  /// Keeps the last value for late observers, completes, and lets go of the operator's closures.
  @usableFromInline
  override func endInGraph() {
    super.endInGraph()
    releaseClosures()
  }

  // MARK: Disposable (the core's own termination)

  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// Leaves the graph: called once, when the core ends or is abandoned.
  @usableFromInline
  func dispose() {
    PropertyGraph.detach(node)
    inputHandles = []
  }

  // MARK: GraphVertex

  @usableFromInline
  override var typeDescription: String { "Property<\(Value.self)>" }
}
