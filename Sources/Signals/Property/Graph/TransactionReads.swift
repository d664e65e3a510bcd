import Synchronization

/// Reads inside a transaction: a source's value as the transaction set it, and a derived property's value
/// computed from those values and the graph's committed state, by the node's own `compute`.
///
/// The read hands `compute` the transaction's view (``view``), a propagation that is never run: through it,
/// `compute` reads each input as the transaction sees it (computing that input the same way, first) and hands
/// its result to the transaction, never to the node. A node is computed only if an input differs from its
/// committed value, at most once per generation (a set starts one), and its result kept in ``memos``. No lock
/// is held while a closure runs, and no node's slot is touched, so a read never waits for the thread that
/// propagates the graph; if that thread commits in the read's domain meanwhile, the read starts again.
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
    // Nothing set here, the graph idle and no property following a graph it has not merged with: the
    // committed value is the newest consistent state.
    if written.isEmpty, PendingMerges.count.load(ordering: .relaxed) == 0,
      let value = node.withRoot({ root in root.isOwned ? nil : node.committedValue })
    {
      return value
    }
    let root = node.domain.unsafelyUnwrapped.root
    while true {
      let commits = root.commitCount.load(ordering: .acquiring)
      if root !== seenRoot || commits != seenCommits {
        (generation, seenRoot, seenCommits) = (generation &+ 1, root, commits)
      }
      let value = tentativeValue(of: node)
      if root.commitCount.load(ordering: .acquiring) == commits { return value }
    }
  }

  /// The value of `node` as the transaction sees it: what `compute` reads through the view.
  @usableFromInline
  func tentativeValue<Value>(of node: ValueNode<Value>) -> Value {
    evaluate(node) ? memos[ObjectIdentifier(node)]!.value as! Value : node.lockedCommittedValue()
  }

  /// Whether `node`, as the transaction sees it, differs from its committed value: a source if the
  /// transaction set it (or another thread did, still to be propagated); a derived node if an input differs,
  /// then as its `compute` decides. Once per generation; a node read from inside its own computation is
  /// unchanged. A node that left the graph (it ended) keeps its last value.
  @usableFromInline
  func evaluate(_ node: GraphNode) -> Bool {
    let key = ObjectIdentifier(node)
    if let memo = memos[key], memo.generation == generation || memo.generation == .max { return memo.value != nil }
    memos[key] = (node, .max, nil)
    let changed =
      node.isSource || node.withRoot({ _ in node.isInGraph ? node.inputs.nodes : [] }).contains(where: evaluate)
    if !changed || node.compute(node, view) != .changed { memos[key]?.value = nil }
    memos[key]?.generation = generation
    return memos[key]?.value != nil
  }

  /// Keeps `value`, computed by `node`'s `compute` through the view, for this generation.
  @usableFromInline
  func remember<Value>(_ value: Value, of node: ValueNode<Value>) {
    memos[ObjectIdentifier(node)]?.value = value
  }

  /// A source's `compute`, which only a view runs: the value the transaction set, or the latest one, which
  /// differs from the committed one while the graph has still to propagate a set made on another thread.
  @usableFromInline
  func compute<Value>(source node: SourceNode<Value>) -> ComputeResult {
    // A source's core is kept alive by its node until it ends (once it has, its committed value is its last);
    // one outside the graph (a `flatMap(.latest)`'s new inner property) by a handle the caller holds.
    let core = node.isInGraph ? node.withRoot { _ in node.isEnded ? nil : node.core } : node.core
    guard let core else { return .unchanged }
    let source = unsafeDowncast(core, to: SourceCore<Value>.self)
    // Outside the graph, its latest value (read under the core's lock, which it takes to join the graph); in
    // the graph, its accepted value if the graph has still to propagate it.
    var latest = written(source)
    if latest == nil, !node.isInGraph { latest = source.withState { _ in node.isInGraph ? nil : source.latest } }
    if latest == nil {
      latest = node.withRoot { _ in node.acceptedVersion == node.committedVersion ? nil : node.accepted }
    }
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

/// What a transaction's read computed for a node: the node, kept until the transaction ends so that its
/// address names no other node meanwhile; the generation of the value (`.max` while it is computed); and the
/// value, `nil` if the node does not differ from its committed value.
@usableFromInline
typealias TentativeMemo = (node: GraphNode, generation: UInt64, value: Any?)
