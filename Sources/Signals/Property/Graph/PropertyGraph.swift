import Synchronization

/// The property graph's procedures: running what a domain's owner must do, ending and unlinking nodes, and
/// linking new ones. The state lives in the domains (``GraphDomain``) and the nodes (``GraphNode``); there is no
/// lock for the whole graph.
@usableFromInline
enum PropertyGraph {
  /// How many transactions are open, on any thread: while none is, a set never looks for one.
  @usableFromInline static let openTransactions = Atomic<Int>(0)

  /// Whether a transaction is open on some thread.
  @inlinable
  static var hasOpenTransactions: Bool { openTransactions.load(ordering: .relaxed) != 0 }

  /// The wave the calling thread is delivering, if any: what causes a binding's set made now (see
  /// ``GraphThread/delivering``).
  @inlinable
  static var deliveringWave: Propagation? {
    GraphThread.existing?.borrow { $0.delivering?.takeUnretainedValue() }
  }

  // MARK: The owner's loop

  /// Runs `wave`, which its domain keeps and the calling thread owns; then everything queued there; then lets
  /// the domain go.
  @usableFromInline
  static func run(_ wave: Unmanaged<Propagation>) {
    let domain = wave.borrow { wave in
      wave.run()
      return wave.domainReference.unsafelyUnwrapped
    }
    release(domain, finished: wave)
  }

  /// Does everything queued in `domain`, which the calling thread owns, in order, then lets it go. `finished`
  /// is a wave of the domain that just ran: it is emptied (outside the lock: what it lets go of may be freed)
  /// and kept for the next one.
  @usableFromInline
  static func release(_ domain: GraphDomain, finished: Unmanaged<Propagation>? = nil) {
    release(Unmanaged.passUnretained(domain), finished: finished)
  }

  /// ``release(_:finished:)``.
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
        wave.borrow { $0.deliver { box.receive(from: node) } }
        if ended { box.nodeEnded() }
        finished = wave
      }
    }
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

  /// The core of a derived node was abandoned (nobody holds or observes the property) or ended: the graph
  /// stops delivering to it, and the node leaves the graph unless something is computed from it.
  @usableFromInline
  static func coreAbandoned(_ node: GraphNode) {
    var unlinked = Unlinked()
    node.withRoot { root in
      node.core = nil
      node.isObserved = false
      guard node.isUnused, !root.queueIfOwned(.detach(node)) else { return }
      unlinked.unlink(node)
    }
    unlinked.finish()
  }

  /// The `Property` of a derived node that has no stream core is being freed: the node leaves the graph unless
  /// something else (an observer, a property computed from it) still uses it.
  @usableFromInline
  static func propertyReleased(_ node: GraphNode) {
    var unlinked = Unlinked()
    node.withRoot { root in
      node.isHeld = false
      guard node.isUnused, !root.queueIfOwned(.detach(node)) else { return }
      unlinked.unlink(node)
    }
    unlinked.finish()
  }
}

extension GraphNode {
  /// *Domain.* Whether a derived node is linked but useless: no `Property`, core or observer to tell, nothing
  /// computed from it.
  @usableFromInline
  final var isUnused: Bool {
    !isSource && !isDetached && !isHeld && core == nil && !inGraph.hasObservers && dependents.isEmpty
  }
}

/// Nodes taken out of the graph under a domain's lock, and what must happen after the lock: their anchors
/// released (which may free them, and run user code), the inputs left unused unlinked in turn, and fed sources
/// told they lost a dependent. Iterative, so that releasing a long chain does not recurse.
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

  /// After the lock: unlinks the inputs left unused (each under its domain's lock, or by the domain's owner),
  /// tells fed sources, then releases the anchors.
  @usableFromInline
  mutating func finish() {
    while let orphan = orphans.popLast() {
      orphan.withRoot { root in
        guard orphan.isUnused, !root.queueIfOwned(.detach(orphan)) else { return }
        unlink(orphan)
      }
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
  /// Replay the node's committed value to this observer, which was just attached (or not, if the node ended),
  /// inside this wave, which changes nothing and is kept by the domain: a set the replay makes is caused by a
  /// change of the node.
  /// `ended`: the node had ended, the observer is not attached, and is told so after the replay.
  case replay(NodeObserver, GraphNode, Unmanaged<Propagation>, ended: Bool)
}

extension GraphDomain {
  /// Under the lock of this root, by its owner: takes the next item queued and prepares it, or lets the
  /// domain go when nothing is queued.
  @usableFromInline
  func nextWork() -> GraphWork {
    while let item = queue.popFirst() {
      // Nothing else queued: the owner may leave without the lock after this item (see ``SerialWorkState``).
      if queue.isEmpty { SerialWorkState.claim(work) }
      switch item {
      case .change(let source, let lineage, let keep):
        let wave = startWave(lineage: lineage)
        wave.borrow { wave in
          wave.keep = keep
          wave.addSource(source)
        }
        return .wave(wave)
      case .group(let group):
        let wave = startWave(lineage: ChangeChain(group.cores))
        wave.borrow { wave in
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
        let wave = startWave(lineage: ChangeChain())
        wave.borrow { $0.force(node) }
        return .wave(wave)
      case .observe(let node, let box, let subscription, let cause):
        guard !subscription.isDisposed else { continue }
        let ended = node.isEnded || node.isDetached
        if !ended { node.observers.append(box) }
        let wave = startWave(lineage: cause)
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
