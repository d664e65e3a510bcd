import Synchronization

/// A connected part of the property graph: its lock, and the one thread at a time that propagates it.
///
/// Every node in the graph belongs to a domain. A new derived property joins the domains of its inputs into
/// one (they merge), so properties that could ever be read together by a derived property are propagated by
/// one thread at a time, in one order. Properties that share nothing stay in separate domains, with separate
/// locks, and propagate in parallel.
///
/// A domain is **owned** while a thread works in it: propagates a change, delivers it, links a new property.
/// Anything another thread brings meanwhile — a change, the end of a source, a property to link or unlink —
/// is queued, and the owner does it before it lets go, in order: the serial-delivery rule of signals
/// (`Docs/Contracts.md` §3, §4), applied to a graph. Ownership is a hand-off, never a wait.
///
/// Merged domains form a forest: a merged domain points to the one it joined (``parent``), and the **root** is
/// the domain a node belongs to now. Only a root's lock guards anything; ``withRoot(of:_:)`` finds it and
/// locks it. Roots are found without a lock (``parent`` is atomic, and a domain is kept alive by the domains
/// merged into it), then checked under the lock.
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

  /// Whether a thread works in the domain, and whether something is queued for it (``SerialWorkState``): changed under
  /// the lock, except by a set that claims the free domain with one compare-and-exchange
  /// (``SourceCore/setWithoutLock(_:)``), and by the owner that finds nothing queued when it is done, and goes with
  /// another (see ``PropertyGraph/release(_:finished:)``). So whatever changes the domain under the lock without
  /// owning it claims it too, for its critical section (``changeOrQueue(_:_:)``), and a merged domain stays
  /// claimed for good.
  @usableFromInline let work = Atomic<Int>(SerialWorkState.idle)
  /// The thread working in the domain, or 0; compared only with the calling thread.
  @usableFromInline let ownerThread = Atomic<UInt>(0)
  /// What other threads (or the owner's own observers) brought while the domain was owned, in order.
  @exclusivity(unchecked) @usableFromInline var queue = PendingQueue<GraphItem>()
  /// The wave in its compute phase, so that a property created by an operator's closure reads its inputs as
  /// the wave sees them. Only the owner reads it; ``running`` keeps it.
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

  /// Under the lock: makes `thread` the owner and returns `true`, or tells the thread working in the domain that
  /// something waits and returns `false` (the caller queues it). A compare-and-exchange, which a set claiming
  /// without the lock cannot come between.
  @inlinable
  func claim(by thread: ThreadID) -> Bool {
    guard SerialWorkState.claimOrQueue(work, againstClaimsWithoutLock: true) else { return false }
    ownerThread.store(thread, ordering: .relaxed)
    return true
  }

  /// Under the lock: runs `change`, which changes the domain without owning it (unlinks a node), holding the
  /// domain meanwhile so that no set claims it without the lock; or queues `item` for the thread working in it.
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
  static func withRoot<Result>(of domain: GraphDomain, _ body: (GraphDomain) throws -> Result) rethrows -> Result {
    try withRoot(of: Unmanaged.passUnretained(domain), body)
  }

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

  /// Under the locks of both roots, `other` claimed by the calling thread: merges it into this domain, and it
  /// stays claimed (no set claims a merged domain). What `other` had queued (a transaction's commit waiting)
  /// moves along, after what this one has.
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

  /// Under the lock, by the owner: starts a wave, the spare one or a new one, which the domain keeps while it
  /// runs (``running``), caused by `lineage`.
  @inlinable
  func startWave(lineage: ChangeChain) -> Unmanaged<Propagation> {
    let wave = startWave()
    wave.borrow { $0.lineage = lineage }
    return wave
  }

  /// ``startWave(lineage:)`` for a set of `core` made outside any propagation, whose caller holds the source:
  /// the chain names it unretained, and is written in place (a spare wave's is empty), without copying one.
  @inlinable
  func startWave(setOf core: AnyObject) -> Unmanaged<Propagation> {
    let wave = startWave()
    wave.borrow { $0.lineage.first = Unmanaged.passUnretained(core) }
    return wave
  }

  /// ``startWave(lineage:)`` with the wave's chain empty.
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

  /// Without the lock, by the owner, once `wave` ran and was emptied: keeps it for the next one (see
  /// ``finish(_:)``) and lets the domain go, if it is still a root and nothing was queued for the owner;
  /// returns whether it did. Otherwise the owner goes on under the lock.
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

  /// Under the lock, by the owner: `wave`, which ran, is kept for the next one, unless a busy core queued one
  /// of its changes (that core keeps it then). The caller emptied it already, outside the lock.
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

/// Locks the roots of several domains at once, in address order (so that two threads never wait for each
/// other), and runs `body` with them, distinct; retries if one merged meanwhile.
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

/// ``withRootsLocked(of:_:)`` for two domains: when both have one root (a `flatMap(.latest)` switching
/// between properties of its own graph), that root's lock alone.
@inlinable
func withRootsLocked<Result>(of first: GraphDomain, _ second: GraphDomain, _ body: () -> Result) -> Result {
  while true {
    let root = GraphDomain.root(of: Unmanaged.passUnretained(first))
    guard GraphDomain.root(of: Unmanaged.passUnretained(second)).toOpaque() == root.toOpaque() else {
      return withRootsLocked(of: [first, second]) { _ in body() }
    }
    // The root is kept by `first`'s chain of merged domains, which `first`'s holder keeps.
    let result = root.borrow { root -> Result? in root.lock.withLock { root.isRoot ? body() : nil } }
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
  /// A source's next accepted value (the first of its pending changes), caused by `lineage`. `keep` keeps the
  /// source's core alive until it is propagated.
  case change(GraphNode, ChangeChain, keep: AnyObject)
  /// A transaction's commit in this domain: the next accepted value of each of its sources, as one wave.
  case group(TransactionGroup)
  /// A source ended: its observers and the nodes that depend only on ended inputs complete.
  case end(GraphNode, keep: AnyObject)
  /// A derived node made while another thread owned the domain: it is linked, and computed again from the
  /// committed values (a catch-up), since they may have changed since it read them.
  case attach(GraphNode, inputs: [GraphNode])
  /// An observer of the node itself, attached while another thread owned the domain (or this one, delivering):
  /// the owner attaches it in turn and replays the committed value to it, unless `subscription` was disposed;
  /// the replay is a change of the node's property (`cause`), as an immediate one is.
  case observe(GraphNode, NodeObserver, NodeSubscription, cause: ChangeChain)
  /// A derived node whose core is gone leaves the graph, if nothing is computed from it (its anchor keeps it
  /// alive until then).
  case detach(GraphNode)
}

/// A transaction's changes in one domain, propagated as one wave. The commit queues it with all its changes at
/// once, under the domain's lock.
@usableFromInline
final class TransactionGroup {
  /// The sources changed, each with one value in its pending changes, and their cores.
  @exclusivity(unchecked) @usableFromInline var sources: [GraphNode] = []
  @exclusivity(unchecked) @usableFromInline var cores: [any PropertyCoreProtocol] = []

  @usableFromInline
  init() {}
}
