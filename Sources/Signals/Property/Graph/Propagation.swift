// A propagation (a wave): how a change of sources reaches everything computed from them, glitch-free.

import Synchronization

/// One propagation (a *wave*), run by the thread that owns its domain, in three phases:
/// 1. **Compute**, outside every lock: scheduled nodes lowest rank first, each once, after every changed input
///    (no glitch); a node whose value changed schedules its dependents.
/// 2. **Commit**, under the domain's lock: every new value becomes the committed one at once, and whom to tell
///    is decided.
/// 3. **Deliver**, outside every lock: sources first, then derived nodes by rank; no later wave commits before
///    it ends, and a change an observer makes is queued behind it.
@usableFromInline
final class Propagation: DeliveryContext {
  @exclusivity(unchecked) @usableFromInline var id: UInt64 = 0
  /// A node's ``GraphNode/waveMark`` once scheduled in this wave (`id` times four), and once changed in it.
  @exclusivity(unchecked) @usableFromInline var mark: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var changedMark: UInt64 = 0
  /// The domain the wave propagates, unretained (it keeps the wave); a transaction's may take ``otherDomains``.
  @exclusivity(unchecked) @usableFromInline var domainReference: Unmanaged<GraphDomain>?
  @exclusivity(unchecked) @usableFromInline var otherDomains: [GraphDomain] = []
  /// The changes that led to the wave's own sources (a set made from inside a wave's delivery is caused by
  /// its ``path``), retained: empty for a direct set, whose caller holds its source, or a commit, whose
  /// transaction does; for a queued change, ending with its sources, which it keeps alive.
  @exclusivity(unchecked) @usableFromInline var lineage: [any PropertyCoreProtocol] = []
  /// Who made the change the wave propagates (a transaction's commit is `.user`).
  @exclusivity(unchecked) @usableFromInline var origin = SetOrigin.user
  /// The nodes whose value changed, in the order they changed: sources first, then derived nodes by rank.
  @exclusivity(unchecked) @usableFromInline var changed = NodeBuffer<Unmanaged<GraphNode>>()
  /// How many of ``changed`` are sources.
  @exclusivity(unchecked) @usableFromInline var sourceCount = 0
  /// Whom to tell (observers, stream cores' feeds among them), decided by the commit, retained until delivered.
  @exclusivity(unchecked) @usableFromInline var deliveries = NodeBuffer<Delivery>()
  /// The nodes still to compute.
  @exclusivity(unchecked) @usableFromInline var pending = RankQueue()
  /// Deliveries of sources outside the graph, claimed by a transaction's commit; they go first.
  @exclusivity(unchecked) @usableFromInline var aloneDeliveries: [() -> Void] = []
  /// Whether a busy core queued one of the wave's changes: the wave is then not kept for reuse.
  @exclusivity(unchecked) @usableFromInline var isQueued = false
  /// For a transaction's view (never run: reads and writes go through the transaction), the transaction, which
  /// keeps it; `nil` for a wave.
  @usableFromInline let transaction: Unmanaged<PropertyTransaction>?
  #if DEBUG
  /// The node whose operator is computing now, in a debug build: for ``PropertyChange/inFlight()``.
  @exclusivity(unchecked) @usableFromInline var computingNode: Unmanaged<GraphNode>?
  #endif

  /// A wave, or with `transaction`, that transaction's view.
  @usableFromInline
  init(transaction: Unmanaged<PropertyTransaction>? = nil) {
    self.transaction = transaction
  }

  deinit {
    changed.deallocate()
    deliveries.deallocate()
    pending.deallocate()
  }

  /// The thread that started the wave, and runs it: its state, which the slot keeps (read once per wave).
  @exclusivity(unchecked) @usableFromInline var thread: Unmanaged<GraphThread>?

  /// By the owner: makes the wave number `id` of `domain`, run by `thread`; its ``lineage`` is the caller's.
  @inlinable
  func begin(id: UInt64, thread: Unmanaged<GraphThread>, in domain: GraphDomain) {
    self.id = id
    mark = id &<< 2
    changedMark = mark | WaveMark.changed
    self.thread = thread
    domainReference = Unmanaged.passUnretained(domain)
    domain.computingWave = Unmanaged.passUnretained(self)
  }

  /// The domain the wave propagates.
  @inlinable
  var domain: GraphDomain { domainReference.unsafelyUnwrapped.takeUnretainedValue() }

