import Synchronization

/// A node with its values: what derived properties are computed from.
///
/// - ``committed`` (the domain's lock): the value the graph committed last, from which derived properties are
///   computed, and what a derived property's `value` returns. Written only by the thread that owns the domain,
///   which may read it without the lock.
/// - ``waveValue``: the value computed for the wave in progress; only the owner touches it. A commit swaps the
///   two, so the value it replaces is released later, outside the lock, when the next wave overwrites it.
///
/// An operator's `compute` reads and writes them through ``value(in:)``, ``set(_:in:)`` and
/// ``committedValue(in:)``, which for a transaction's view (a read inside a transaction, on any thread) go to
/// the transaction instead: the same update serves both, and a view never touches the node's slots.
///
/// Neither is optional, so that code reading them inside a parameter pack (`combineLatest`) needs no
/// `Optional<Element>` metadata.
@usableFromInline
class ValueNode<Value>: GraphNode {
  @exclusivity(unchecked) @usableFromInline final var committed: Value
  @exclusivity(unchecked) @usableFromInline final var waveValue: Value
  /// *Domain.* The first plain observer, in place of a box, called while ``NodeMembership/hasInlineObserver``.
  /// Written under the lock only while no other thread owns the domain, so the owner calls it without the lock.
  @exclusivity(unchecked) @usableFromInline final var inlineObserver: ((Value) -> Void)?

  @inlinable
  init(
    isSource: Bool, committed: Value, compute: @escaping (GraphNode, Propagation) -> ComputeResult,
    perform: @escaping (GraphNode, NodeMessage) -> Void
  ) {
    self.committed = committed
    waveValue = committed
    super.init(isSource: isSource, compute: compute, perform: perform)
  }

  /// `node`, which is of this type.
  @inlinable @inline(__always)
  static func of(_ node: GraphNode) -> ValueNode<Value> {
    unsafeDowncast(node, to: ValueNode<Value>.self)
  }

  /// What a node does for the messages every node handles the same way; a subclass's `perform` passes on the
  /// ones it does not handle itself (the commit is inlined into the subclass's closure).
  @inlinable @inline(__always)
  static func performCommon(_ node: GraphNode, _ message: NodeMessage) {
    guard case .commit = message else { return performRare(node, message) }
    let node = of(node)
    swap(&node.committed, &node.waveValue)
  }

  /// Calls the inline observer, if on, typed (not through witnesses), out of line (the switch pays nothing).
  @inlinable @inline(never)
  static func deliverInline(_ node: ValueNode<Value>) {
    // Not `unsafelyUnwrapped`: it would reabstract the closure, allocating per call.
    if node.inGraph.hasInlineObserver, let observer = node.inlineObserver { observer(node.committed) }
  }

  /// ``performCommon(_:_:)`` for every message but the commit and the inline delivery.
  @inlinable
  static func performRare(_ node: GraphNode, _ message: NodeMessage) {
    let node = of(node)
    if case .deliverInline = message { return deliverInline(node) }
    switch message {
    case .commit:
      swap(&node.committed, &node.waveValue)
    case .end:
      node.endObservers()
      let core = node.withRoot { _ in node.core }
      guard let core else { return }
      unsafeDowncast(core, to: PropertyCore<Value>.self).endInGraph(last: node.lockedCommittedValue())
    case .describeChange(let description):
      description.fill(new: node.waveValue, previous: node.committed)
    case .deliverInline, .inputEnded, .storeTransactionValue:
      break
    }
  }

  // MARK: Reading

  /// The committed value; for the domain's owner, or under its lock.
  @inlinable
  final var committedValue: Value { committed }

  /// The value of this node as `wave` sees it: the one computed for it if it changed in it, the committed one
  /// otherwise (for the owner); for a transaction's view, the value the transaction sees.
  @inlinable @inline(__always)
  final func value(in wave: Propagation) -> Value {
    // A view first: it runs on a transaction's thread, which must not read the owner's fields.
    if let transaction = wave.transaction { return transaction.borrow { $0.tentativeValue(of: self) } }
    return waveMark == wave.changedMark ? waveValue : committed
  }

  /// Makes `value` the node's value in `wave`, which is computing it: `compute`'s result, a change.
  @inlinable @inline(__always)
  final func set(_ value: Value, in wave: Propagation) -> ComputeResult {
    if let transaction = wave.transaction {
      transaction.borrow { $0.remember(value, of: self) }
    } else {
      waveValue = value
    }
    return .changed
  }

  /// The committed value, for `compute` to compare with (a transaction's view reads it under the lock).
  @inlinable @inline(__always)
  final func committedValue(in wave: Propagation) -> Value {
    wave.transaction == nil ? committed : lockedCommittedValue()
  }

  /// The value a derived property made now computes from: as the wave in progress sees it, if the calling
  /// thread is computing one in `root`, the committed value otherwise. By `root`'s owner.
  @inlinable
  final func snapshotValue(in root: GraphDomain) -> Value {
    if let wave = root.computing { return value(in: wave) }
    return committedValue
  }

  /// The committed value, read under the domain's lock.
  @inlinable
  final func lockedCommittedValue() -> Value {
    withRoot { _ in committedValue }
  }

  /// The value for a property made from this one under `claim`: see ``PropertyGraph/claim(_:)``.
  @inlinable
  final func value(for claim: InputClaim) -> Value {
    if case .owned(let root, _) = claim { return snapshotValue(in: root) }
    return lockedCommittedValue()
  }

