import Synchronization

/// The core of every property: the property as its observers see it — a replaying signal core (its observers,
/// its serial delivery, its replay to a new `producer` start) — with its node in the graph (``ValueNode``),
/// which holds the values.
///
/// **Observers and the graph.** In the graph, a core is one more observer of its node (``CoreFeed``), attached
/// when it gains its first observer and replaying the committed value then, and fed every change after it, as
/// every observer of the node is; it replays what it was fed last, as every replaying core does. The feed holds
/// the core until the core ends (``dispose()``) or the node does.
@usableFromInline
class PropertyCore<Value>: ReplayingCore<Value, Never>, PropertyCoreProtocol, Disposable, @unchecked Sendable {
  /// The property in the graph.
  @usableFromInline final let node: ValueNode<Value>
  /// Whether the node feeds the core (``CoreFeed``); the core's lock.
  @exclusivity(unchecked) @usableFromInline final var isFedByNode = false

  /// The core of `node`, replaying `initial` (nothing yet, for a property whose first value is still to come).
  @inlinable
  init(node: ValueNode<Value>, holding initial: Value?, endsWhenUnobserved: Bool) {
    self.node = node
    super.init(replaying: initial, endsWhenUnobserved: endsWhenUnobserved, node: node)
    if node.domain == nil {
      node.core = self
    } else {
      // A derived property's core, made on its first `signal` or `producer`, holds its node in the graph in
      // place of its `Property`, which holds the core's first handle.
      node.withRoot { _ in
        node.core = self
        node.isHeld = false
      }
    }
  }

  deinit {
    node.coreGone(self)
  }

  // MARK: Reading

  /// The value `value` returns: inside a transaction, the one it sees; otherwise the current one.
  @inlinable
  final var currentValue: Value {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return transaction.read(self)
    }
    return presentValue
  }

  /// The current value, outside a transaction. A source's newest accepted value; a derived property's
  /// committed value (its last value, once it ended).
  @inlinable
  final var presentValue: Value {
    if node.isSource {
      // Alone, the core's; in the graph (checked again under the core's lock, which joining takes), the node's.
      if !node.isInGraph, let latest = withState({ _ in node.isInGraph ? nil : latest }) { return latest }
      return unsafeDowncast(node, to: SourceNode<Value>.self).lockedAcceptedValue()
    }
    return node.lockedCommittedValue()
  }

  // MARK: Observing

  /// Whether an observer of the property attaches to its node: a derived property's, or a `MutableProperty`'s
  /// once it joined the graph. A source alone (nothing derived from it, no binding's target) is a replaying
  /// signal whose core delivers its sets itself (and goes on delivering to its core's observers once it joins
  /// the graph); a source fed by a stream stays fed while its core has observers, so they attach there.
  @inlinable
  final var observersAttachToNode: Bool {
    !node.isSource || (node.isInGraph && !node.feedsDependents)
  }

  /// ``Property/observeValues(fileID:line:_:)``: on the node or on the core; see ``observersAttachToNode``.
  @inlinable
  final func observeValuesOfNode(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    guard observersAttachToNode else { return observeReplayingValues(action) }
    return node.observeValues(action)
  }

  /// Under the core's lock, after an observer attached: in the graph, the node feeds the core from now on,
  /// starting from the committed value, which a first observer replays (a wave committed before it does not
  /// deliver to it, one committed after it does).
  @usableFromInline
  override final func observed() {
    guard !isFedByNode, node.isInGraph else { return }
    isFedByNode = node.withRoot { _ in
      guard !node.isEnded, !node.isDetached else { return false }
      node.observers.append(CoreFeed(self))
      delivered = node.committed
      return true
    }
  }

  // MARK: Ending

  @usableFromInline
  final var isDisposed: Bool { hasTerminated }

  /// The core ended, or nobody can observe it any more: its feed leaves the node, and a derived node may leave
  /// the graph.
  @usableFromInline
  final func dispose() {
    PropertyGraph.coreAbandoned(node)
  }

  /// Completes, keeping `last` (a derived property's last value) for late observers; by the domain's owner.
  /// Inlinable, so that it runs specialised where the node's typed code calls it: unspecialised, ending a
  /// property looks up generic metadata again and again, which dominates releasing a large graph.
  @inlinable
  final func endInGraph(last: Value) {
    if !node.isSource { withState { _ in latest = last } }
    send(.completed)
  }

  // MARK: PropertyCoreProtocol

  @usableFromInline
  var typeDescription: String { node.typeDescription }

  /// Makes a source part of the graph, before a derived property is made from it; nothing for a derived core.
  @usableFromInline
  func enterGraph() {}
}

/// The core of a derived property: it ends, silently, once nobody can observe it (no `Property`, `signal` or
/// `producer` handle, no observer); its node then leaves the graph unless something is computed from it.
@usableFromInline
final class DerivedCore<Value>: PropertyCore<Value>, @unchecked Sendable {
  @inlinable
  init(node: DerivedNode<Value>) {
    super.init(node: node, holding: node.lockedCommittedValue(), endsWhenUnobserved: true)
    addTermination(self)
    node.coreMade()
  }
}

/// A property's stream core as an observer of its node (see ``PropertyCore``): the domain's owner hands it each
/// change, which the core delivers to its observers as a change of the wave.
@usableFromInline
final class CoreFeed<Value>: NodeObserver {
  @usableFromInline let core: PropertyCore<Value>

  @inlinable
  init(_ core: PropertyCore<Value>) {
    self.core = core
    super.init(core: core.node)
  }

  @inlinable
  override func receive(from node: GraphNode, in wave: Propagation) {
    guard isActive else { return }
    core.deliverChange(ValueNode<Value>.of(node).committed, context: wave)
  }

  @usableFromInline
  override var feedsCore: Bool { true }
}

extension ValueNode {
  /// A derived property's `value`: inside a transaction, the one it sees; otherwise the committed one.
  @inlinable
  final var currentDerivedValue: Value {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return transaction.read(derived: self)
    }
    return lockedCommittedValue()
  }
}

extension GraphNode {
  /// The core `core` is being freed.
  @usableFromInline
  final func coreGone(_ core: AnyObject) {
    guard domain != nil else { return }
    withRoot { _ in
      if self.core === core { self.core = nil }
    }
  }

  /// A derived node's core was made, after the node: if the node ended meanwhile, so does the core.
  @usableFromInline
  final func coreMade() {
    let ended = withRoot { _ in isEnded }
    if ended { perform(self, .end) }
  }
}
