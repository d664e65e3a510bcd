import Synchronization

/// The property graph's procedures: running what a domain's owner must do, ending and unlinking nodes, and
/// linking new ones. The state lives in the domains (``GraphDomain``) and the nodes (``GraphNode``); there is no
/// lock for the whole graph.
@usableFromInline
enum PropertyGraph {
  /// How many transactions are open, on any thread: while none is, a set never looks for one.
  @usableFromInline static let openTransactions = Atomic<Int>(0)

  /// Whether a transaction is open on some thread; one relaxed load.
  @inlinable
  static var hasOpenTransactions: Bool { openTransactions.load(ordering: .relaxed) != 0 }

  /// The wave whose changes the calling thread is delivering, if any (a ``Wave``'s address): what causes a
  /// binding's set made now.
  @usableFromInline static let delivering = ThreadSlot()

  /// The wave the calling thread is delivering, if any.
  @inlinable
  static var deliveringWave: Wave? {
    guard let pointer = delivering.value else { return nil }
    return Unmanaged<Wave>.fromOpaque(pointer).takeUnretainedValue()
  }

  // MARK: The owner's loop

  /// Runs `wave`, prepared in `domain`, which the calling thread owns; then everything queued there; then
  /// lets the domain go.
  @usableFromInline
  static func run(_ wave: Wave) {
    let domain = wave.domain.unsafelyUnwrapped
    wave.run()
    release(domain, finished: wave)
  }

  /// Does everything queued in `domain`, which the calling thread owns, in order, then lets it go. `finished`,
  /// a wave that just ran, is kept for the next one if nothing else refers to it.
  @usableFromInline
  static func release(_ domain: GraphDomain, finished: Wave? = nil) {
    var finished = finished
    while true {
      let spare = recycle(&finished)
      let work = GraphDomain.withRoot(of: domain) { root in root.nextWork(spare: spare) }
      switch work {
      case .idle:
        PendingMerges.retryIfAny()
        return
      case .wave(let wave):
        wave.run()
        finished = wave
      case .end(let node, let keep):
        endNow(node)
        _ = keep
      case .unlinked(let unlinked):
        unlinked.finish()
      }
    }
  }

  /// A wave that just ran, emptied for its domain to keep, unless a core that was busy queued one of its
  /// changes, to deliver later: that core keeps it.
  @inlinable
  static func recycle(_ wave: inout Wave?) -> Wave? {
    guard let finished = wave.take(), !finished.isQueued else { return nil }
    finished.clear()
    return finished
  }

  // MARK: Ending

  /// Ends `source`, which ended, and every node all of whose inputs have ended with it: each core completes
  /// after keeping its last value. By the domain's owner.
  @usableFromInline
  static func endNow(_ source: GraphNode) {
    var ending = [source]
    var index = 0
    var unlinked = Unlinked()
    while index < ending.count {
      let node = ending[index]
      index += 1
      let dependents = node.withRoot { _ -> [GraphNode] in
        guard !node.isEnded else { return [] }
        node.isEnded = true
        if !node.isSource { unlinked.unlink(node) }
        return node.dependents.nodes
      }
      node.perform(node, .end)
      for dependent in dependents {
        let ends = dependent.withRoot { _ in !dependent.isEnded && dependent.inputs.allSatisfy(\.isEnded) }
        if ends {
          ending.append(dependent)
        } else {
          dependent.perform(dependent, .inputEnded(node))
        }
      }
    }
    unlinked.finish()
  }

  // MARK: Unlinking

  /// Takes a derived node out of the graph: it ended, or nobody can observe it any more. If another thread
  /// (or a wave of this one) works in its domain, the owner does it between two waves.
  @usableFromInline
  static func detach(_ node: GraphNode) {
    var unlinked = Unlinked()
    let claimed = node.withRoot { root -> GraphDomain? in
      guard !node.isDetached else { return nil }
      guard root.owner == 0 else {
        root.queue.append(.detach(node, keep: node.core))
        return nil
      }
      unlinked.unlink(node)
      return nil
    }
    _ = claimed
    unlinked.finish()
  }
}

/// Nodes taken out of the graph under a domain's lock, and what must happen after the lock: their anchors
/// released (which may free them, and run user code) and their inputs told they lost a dependent (which may
/// end an input nobody else observes).
@usableFromInline
struct Unlinked {
  @usableFromInline var anchors: [AnyObject] = []
  @usableFromInline var inputs: [any GraphVertex] = []

  @usableFromInline
  init() {}

  /// Under the lock: unlinks `node` from its inputs.
  @usableFromInline
  mutating func unlink(_ node: GraphNode) {
    guard !node.isDetached else { return }
    node.isDetached = true
    node.inputs.forEach { input in
      input.dependents.remove(node)
      if let vertex = input.core as? any GraphVertex { inputs.append(vertex) }
    }
    if let anchor = node.anchor.take() { anchors.append(anchor) }
  }

  /// After the lock.
  @usableFromInline
  func finish() {
    for input in inputs { input.dependentLeft() }
    _ = anchors
  }
}

/// What a domain's owner does next.
@usableFromInline
enum GraphWork {
  /// Nothing: the domain was let go.
  case idle
  /// Run this wave.
  case wave(Wave)
  /// End this source (and what depends only on ended inputs).
  case end(GraphNode, keep: AnyObject)
  /// Finish unlinking these nodes, after the lock.
  case unlinked(Unlinked)
}

extension GraphDomain {
  /// Under the lock of this root, by its owner: takes the next item queued and prepares it, or lets the
  /// domain go when nothing is queued. `spare` is a finished wave to keep.
  @usableFromInline
  func nextWork(spare: Wave?) -> GraphWork {
    if let spare, spareWave == nil { spareWave = spare }
    while let item = queue.popFirst() {
      switch item {
      case .change(let source, let lineage, let keep):
        guard !source.isEnded else { continue }
        let wave = makeWave(lineage: lineage)
        wave.addSource(source)
        _ = keep
        return .wave(wave)
      case .group(let group):
        let wave = makeWave(lineage: Lineage(group.cores))
        for source in group.sources where !source.isEnded { wave.addSource(source) }
        return .wave(wave)
      case .end(let source, let keep):
        return .end(source, keep: keep)
      case .attach(let node, let inputs, let keep):
        _ = keep
        guard !node.isDetached else { continue }
        // The creator merged the inputs' domains into this one: link the node, and compute it again from the
        // committed values, which may have changed since it read them.
        PropertyGraph.link(node, to: inputs)
        let wave = makeWave(lineage: Lineage())
        wave.force(node)
        return .wave(wave)
      case .detach(let node, let keep):
        _ = keep
        var unlinked = Unlinked()
        unlinked.unlink(node)
        return .unlinked(unlinked)
      }
    }
    owner = 0
    computing = nil
    return .idle
  }
}