  @usableFromInline
  override var typeDescription: String { "Property<\(Value.self)>" }

  @usableFromInline
  override func takeInlineObserver() -> AnyObject? {
    guard !inGraph.hasInlineObserver, let observer = inlineObserver else { return nil }
    inlineObserver = nil
    return ClosureBox(observer)
  }

  @usableFromInline
  override func dumpState() -> (value: String, observers: Int, ended: Bool) {
    let core = (domain == nil ? self.core : withRoot { _ in self.core }) as? PropertyCore<Value>
    let value = core?.presentValue ?? (domain == nil ? committed : lockedCommittedValue())
    let ended = domain == nil ? false : withRoot { _ in isEnded }
    return (
      describedValue(value), (core?.observerCount ?? 0) + observerCount,
      ended || (core?.hasTerminated ?? false)
    )
  }
}

/// A node computed from others: `map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`.
///
/// Made in three steps, by its subclass's initialiser: ``PropertyGraph/claim(_:)`` takes the inputs' domains
/// (merging them), the subclass reads the inputs' values and computes its first value (the operator's closure
/// runs then, outside every lock), and ``join(_:_:)`` links the node.
///
/// It ends (completes) once all its inputs have ended (see ``PropertyGraph/endNow(_:)``). It leaves the graph
/// when it ends, or once its core is gone and nothing is computed from it (``PropertyGraph/detachIfUnused(_:)``).
@usableFromInline
class DerivedNode<Value>: ValueNode<Value> {
  /// Handles that keep alive the properties a type of yours fed this one through (see
  /// ``PropertyProtocol/graphInput``): set in the subclass's `init`, before the node is shared. Rare, so kept
  /// in ``InputHandles`` rather than in every node.
  @usableFromInline
  final var inputHandles: [AnyObject] {
    get { inGraph.keepsInputHandles ? InputHandles.table.withLock { $0[ObjectIdentifier(self)] ?? [] } : [] }
    set {
      guard !newValue.isEmpty || inGraph.keepsInputHandles else { return }
      _ = InputHandles.table.withLock { $0.updateValue(newValue, forKey: ObjectIdentifier(self)) }
      inGraph.set(NodeMembership.handlesBit, true)
    }
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    if inGraph.keepsInputHandles { released += InputHandles.drop(for: self) }
  }

  /// A derived node whose first value is `initial`, handling the graph's messages with `perform`.
  @inlinable
  init(
    initial: Value, compute: @escaping (GraphNode, Propagation) -> ComputeResult,
    perform: @escaping (GraphNode, NodeMessage) -> Void
  ) {
    super.init(isSource: false, committed: initial, compute: compute, perform: perform)
  }

  /// A derived node whose first value is `initial`, handling the graph's messages as every value node does
  /// (``ValueNode/performCommon(_:_:)``). The closure is made here, once per value type: one per operator, all
  /// alike, would be folded together by the optimiser and reached through a thunk.
  @inlinable
  init(initial: Value, compute: @escaping (GraphNode, Propagation) -> ComputeResult) {
    super.init(
      isSource: false, committed: initial, compute: compute, perform: { ValueNode<Value>.performCommon($0, $1) })
  }

  /// Links the node to `inputs`, whose domains `claim` took: call once, at the end of the subclass's `init`.
  @usableFromInline
  final func join(_ inputs: [GraphNode], _ claim: InputClaim) {
    switch claim {
    case .owned(let root, _), .queued(let root): domain = root
    case .pending: domain = inputs[0].domain
    }
    for input in inputs { input.dependentJoined() }
    PropertyGraph.finishLinking(self, to: inputs, claim)
  }

}

extension GraphNode {
  /// A derived node computed from this one was made: a source fed by a stream stays fed while it has one.
  @usableFromInline
  final func dependentJoined() {
    guard feedsDependents, let core = withRoot({ _ in core }) else { return }
    (core as? any PropertyCoreProtocol)?.handleMade()
  }

  /// A derived node computed from this one left the graph.
  @usableFromInline
  final func dependentLeft() {
    guard feedsDependents, let core = withRoot({ _ in core }) else { return }
    (core as? any PropertyCoreProtocol)?.handleReleased()
  }
}

/// The handles of derived nodes fed by types of yours (``DerivedNode/inputHandles``), by node: a node's entry
/// goes when it leaves the graph, or at the latest when it is freed.
@usableFromInline
enum InputHandles {
  static let table = Locked<[ObjectIdentifier: [AnyObject]]>([:])

  /// Takes the node's handles out, for the caller to let go of after every lock.
  @usableFromInline
  static func drop(for node: GraphNode) -> [AnyObject] {
    table.withLock { $0.removeValue(forKey: ObjectIdentifier(node)) ?? [] }
  }
}

/// A closure, as an object: what ``GraphNode/dropInputs(into:)`` lets go of after the lock.
@usableFromInline
final class ClosureBox<Input, Output> {
  @usableFromInline let closure: (Input) -> Output

  @usableFromInline
  init(_ closure: @escaping (Input) -> Output) {
    self.closure = closure
  }
}

extension OperatorClosure {
  /// Replaces the closure with ``released`` and returns it: for a node leaving the graph, which lets go of it
  /// after the lock.
  @inlinable
  mutating func release() -> (Input) -> Output {
    let body = self.body
    self = .released
    return body
  }
}
