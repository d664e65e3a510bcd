import Synchronization

/// A connected part of the property graph (see PropertyGraph.md, "Domains"): its lock, and the one thread that
/// **owns** it; what others bring meanwhile is queued for the owner. A merged domain points to the one it
/// joined (``parent``, atomic); only a **root**'s lock guards anything (``withRoot(of:_:)``).
@usableFromInline
final class GraphDomain {
  /// The domain's lock: guards everything below, and the *domain* fields of its nodes.
  @usableFromInline let lock = LockWord()
  /// The domain this one merged into, if any; set once, under both locks. Keeps it alive.
  @exclusivity(unchecked) @usableFromInline var mergedInto: GraphDomain?
  /// ``mergedInto``'s address, for finding the root without a lock.
  @usableFromInline let parent = Atomic<UInt>(0)
  /// How many commits changed the domain's nodes; readable without the lock (a transaction's read checks it).
  @usableFromInline let commitCount = Atomic<UInt64>(0)

  /// ``SerialWorkState``: changed under the lock, but for two compare-and-exchanges, a set's claim of the free
  /// domain (``SourceCore/setWithoutLock(_:)``) and the owner's leave. So a change made under the lock claims the
  /// domain too (``changeOrQueue(_:_:)``), and a merged domain stays claimed.
  @usableFromInline let work = Atomic<Int>(SerialWorkState.idle)
  /// The thread working in the domain, or 0; compared only with the calling thread.
  @usableFromInline let ownerThread = Atomic<UInt>(0)
  /// What other threads (or the owner's own observers) brought while the domain was owned, in order.
  @exclusivity(unchecked) @usableFromInline var queue = PendingQueue<GraphItem>()
  /// The wave in its compute phase (a property made by an operator's closure reads through it); owner's.
  @exclusivity(unchecked) @usableFromInline var computingWave: Unmanaged<Propagation>?
  /// The wave the owner runs, kept by the domain while it runs.
  @exclusivity(unchecked) @usableFromInline var running: Propagation?
  /// A finished wave kept for the next one.
  @exclusivity(unchecked) @usableFromInline var spareWave: Propagation?
  /// How many domains merged into this one, itself included: the larger of two survives a merge.
  @exclusivity(unchecked) @usableFromInline var size = 1

  @usableFromInline
  init() {}

  /// The domain this one belongs to now; read without a lock, and checked under the root's lock.
  @inlinable
  var root: GraphDomain { GraphDomain.root(of: Unmanaged.passUnretained(self)).takeUnretainedValue() }

  /// The root of `domain`, found without a lock.
  @inlinable
  static func root(of domain: Unmanaged<GraphDomain>) -> Unmanaged<GraphDomain> {
    var root = domain
    while true {
      let bits = root.borrow { $0.parent.load(ordering: .acquiring) }
      guard bits != 0 else { return root }
      root = Unmanaged<GraphDomain>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }
  }

  /// Whether the domain is still a root; under its lock.
  @inlinable
  var isRoot: Bool { parent.load(ordering: .relaxed) == 0 }

  @inlinable
  var owner: ThreadID { ownerThread.load(ordering: .relaxed) }

  /// Under the lock: whether a thread works in the domain.
  @inlinable
  var isOwned: Bool { SerialWorkState.isBusy(work) }

  /// Under the lock: makes `thread` the owner, or returns `false`: the caller queues its item for the owner.
  @inlinable
  func claim(by thread: ThreadID) -> Bool {
    guard SerialWorkState.claimOrQueue(work, againstClaimsWithoutLock: true) else { return false }
    ownerThread.store(thread, ordering: .relaxed)
    return true
  }

  /// Under the lock: runs `change` holding the domain (so that no set claims it meanwhile), or queues `item`.
  @inlinable
  func changeOrQueue(_ item: GraphItem, _ change: () -> Void) {
    guard SerialWorkState.claimOrQueue(work, againstClaimsWithoutLock: true) else { return queue.append(item) }
    change()
    work.store(SerialWorkState.idle, ordering: .releasing)
  }

  /// The wave in its compute phase, if any (see ``computingWave``).
  @inlinable
  var computing: Propagation? { computingWave?.takeUnretainedValue() }

  /// Runs `body` with the root of `domain` locked.
  @inlinable
  static func withRoot<Result>(
    of domain: Unmanaged<GraphDomain>, _ body: (GraphDomain) throws -> Result
  ) rethrows -> Result {
    var start = domain
    while true {
      let root = GraphDomain.root(of: start)
      let result = try root.borrow { root -> Result? in
        try root.lock.withLock { root.isRoot ? try body(root) : nil }
      }
      if let result { return result }
      start = root
    }
  }