  /// Empties a finished wave for its domain to keep: it lets go of what it held; its storage stays.
  @usableFromInline
  func clear() {
    // What is empty already is not emptied again: each would release a reference.
    domainReference = nil
    if !otherDomains.isEmpty { otherDomains.removeAll() }
    if !lineage.isEmpty { lineage = [] }
    origin = .user
    changed.removeAll()
    sourceCount = 0
    deliveries.removeAll()
    pending.removeAll()
    if !aloneDeliveries.isEmpty { aloneDeliveries.removeAll() }
  }

  // MARK: Scheduling (under the domain's lock, or by its owner)

  /// Under the lock: `source` takes its next accepted value for this wave, and its dependents are scheduled.
  @inlinable
  func addSource(_ source: GraphNode) {
    _ = source.compute(source, self)
    addTakenSource(source)
  }

  /// Under the lock: `source`, whose value for this wave is set, changed; its dependents are scheduled.
  @inlinable
  func addTakenSource(_ source: GraphNode) {
    source.waveMark = changedMark
    changed.append(Unmanaged.passUnretained(source))
    sourceCount += 1
    scheduleDependents(of: source)
  }

  /// Under the lock: computes `node` in this wave whether or not an input changes (a catch-up).
  @inlinable
  func force(_ node: GraphNode) {
    schedule(node)
    if node.waveMark != changedMark { node.waveMark = mark | WaveMark.forced }
  }

  /// Schedules `node` once.
  @inlinable @inline(__always)
  func schedule(_ node: GraphNode) {
    guard node.waveMark & ~WaveMark.stateMask != mark else { return }
    node.waveMark = mark
    pending.push(Unmanaged.passUnretained(node), rank: node.rank)
  }

  /// Schedules every dependent of `node`.
  @inlinable @inline(__always)
  func scheduleDependents(of node: GraphNode) {
    guard let first = node.dependents.first else { return }
    first.borrow { schedule($0) }
    guard let second = node.dependents.second else { return }
    second.borrow { schedule($0) }
    for dependent in node.dependents.rest { dependent.borrow { schedule($0) } }
  }

  /// Schedules every dependent of `node`, but returns the first instead if the wave would take it next (a
  /// chain), to compute at once.
  @inlinable @inline(__always)
  func scheduleDependentsTakingNext(of node: GraphNode) -> (node: Unmanaged<GraphNode>, rank: Int)? {
    guard let first = node.dependents.first else { return nil }
    var next: (node: Unmanaged<GraphNode>, rank: Int)?
    first.borrow { dependent in
      guard dependent.waveMark & ~WaveMark.stateMask != mark else { return }
      dependent.waveMark = mark
      let rank = dependent.rank
      if pending.takesFirst(rank: rank) { next = (first, rank) } else { pending.push(first, rank: rank) }
    }
    guard let second = node.dependents.second else { return next }
    // Several: all go into the queue, the first one first.
    if let first = next { pending.push(first.node, rank: first.rank) }
    second.borrow { schedule($0) }
    for dependent in node.dependents.rest { dependent.borrow { schedule($0) } }
    return nil
  }

  // MARK: Running (the owner)

  /// Computes, commits and delivers the wave.
  @usableFromInline
  func run() {
    computeAndTrace()
    commit()
    deliver()
  }

  /// Phase 1, with a trace if one is on.
  @usableFromInline
  func computeAndTrace() {
    #if DEBUG
    // A debug build tells ``PropertyChange/inFlight()``, called from inside an operator's closure, which wave
    // this thread is computing. A release build does nothing more here.
    let thread = GraphThread.currentReference
    let previous = thread.borrow { Swift.exchange(&$0.computing, with: Unmanaged.passUnretained(self)) }
    compute()
    thread.borrow { $0.computing = previous }
    #else
    compute()
    #endif
    if TracingHook.activeCount.load(ordering: .relaxed) != 0 { TracingHook.traceChanges(of: self) }
  }

  /// Phase 1: computes every scheduled node, lowest rank first.
  @inlinable @inline(__always)
  func compute() {
    var next: (node: Unmanaged<GraphNode>, rank: Int)?
    while let (reference, rank) = next ?? pending.pop() {
      next = nil
      reference.borrow { node in
        guard !node.isDetached, !node.isEnded else { return }
        // Its rank rose since it was scheduled (`flatMap(.latest)` switched upstream of it): later.
        guard node.rank <= rank else { return pending.push(reference, rank: node.rank) }
        #if DEBUG
        computingNode = reference
        defer { computingNode = nil }
        #endif
        switch node.compute(node, self) {
        case .unchanged:
          break
        case .changed:
          node.waveMark = changedMark
          changed.append(reference)
          next = scheduleDependentsTakingNext(of: node)
        case .deferred:
          pending.push(reference, rank: node.rank)
        }
      }
    }
  }

