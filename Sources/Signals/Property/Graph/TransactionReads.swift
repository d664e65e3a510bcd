import Synchronization

/// Reads inside a transaction: a source's value as the transaction set it, and a derived property's value
/// computed from those values and the graph's committed state, by the node's own `compute`.
///
/// A read in a transaction that has set nothing, of a graph no thread is propagating, is the committed value,
/// read under the domain's lock: nothing is computed. Otherwise the read hands the node's `compute` the
/// transaction's view (``view``), a propagation that is never run: through it, `compute` reads each input as
/// the transaction sees it (computing that input the same way, first) and hands its result to the transaction,
/// never to the node. A node is computed only if one of its inputs differs from its committed value, at most
/// once per generation of the transaction (a set starts a new one), and its result kept in ``memos``. No lock
/// is held while an operator's closure runs, and no node's slot is touched, so a read never waits for the
/// thread that propagates the graph: what the transaction did not set is read from one consistent state of the
/// graph, and if another thread commits in the read's domain meanwhile, the read starts again, from the newest.
extension PropertyTransaction {
  /// The value of `core`'s property as the transaction sees it: what `value` returns inside a transaction.
  @inlinable
  func read<Value>(_ core: PropertyCore<Value>) -> Value {
    guard !core.node.isSource else { return value(of: unsafeDowncast(core, to: SourceCore<Value>.self)) }
    return read(derived: core.node)
  }

  /// The value of a derived property's `node` as the transaction sees it; see ``read(_:)``.
  @inlinable
  func read<Value>(derived node: ValueNode<Value>) -> Value {
    // Nothing set in this transaction yet, and the graph idle (no thread propagating it, so nothing accepted
    // and not yet propagated), with no property anywhere following a graph it has not merged with: the
    // committed value is the newest consistent state, and nothing needs computing.
    if written.isEmpty, foreignWrites.isEmpty, PendingMerges.count.load(ordering: .relaxed) == 0,
      let value = node.withRoot({ root in root.isOwned ? nil : node.committedValue })
    {
      return value
    }
    let root = node.domain.unsafelyUnwrapped.root
    while true {
      let commits = root.commitCount.load(ordering: .acquiring)
      if root !== seenRoot || commits != seenCommits {
        generation &+= 1
        seenRoot = root
        seenCommits = commits
      }
      let value = tentativeValue(of: node)
      if root.commitCount.load(ordering: .acquiring) == commits { return value }
    }
  }

  /// The value of `node` as the transaction sees it: what `compute` reads through the view.
  @usableFromInline
  func tentativeValue<Value>(of node: ValueNode<Value>) -> Value {
    if evaluate(node), let value = memos[ObjectIdentifier(node)]?.value { return value as! Value }
    return node.lockedCommittedValue()
  }

  /// Whether `node`, as the transaction sees it, differs from its committed value: a source if the
  /// transaction set it (or another thread did, still to be propagated); a derived node if an input differs,
  /// then as its `compute` decides. Computed once per generation. A read of a property from inside its own
  /// computation (its closure reads the property it defines) finds it unchanged: the committed value.
  @usableFromInline
  func evaluate(_ node: GraphNode) -> Bool {
    let key = ObjectIdentifier(node)
    if let memo = memos[key], memo.generation == generation || memo.generation == Self.computing {
      return memo.changed
    }
    memos[key] = TentativeMemo(node: node, generation: Self.computing)
    var changed = false
    if node.isSource {
      changed = node.compute(node, view) == .changed
    } else if let inputs = node.withRoot({ _ in node.isInGraph ? node.inputs.nodes : nil }),
      inputs.contains(where: evaluate)
    {
      // (A property that left the graph, it ended, keeps its last value.)
      changed = node.compute(node, view) == .changed
    }
    memos[key]?.generation = generation
    memos[key]?.changed = changed
    return changed
  }

  /// Keeps `value`, computed by `node`'s `compute` through the view, for this generation.
  @usableFromInline
  func remember<Value>(_ value: Value, of node: ValueNode<Value>) {
    memos[ObjectIdentifier(node)]?.value = value
  }

  /// The generation a memo holds while its node is computed.
  @usableFromInline static var computing: UInt64 { .max }

  /// A source's `compute`, which only a view runs: the value the transaction set, or the latest one, which
  /// differs from the committed one while the graph has still to propagate a set made on another thread.
  @usableFromInline
  func compute<Value>(source node: SourceNode<Value>) -> ComputeResult {
    // A source's core is kept alive by its node until it ends (once it has, its committed value is its last);
    // one outside the graph (a `flatMap(.latest)`'s new inner property) by a handle the caller holds.
    let core = node.isInGraph ? node.withRoot { _ in node.isEnded ? nil : node.core } : node.core
    guard let core else { return .unchanged }
    let source = unsafeDowncast(core, to: SourceCore<Value>.self)
    if let written = written(source) {
      remember(written, of: node)
      return .changed
    }
    // Outside the graph, the source has no committed value: its latest is its value (read under the core's
    // lock, which it takes to join the graph).
    if !node.isInGraph, let alone = source.withState({ _ in node.isInGraph ? nil : source.latest }) {
      remember(alone, of: node)
      return .changed
    }
    // In the graph, its accepted value, if the graph has still to propagate it.
    let latest = node.withRoot { _ in node.acceptedVersion == node.committedVersion ? nil : node.accepted }
    guard let latest else { return .unchanged }
    remember(latest, of: node)
    return .changed
  }

  /// Lets go of the values computed for reads (a transaction that read no derived property holds none).
  func releaseMemos() {
    memos.removeAll(keepingCapacity: true)
    seenRoot = nil
  }
}

/// What a transaction's read computed for a node, in one generation of the transaction.
@usableFromInline
struct TentativeMemo {
  /// The node, kept until the transaction ends, so that its address names no other node meanwhile.
  @usableFromInline let node: GraphNode
  /// The generation ``value`` belongs to; ``PropertyTransaction/computing`` while it is computed.
  @usableFromInline var generation: UInt64
  /// Whether the node differs from its committed value; if not, ``value`` is `nil` and the committed value
  /// stands.
  @usableFromInline var changed = false
  @usableFromInline var value: Any?

  @usableFromInline
  init(node: GraphNode, generation: UInt64) {
    self.node = node
    self.generation = generation
  }
}
