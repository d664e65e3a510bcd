import Synchronization

/// The core of every property: the property as its observers see it — a replaying signal core (its observers,
/// its serial delivery, its replay to a new `producer` start) — with its node in the graph (``ValueNode``),
/// which holds the values.
///
/// **Observers and the graph.** A wave delivers a change only to a core with observers: its node's
/// ``GraphNode/isObserved``, which the core keeps up to date under both locks when its first observer comes
/// and its last one goes. A core that gains its first observer replays the committed value; one that already
/// had observers replays what it delivered last, as every replaying core does.
@usableFromInline
class PropertyCore<Value>: ReplayingCore<Value, Never>, PropertyCoreProtocol, @unchecked Sendable {
  /// The property in the graph.
  @usableFromInline final let node: ValueNode<Value>

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

  // MARK: Ending

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

  /// A derived property computed from this core's node was made: it keeps the core from ending unobserved.
  @usableFromInline
  final func dependentJoined() {
    withState { $0.graphDependents += 1 }
  }

  /// A derived property computed from this core's node left the graph; the core ends if nothing else
  /// observes it.
  @usableFromInline
  final func dependentLeft() {
    let terminations = withState { state -> Terminations in
      state.graphDependents -= 1
      return endIfAbandoned(&state)
    }
    terminations.disposeAll()
  }

  /// Makes a source part of the graph, before a derived property is made from it; nothing for a derived core.
  @usableFromInline
  func enterGraph() {}
}

/// The core of a derived property: it ends, silently, once nobody can observe it (no `Property`, `signal` or
/// `producer` handle, no observer); its node then leaves the graph unless something is computed from it.
@usableFromInline
final class DerivedCore<Value>: PropertyCore<Value>, Disposable, @unchecked Sendable {
  @inlinable
  init(node: DerivedNode<Value>) {
    super.init(node: node, holding: node.lockedCommittedValue(), endsWhenUnobserved: true)
    addTermination(self)
    node.coreMade()
  }

  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// The core ended, or nobody can observe it any more: its node may leave the graph.
  @usableFromInline
  func dispose() {
    PropertyGraph.coreAbandoned(node)
  }
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
  /// Under the core's lock, when its first observer comes or its last one goes: a wave delivers to the core
  /// only while it has observers. A core that gains its first observer replays the committed value.
  @usableFromInline
  final func observersChanged(isEmpty: Bool) {
    guard isInGraph else { return }
    withRoot { _ in
      guard isObserved == isEmpty, core != nil else { return }
      isObserved = !isEmpty
      if !isEmpty { perform(self, .syncDelivered) }
    }
  }

  /// The core `core` is being freed.
  @usableFromInline
  final func coreGone(_ core: AnyObject) {
    guard domain != nil else { return }
    withRoot { _ in
      guard self.core === core else { return }
      self.core = nil
      isObserved = false
    }
  }

  /// A derived node's core was made, after the node: if the node ended meanwhile, so does the core.
  @usableFromInline
  final func coreMade() {
    let ended = withRoot { _ in isEnded }
    if ended { perform(self, .end) }
  }
}
