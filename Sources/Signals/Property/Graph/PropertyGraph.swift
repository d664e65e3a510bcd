import Synchronization

/// The property graph's procedures (the owner's loop, ending, unlinking, linking); the state is in the domains
/// and the nodes, with no lock for the whole graph.
@usableFromInline
enum PropertyGraph {
  /// How many transactions are open, on any thread: while none is, a set never looks for one.
  @usableFromInline static let openTransactions = Atomic<Int>(0)

  /// Whether a transaction is open on some thread.
  @inlinable
  static var hasOpenTransactions: Bool { openTransactions.load(ordering: .relaxed) != 0 }

  /// The wave the calling thread is delivering, if any (``GraphThread/delivering``).
  @inlinable
  static var deliveringWave: Propagation? {
    GraphThread.existing?.borrow { $0.delivering?.takeUnretainedValue() }
  }

  // MARK: The owner's loop

  /// Runs `wave`, which the calling thread owns, then what was queued, then lets the domain go.
  @usableFromInline
  static func run(_ wave: Unmanaged<Propagation>) {
    let domain = wave.borrow { wave in
      wave.run()
      return wave.domainReference.unsafelyUnwrapped
    }
    release(domain, finished: wave)
  }

  /// Does what was queued in `domain`, which the calling thread owns, then lets it go; `finished`, a wave that
  /// just ran, is emptied outside the lock and kept.
  @usableFromInline
  static func release(_ domain: GraphDomain, finished: Unmanaged<Propagation>? = nil) {
    release(Unmanaged.passUnretained(domain), finished: finished)
  }

  @usableFromInline
  static func release(_ domain: Unmanaged<GraphDomain>, finished: Unmanaged<Propagation>?) {
    var finished = finished
    while true {
      if let wave = finished {
        wave.borrow { if !$0.isQueued { $0.clear() } }
        // Nothing was queued meanwhile: the domain goes without the lock.
        if domain.borrow({ $0.leaveIfNothingQueued(after: wave) }) {
          PendingMerges.retryIfAny()
          return
        }
      }
      let work = GraphDomain.withRoot(of: domain) { root -> GraphWork in
        if let wave = finished { root.finish(wave) }
        return root.nextWork()
      }
      finished = nil
      switch work {
      case .idle:
        PendingMerges.retryIfAny()
        return
      case .wave(let wave):
        wave.borrow { $0.run() }
        finished = wave
      case .end(let node, let keep):
        endNow(node)
        _ = keep
      case .unlinked(var unlinked):
        unlinked.finish()
      case .replay(let box, let node, let wave, let ended):
        wave.borrow { wave in wave.deliver { box.receive(from: node, in: wave) } }
        if ended { box.nodeEnded() }
        finished = wave
      }
    }
  }

  // MARK: Ending

  /// By the owner: ends `source` and every node all of whose inputs ended with it.
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
        if !node.isSource {
          // Keep it alive until its core completes: unlinking lets go of its anchor.
          unlinked.anchors.append(node)
          unlinked.unlink(node)
        }
        return node.dependents.nodes
      }
      node.perform(node, .end)
      node.releaseClosures()
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

  /// The stream core of `node` was abandoned or ended: its feed leaves the node (let go of after the lock), and a
  /// derived node leaves the graph unless something uses it.
  @usableFromInline
  static func coreAbandoned(_ node: GraphNode) {
    guard node.domain != nil else { return }
    var feed: (NodeObserver, Unmanaged<AnyObject>?)?
    detachIfUnused(node) {
      if !node.isSource { node.core = nil }
      guard let index = node.observers.firstIndex(where: \.feedsCore) else { return }
      let box = node.observers.remove(at: index)
      feed = (box, box.switchOff())
    }
    feed?.1?.release()
  }

  /// The `Property` of a derived node without a core is freed: the node leaves the graph unless something uses it.
  @usableFromInline
  static func propertyReleased(_ node: GraphNode) {
    detachIfUnused(node) { node.isHeld = false }
  }

  /// Under the node's root's lock, `change`, then the node leaves the graph if nothing uses it any more.
  static func detachIfUnused(_ node: GraphNode, after change: () -> Void) {
    var unlinked = Unlinked()
    node.withRoot { root in
      change()
      unlinked.detachIfUnused(node, root)
    }
    unlinked.finish()
  }
}

extension GraphNode {
  /// *Domain.* Whether a derived node is linked but nobody holds, observes or computes from it.
  @usableFromInline
  final var isUnused: Bool {
    !isSource && !isDetached && !isHeld && core == nil && !inGraph.hasObservers && dependents.isEmpty
  }
}

