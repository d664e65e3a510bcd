import Synchronization

/// How a new derived node may read its inputs: see ``PropertyGraph/claim(_:)``.
@usableFromInline
enum InputClaim {
  /// The calling thread owns `root`, which holds every input; `claimed`: it took it for this (and lets it go).
  case owned(GraphDomain, claimed: Bool)
  /// Another thread owns `root`, which holds every input: it links the node and computes it again.
  case queued(GraphDomain)
  /// The inputs' domains, owned by other propagations, cannot merge now: the node is linked once they can.
  case pending
}

extension InputClaim {
  /// Runs `read` (the inputs' values for the new node) until no commit happened meanwhile, if another thread
  /// owns the domain.
  @inlinable
  func consistently<Result>(_ read: () -> Result) -> Result {
    guard case .queued(let root) = self else { return read() }
    while true {
      let before = root.commitCount.load(ordering: .acquiring)
      let result = read()
      if root.commitCount.load(ordering: .acquiring) == before { return result }
    }
  }
}

extension PropertyGraph {
  /// Merges the domains of `inputs` for a derived node being made, if they are free (or this thread's, in one
  /// propagation), and takes the one left, so that the node reads one state and is linked before it changes.
  @usableFromInline
  static func claim(_ inputs: [GraphNode]) -> InputClaim {
    let me = currentThreadID()
    return withRootsLocked(of: inputs.map { $0.domain.unsafelyUnwrapped }) { roots in
      // The free roots are claimed (no set may claim one meanwhile); those not merged or kept are let go.
      var owned: [GraphDomain] = []
      for root in roots where !SerialWorkState.claimWithoutLock(root.work) { owned.append(root) }
      let others = owned.filter { $0.owner != me }
      func letGo() -> InputClaim {
        for root in roots where !owned.contains(where: { $0 === root }) {
          root.work.store(SerialWorkState.idle, ordering: .releasing)
        }
        return .pending
      }
      guard others.count <= 1 else { return letGo() }
      if let busy = others.first {
        // Another thread owns one of them; the free ones join it, and it links the node.
        guard owned.count == 1 else { return letGo() }
        for root in roots where root !== busy { busy.absorb(root) }
        return .queued(busy)
      }
      // Several domains this thread owns merge only within one propagation (a transaction's commit).
      if owned.count > 1 {
        let wave = owned[0].computing
        guard wave != nil, owned.allSatisfy({ $0.computing === wave }) else { return letGo() }
      }
      let survivor = owned.first ?? roots.max { $0.size < $1.size }.unsafelyUnwrapped
      for root in roots where root !== survivor { survivor.absorb(root) }
      guard owned.isEmpty else { return .owned(survivor, claimed: false) }
      survivor.ownerThread.store(me, ordering: .relaxed)
      return .owned(survivor, claimed: true)
    }
  }

  /// Links a derived node made under `claim` to its inputs, or leaves it to whoever must.
  @usableFromInline
  static func finishLinking(_ node: GraphNode, to inputs: [GraphNode], _ claim: InputClaim) {
    switch claim {
    case .owned(let root, let claimed):
      let ended = GraphDomain.withRoot(of: .passUnretained(root)) { _ in link(node, to: inputs) }
      if ended { endNow(node) }
      if claimed { release(root) }
    case .queued(let root):
      attachLater(node, to: inputs, in: root, claimed: false)
    case .pending:
      PendingMerges.add(node, inputs: inputs)
      PendingMerges.retryIfAny()
    }
  }

  /// Queues `node` for the owner of `root`, which holds its inputs, to link and compute again: this thread, if
  /// the owner let it go meanwhile, or if this thread `claimed` it for the node.
  static func attachLater(_ node: GraphNode, to inputs: [GraphNode], in root: GraphDomain, claimed: Bool) {
    let claimedNow = GraphDomain.withRoot(of: .passUnretained(root)) { root in
      let claimedNow = root.claim(by: currentThreadID())
      root.queue.append(.attach(node, inputs: inputs))
      return claimedNow
    }
    if claimed || claimedNow { release(root) }
  }

  /// Under the lock of the root holding `node`'s inputs: makes `node` their dependent, above them in rank.
  /// Returns whether every input has ended already: the node must then end too (``endNow(_:)``).
  @usableFromInline
  @discardableResult
  static func link(_ node: GraphNode, to inputs: [GraphNode]) -> Bool {
    var rank = 0
    node.inputs = NodeList()
    for input in inputs {
      node.inputs.append(input)
      rank = max(rank, input.rank + 1)
      if !input.dependents.contains(node) { input.dependents.append(node) }
    }
    node.rank = max(node.rank, rank)
    node.anchor()
    return inputs.allSatisfy(\.isEnded)
  }
}

/// Derived nodes waiting for their inputs' domains, owned by different propagations, to be free to merge.
@usableFromInline
enum PendingMerges {
  /// The nodes waiting, with their inputs.
  static let waiting = Locked<[(node: GraphNode, inputs: [GraphNode])]>([])
  /// How many are waiting: a domain's owner checks it, one relaxed load, when it lets go.
  @usableFromInline static let count = Atomic<Int>(0)

  @usableFromInline
  static func add(_ node: GraphNode, inputs: [GraphNode]) {
    waiting.withLock { $0.append((node, inputs)) }
    count.add(1, ordering: .relaxed)
  }

  /// Tries again to link every node waiting.
  @inlinable
  static func retryIfAny() {
    guard count.load(ordering: .relaxed) != 0 else { return }
    retry()
  }

  @usableFromInline
  static func retry() {
    let nodes = waiting.withLock { Swift.exchange(&$0, with: []) }
    count.subtract(nodes.count, ordering: .relaxed)
    for (node, inputs) in nodes {
      let detached = node.withRoot { _ in node.isDetached }
      guard !detached else { continue }
      switch PropertyGraph.claim(inputs) {
      case .owned(let root, let claimed): PropertyGraph.attachLater(node, to: inputs, in: root, claimed: claimed)
      case .queued(let root): PropertyGraph.attachLater(node, to: inputs, in: root, claimed: false)
      case .pending: add(node, inputs: inputs)
      }
    }
  }
}