  /// Phase 2: commits every changed node at once, and decides whom to tell.
  @usableFromInline
  func commit() {
    if otherDomains.isEmpty {
      GraphDomain.withRoot(of: domainReference.unsafelyUnwrapped) { root in commitLocked(root) }
    } else {
      withRootsLocked(of: [domain] + otherDomains) { roots in commitLocked(roots: roots) }
    }
  }

  /// ``commit()`` under the locks of `roots`.
  @usableFromInline
  func commitLocked(roots: [GraphDomain]) {
    var commits: UInt64 = 0
    for root in roots {
      commits = max(commits, root.commitCount.load(ordering: .relaxed) &+ 1)
      root.computingWave = nil
    }
    for root in roots { root.commitCount.store(commits, ordering: .releasing) }
    commitChanged()
  }

  /// ``commit()`` under the lock of `root`, the wave's one domain.
  @inlinable
  func commitLocked(_ root: GraphDomain) {
    let commits = root.commitCount.load(ordering: .relaxed) &+ 1
    root.computingWave = nil
    root.commitCount.store(commits, ordering: .releasing)
    commitChanged()
  }

  /// Under the locks: commits every changed node, and decides whom to tell.
  @inlinable
  func commitChanged() {
    for index in 0..<changed.count {
      let reference = changed[index]
      reference.borrow { node in
        node.perform(node, .commit)
        if node.inGraph.hasObservers {
          if node.inGraph.hasInlineObserver {
            deliveries.append(Delivery(node: reference, target: .fromOpaque(reference.toOpaque()), kind: .inline))
          }
          for index in node.observers.indices {
            deliveries.append(Delivery(node: reference, target: .passRetained(node.observers[index]), kind: .box))
          }
        }
      }
    }
  }

  /// Phase 3: delivers each change to its observers, with this wave as what causes the changes they make.
  /// Written without closures around the loop, so that an observer is called from here, two frames below
  /// the set: inline (``NodeMessage/deliverInline``), or through its box (``NodeObserver/receive(from:in:)``), a
  /// stream core's feed among them.
  @usableFromInline
  func deliver() {
    // Sources told Observation when they were set; derived properties change here.
    for index in sourceCount..<changed.count { changed[index].borrow { $0.notifyChange() } }
    guard !deliveries.isEmpty || !aloneDeliveries.isEmpty else { return }
    // The thread that started the wave runs it.
    let thread = self.thread.unsafelyUnwrapped
    let previous = thread.borrow { $0.delivering }
    thread.borrow { $0.delivering = Unmanaged.passUnretained(self) }
    for delivery in aloneDeliveries { delivery() }
    for index in 0..<deliveries.count {
      let delivery = deliveries[index]
      // A box was retained by the commit.
      delivery.node.borrow { node in
        switch delivery.kind {
        case .inline: node.perform(node, .deliverInline)
        case .box:
          unsafeBitCast(delivery.target, to: Unmanaged<NodeObserver>.self).borrow { $0.receive(from: node, in: self) }
        }
      }
      if delivery.kind != .inline { delivery.target.release() }
    }
    thread.borrow { $0.delivering = previous }
  }

  /// A core queued one of the wave's changes; see ``DeliveryContext``.
  @usableFromInline
  func wasQueued() {
    isQueued = true
  }

  /// Runs `body`, which delivers changes of this wave, as this thread's delivery (the cause of a set it makes).
  @inlinable
  func deliver(_ body: () -> Void) {
    let thread = GraphThread.currentReference
    let previous = thread.borrow { $0.delivering }
    thread.borrow { $0.delivering = Unmanaged.passUnretained(self) }
    body()
    thread.borrow { $0.delivering = previous }
  }
}

/// One call of a wave's deliver phase: a changed node, and whom to tell of it, retained by the commit.
@usableFromInline
struct Delivery: BitwiseCopyable {
  @usableFromInline let node: Unmanaged<GraphNode>
  /// An observer's box (a ``NodeObserver``), retained; the node itself for its inline one.
  @usableFromInline let target: Unmanaged<AnyObject>
  @usableFromInline let kind: Kind

  @usableFromInline
  enum Kind: UInt8, BitwiseCopyable { case inline, box }

  @inlinable
  init(node: Unmanaged<GraphNode>, target: Unmanaged<AnyObject>, kind: Kind) {
    self.node = node
    self.target = target
    self.kind = kind
  }
}