  /// Under both roots' locks, `other` claimed by this thread (for good): merges it into this one, queue and all.
  @usableFromInline
  func absorb(_ other: GraphDomain) {
    other.mergedInto = self
    other.parent.store(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), ordering: .releasing)
    let commits = max(commitCount.load(ordering: .relaxed), other.commitCount.load(ordering: .relaxed))
    commitCount.store(commits, ordering: .releasing)
    while let item = other.queue.popFirst() { queue.append(item) }
    size += other.size
    other.spareWave = nil
    other.computingWave = nil
  }

  /// By the owner: starts a wave (the spare one or a new one, kept in ``running``), its ``Propagation/lineage`` empty.
  @inlinable
  func startWave() -> Unmanaged<Propagation> {
    let wave = spareWave.take() ?? Propagation()
    let reference = Unmanaged.passUnretained(wave)
    running = consume wave
    let thread = GraphThread.currentReference
    let id = thread.borrow { $0.nextWaveNumber() }
    reference.borrow { $0.begin(id: id, thread: thread, in: self) }
    return reference
  }

  /// Without the lock, by the owner, once `wave` ran and was emptied: keeps it and lets the domain go, if it
  /// is a root and nothing was queued; returns whether it did.
  @inlinable
  func leaveIfNothingQueued(after wave: Unmanaged<Propagation>) -> Bool {
    guard isRoot, running != nil else { return false }
    finish(wave)
    let me = ownerThread.load(ordering: .relaxed)
    ownerThread.store(0, ordering: .relaxed)
    if SerialWorkState.leaveIfNothingQueued(work) { return true }
    ownerThread.store(me, ordering: .relaxed)
    return false
  }

  /// By the owner: `wave`, which ran and was emptied, is kept for the next one, unless a busy core queued it.
  @inlinable
  func finish(_ wave: Unmanaged<Propagation>) {
    guard let finished = running, finished === wave.takeUnretainedValue() else { return }
    let kept = running.take()
    if let kept, !kept.isQueued, spareWave == nil { spareWave = kept }
  }
}

extension GraphNode {
  /// Runs `body` with the root of the node's domain locked.
  @inlinable
  func withRoot<Result>(_ body: (GraphDomain) throws -> Result) rethrows -> Result {
    try GraphDomain.withRoot(of: domainReference.unsafelyUnwrapped, body)
  }
}

/// Runs `body` with the distinct roots of `domains` locked, in address order; retries if one merged meanwhile.
@usableFromInline
func withRootsLocked<Result>(of domains: [GraphDomain], _ body: ([GraphDomain]) -> Result) -> Result {
  while true {
    var roots: [GraphDomain] = []
    for domain in domains {
      let root = domain.root
      if !roots.contains(where: { $0 === root }) { roots.append(root) }
    }
    roots.sort { ObjectIdentifier($0) < ObjectIdentifier($1) }
    var result: Result?
    lockAll(roots[...]) {
      guard roots.allSatisfy(\.isRoot) else { return }
      result = body(roots)
    }
    if let result { return result }
  }
}

/// Holds the locks of `roots`, one inside the other, while `body` runs.
@usableFromInline
func lockAll(_ roots: ArraySlice<GraphDomain>, _ body: () -> Void) {
  guard let first = roots.first else { return body() }
  first.lock.withLock { lockAll(roots.dropFirst(), body) }
}

/// Something a domain's owner must do, in order.
@usableFromInline
enum GraphItem {
  /// A source's next pending change, caused by the changes in `lineage`, which ends with its core (kept alive).
  case change(GraphNode, lineage: [any PropertyCoreProtocol])
  /// A transaction's commit in this domain: the next accepted value of each of its sources, as one wave.
  case group(TransactionGroup)
  /// A source ended: its observers and the nodes that depend only on ended inputs complete.
  case end(GraphNode, keep: AnyObject)
  /// A derived node made while another thread owned the domain: linked, then computed again (a catch-up).
  case attach(GraphNode, inputs: [GraphNode])
  /// An observer attached while the domain was owned: the owner attaches it and replays to it (as a change
  /// caused by `cause`), unless `subscription` was disposed.
  case observe(GraphNode, NodeObserver, NodeSubscription, cause: [any PropertyCoreProtocol])
  /// Let go of while owned: the owner drops the node's switched-off inline observer, and unlinks it if unused.
  case detach(GraphNode)
}

/// A transaction's changes in one domain, queued at once and propagated as one wave.
@usableFromInline
final class TransactionGroup {
  /// The sources changed, each with one value in its pending changes, and their cores.
  @exclusivity(unchecked) @usableFromInline var sources: [GraphNode] = []
  @exclusivity(unchecked) @usableFromInline var cores: [any PropertyCoreProtocol] = []

  @usableFromInline
  init() {}
}
