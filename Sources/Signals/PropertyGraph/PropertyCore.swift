import Synchronization

/// The core of every property: a replaying signal core (its observers, its serial delivery, its replay to a
/// new `producer` start) with its node in the property graph (``GraphNode``) and its values.
///
/// The values, each with its guard:
/// - `latest` (in ``ReplayingCore``, under the core's lock): a source's newest accepted value, what its
///   `value` returns. A derived core keeps its value there only once it has ended.
/// - ``committed`` (the domain's lock): the value the graph last committed, from which derived properties
///   are computed, and what a derived property's `value` returns. Written only by the thread that owns the
///   domain, which may read it without the lock.
/// - ``waveValue``: the value computed for the wave in progress; only the owner touches it.
///
/// **Observers and the graph.** A wave delivers a change only to a core with observers: its node's
/// ``GraphNode/isObserved``, which the core keeps up to date under both locks when its first observer comes
/// and its last one goes. A core that gains its first observer replays the committed value; one that already
/// had observers replays what it delivered last, as every replaying core does.
@usableFromInline
class PropertyCore<Value>: ReplayingCore<Value, Never>, GraphVertex, @unchecked Sendable {
  /// The value the graph committed last.
  @exclusivity(unchecked) @usableFromInline final var committed: Value?
  /// The value computed for the wave in progress.
  @exclusivity(unchecked) @usableFromInline final var waveValue: Value?

  /// A core holding `initial` (or nothing yet, for a property whose first value is still to come), whose node
  /// computes with `compute` and does everything else with `perform` (see ``GraphNode``).
  @inlinable
  init(
    holding initial: Value?, endsWhenUnobserved: Bool, isSource: Bool,
    compute: @escaping (GraphNode, Wave) -> ComputeResult, perform: @escaping (GraphNode, NodeMessage) -> Void
  ) {
    let node = GraphNode(core: placeholderCore, isSource: isSource, compute: compute, perform: perform)
    super.init(replaying: initial, endsWhenUnobserved: endsWhenUnobserved, node: node)
    node.core = self
  }

  /// The core's node in the graph.
  @inlinable
  final var node: GraphNode { graphNode.unsafelyUnwrapped }

  /// The core of `node`, which is this type's.
  @inlinable @inline(__always)
  static func of(_ node: GraphNode) -> PropertyCore<Value> {
    unsafeDowncast(node.core, to: PropertyCore<Value>.self)
  }

  /// What a node does for the messages every property core handles the same way; a subclass's `perform`
  /// passes on the ones it does not handle itself. Made in the subclass's `@inlinable` initialiser, so that it
  /// runs specialised.
  @inlinable
  static func performCommon(_ node: GraphNode, _ message: NodeMessage) {
    let core = of(node)
    switch message {
    case .commit:
      core.committed = core.waveValue.take()
    case .deliver(let wave):
      core.deliverChange(core.committed.unsafelyUnwrapped, context: wave)
    case .syncDelivered:
      core.delivered = core.committed
      core.deliveredCommit = node.lastCommit
    case .end:
      core.endInGraph()
    case .takeChange, .inputEnded, .computeTentative, .storeTransactionValue:
      break
    }
  }

  // MARK: Reading

  /// The committed value; for the domain's owner, or under its lock.
  @inlinable
  final var committedValue: Value { committed.unsafelyUnwrapped }

  /// The value of this node as `wave` sees it: the one computed for it if it changed in it, the committed one
  /// otherwise. For the owner.
  @inlinable @inline(__always)
  final func value(in wave: Wave) -> Value {
    node.changedIn == wave.id ? waveValue.unsafelyUnwrapped : committed.unsafelyUnwrapped
  }

  /// The value a derived property made now computes from: as the wave in progress sees it, if the calling
  /// thread is computing one in `root`, the committed value otherwise. By `root`'s owner.
  @inlinable
  final func snapshotValue(in root: GraphDomain) -> Value {
    if let wave = root.computing { return value(in: wave) }
    return committedValue
  }

  /// The committed value, read under the domain's lock: what a derived property made while another thread
  /// owns the domain starts from.
  @inlinable
  final func lockedCommittedValue() -> Value {
    node.withRoot { _ in committedValue }
  }

  /// The value for a property made from this one under `claim`: see ``PropertyGraph/claim(_:)``.
  @inlinable
  final func value(for claim: InputClaim) -> Value {
    if case .owned(let root, _) = claim { return snapshotValue(in: root) }
    return lockedCommittedValue()
  }

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
    if node.isSource { return withState { _ in latest.unsafelyUnwrapped } }
    return node.withRoot { _ in committedValue }
  }

  // MARK: Ending

  /// Keeps the last value for late observers, then completes; by the domain's owner.
  @usableFromInline
  func endInGraph() {
    let last = node.withRoot { _ in committed }
    withState { _ in
      if let last { latest = last }
    }
    send(.completed)
  }

  // MARK: GraphVertex

  @usableFromInline
  var typeDescription: String { "Property<\(Value.self)>" }

  /// A derived property computed from this one was made: it keeps this core from ending unobserved.
  @usableFromInline
  final func dependentJoined() {
    withState { $0.graphDependents += 1 }
  }

  /// A derived property computed from this one left the graph; this core ends if nothing else observes it.
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

/// What a node's core points to until its real core is made (the core makes its node before it exists).
@usableFromInline
let placeholderCore = PlaceholderCore()

/// See ``placeholderCore``.
@usableFromInline
final class PlaceholderCore: Sendable {
  @usableFromInline
  init() {}
}

extension GraphNode {
  /// Under the core's lock, when its first observer comes or its last one goes: a wave delivers to the core
  /// only while it has observers. A core that gains its first observer replays the committed value.
  @usableFromInline
  func observersChanged(isEmpty: Bool) {
    guard isSource ? isInGraph : true else { return }
    withRoot { _ in
      guard isObserved == isEmpty else { return }
      isObserved = !isEmpty
      if !isEmpty { perform(self, .syncDelivered) }
    }
  }
}