/// Nodes unlinked under a domain's lock, and what follows after it (inputs left unused, fed sources told,
/// anchors released), iteratively, so that a long chain does not recurse.
@usableFromInline
struct Unlinked {
  @usableFromInline var anchors: [GraphNode] = []
  @usableFromInline var orphans: [GraphNode] = []
  @usableFromInline var fedInputs: [GraphNode] = []
  /// What held the unlinked nodes' inputs, let go of before the anchors.
  @usableFromInline var released: [AnyObject] = []

  @usableFromInline
  init() {}

  /// Under the lock: unlinks `node` from its inputs.
  @usableFromInline
  mutating func unlink(_ node: GraphNode) {
    guard !node.isDetached else { return }
    node.isDetached = true
    // A transaction's read of a derived property that left the graph takes its committed value.
    if !node.isSource { node.inGraph.store(false, ordering: .releasing) }
    node.inputs.forEach { input in
      input.dependents.remove(node)
      if input.feedsDependents { fedInputs.append(input) }
      if input.isUnused { orphans.append(input) }
    }
    node.dropInputs(into: &released)
    if let anchor = node.takeAnchor() { anchors.append(anchor) }
  }

  /// Under `root`'s lock: unlinks `node` if nothing uses it, now or, if the domain is owned, by its owner.
  @usableFromInline
  mutating func detachIfUnused(_ node: GraphNode, _ root: GraphDomain) {
    guard node.isUnused else { return }
    root.changeOrQueue(.detach(node)) { unlink(node) }
  }

  /// After the lock: unlinks the inputs left unused, tells fed sources, then releases the anchors.
  @usableFromInline
  mutating func finish() {
    while let orphan = orphans.popLast() {
      orphan.withRoot { root in detachIfUnused(orphan, root) }
    }
    for input in fedInputs { input.dependentLeft() }
    fedInputs = []
    released = []
    // One node at a time: each one's inputs were let go of already.
    while let anchor = anchors.popLast() { _ = consume anchor }
  }
}

/// What a domain's owner does next.
@usableFromInline
enum GraphWork {
  /// Nothing: the domain was let go.
  case idle
  /// Run this wave, which the domain keeps.
  case wave(Unmanaged<Propagation>)
  /// End this source (and what depends only on ended inputs).
  case end(GraphNode, keep: AnyObject)
  /// Finish unlinking these nodes, after the lock.
  case unlinked(Unlinked)
  /// Replay the committed value to this observer, just attached, inside this empty wave (the cause of a set it
  /// makes); `ended`: the node ended, and the observer, not attached, is told so after.
  case replay(NodeObserver, GraphNode, Unmanaged<Propagation>, ended: Bool)
}

extension GraphDomain {
  /// Under the lock, by the owner: prepares the next item queued, or lets the domain go.
  @usableFromInline
  func nextWork() -> GraphWork {
    while let item = queue.popFirst() {
      // Nothing else queued: the owner may leave without the lock after this item (see ``SerialWorkState``).
      if queue.isEmpty { SerialWorkState.claim(work) }
      switch item {
      case .change(let source, let lineage):
        let wave = startWave()
        wave.borrow { wave in
          wave.lineage = lineage
          wave.addSource(source)
        }
        return .wave(wave)
      case .group(let group):
        let wave = startWave()
        wave.borrow { wave in
          wave.lineage = group.cores
          for source in group.sources { wave.addSource(source) }
        }
        return .wave(wave)
      case .end(let source, let keep):
        return .end(source, keep: keep)
      case .attach(let node, let inputs):
        guard !node.isDetached else { continue }
        // The creator merged the inputs' domains into this one: link the node, and compute it again from the
        // committed values, which may have changed since it read them.
        if PropertyGraph.link(node, to: inputs) { return .end(node, keep: node) }
        let wave = startWave()
        wave.borrow { $0.force(node) }
        return .wave(wave)
      case .observe(let node, let box, let subscription, let cause):
        guard !subscription.isDisposed else { continue }
        let ended = node.isEnded || node.isDetached
        if !ended { node.append(observer: box) }
        let wave = startWave()
        wave.borrow { $0.lineage = cause }
        computingWave = nil
        return .replay(box, node, wave, ended: ended)
      case .detach(let node):
        var unlinked = Unlinked()
        // An inline observer disposed while the domain was owned is let go of here.
        if let observer = node.takeInlineObserver() { unlinked.released.append(observer) }
        if node.isUnused { unlinked.unlink(node) }
        return .unlinked(unlinked)
      }
    }
    ownerThread.store(0, ordering: .relaxed)
    computingWave = nil
    work.store(SerialWorkState.idle, ordering: .releasing)
    return .idle
  }
}
