import Synchronization

/// The property graph's shared state and its one lock.
///
/// The graph's lock guards the structure (``GraphLinks``, ``GraphDomain``), the queues of changes and the
/// committed values. It is a leaf: nothing else is locked while it is held, and no user code runs under it.
/// A property's own core lock may be held while it is taken (a set accepts its value and queues its change in
/// one critical section), never the other way round.
@usableFromInline
enum PropertyGraph {
  /// The graph's state and lock.
  @usableFromInline static let state = Locked(GraphState())

  /// How many transactions are open, on any thread: while none is, a set never looks for one.
  @usableFromInline static let openTransactions = Atomic<Int>(0)

  /// Whether a transaction is open on some thread; one relaxed load.
  @inlinable
  static var hasOpenTransactions: Bool { openTransactions.load(ordering: .relaxed) != 0 }

  /// Propagates everything queued in `domain`, which the calling thread owns, then lets it go.
  ///
  /// A finished wave that nothing refers to any more (no change of it is still queued in a core) is kept by
  /// its domain for the next one, so that a warm domain's waves allocate nothing.
  @usableFromInline
  static func propagate(_ domain: GraphDomain) {
    var finished: Wave?
    propagate(domain, finishing: &finished)
  }

  /// ``propagate(_:)``, after the caller ran `finished`, a wave of `domain` (a transaction's commit).
  @usableFromInline
  static func propagate(_ domain: GraphDomain, finishing finished: inout Wave?) {
    var domain = domain
    recycle(&finished)
    while let (wave, next) = state.withLock({ graph in graph.nextWave(after: domain, reusing: &finished) }) {
      domain = next
      wave.run()
      finished = consume wave
      recycle(&finished)
    }
  }

  /// Keeps `wave`, which just ran, for its domain's next one if nothing else refers to it (no change of it is
  /// still queued in a core): empties it here, outside the locks, since a vertex it lets go of may be freed.
  @usableFromInline
  static func recycle(_ wave: inout Wave?) {
    guard isKnownUniquelyReferenced(&wave), let finished = wave, finished.ending == nil else {
      wave = nil
      return
    }
    finished.clear()
  }

  /// Attaches a derived vertex to its inputs: merges their domains, ranks it, and makes it their dependent.
  ///
  /// `vertex` computed its value from the inputs' committed values as of commit number `snapshot` (or from
  /// the wave in progress, when created by an operator's closure during it). If a commit changed an input
  /// since, or another thread is propagating the domain now, the vertex is computed again once that is done
  /// (a catch-up). If the inputs' domains cannot merge now (two of them are being propagated), the vertex
  /// stays as it is until they can.
  @usableFromInline
  static func attach(_ vertex: any GraphVertex, to inputs: [any GraphVertex], snapshot: UInt64) {
    let thread = currentThreadID()
    let domain = state.withLock { graph in
      graph.attach(vertex, to: inputs, snapshot: snapshot, thread: thread)
    }
    if let domain { propagate(domain) }
  }

  /// Takes a derived vertex out of the graph (it ended, or nobody can observe it any more).
  @usableFromInline
  static func detach(_ vertex: any GraphVertex) {
    state.withLock { graph in graph.detach(vertex) }
  }

  /// The commit number, for a vertex about to read its inputs' committed values.
  @usableFromInline
  static var commitCount: UInt64 {
    state.withLock { $0.commits }
  }
}

/// The graph's state, guarded by ``PropertyGraph/state``.
@usableFromInline
struct GraphState {
  /// Numbers the waves.
  @usableFromInline var waves: UInt64 = 0
  /// Counts the commits, so that a vertex can tell whether an input changed since it read it.
  @usableFromInline var commits: UInt64 = 0
  /// The waves being delivered, innermost last for each thread: a change made from inside a delivery is
  /// caused by it (see ``Lineage``).
  @usableFromInline var deliveries: [Delivery] = []
  /// Derived vertices whose inputs' domains could not merge when they were created.
  @usableFromInline var pendingMerges: [PendingMerge] = []

  @usableFromInline
  init() {}

  /// What caused changes made now on `thread`: the lineage of the innermost wave it is delivering.
  @usableFromInline
  func lineage(on thread: ThreadID) -> Lineage {
    wave(deliveredOn: thread)?.lineage ?? Lineage()
  }

  /// The innermost wave `thread` is delivering, if any.
  @usableFromInline
  func wave(deliveredOn thread: ThreadID) -> Wave? {
    var index = deliveries.count
    while index > 0 {
      index -= 1
      if deliveries[index].thread == thread { return deliveries[index].wave }
    }
    return nil
  }

  /// Ends the innermost delivery of `thread`.
  @usableFromInline
  mutating func endDelivery(on thread: ThreadID) {
    var index = deliveries.count
    while index > 0 {
      index -= 1
      if deliveries[index].thread == thread {
        deliveries.remove(at: index)
        return
      }
    }
  }

  /// The next wave of `domain`, which the calling thread owns, and the domain it belongs to; `nil` once
  /// nothing is queued, after letting the domain go (and attaching what waited for it).
  @usableFromInline
  ///
  /// `finished` is a wave the caller ran and cleared (see ``PropertyGraph/recycle(_:)``): the domain keeps it.
  mutating func nextWave(after domain: GraphDomain, reusing finished: inout Wave?) -> (Wave, GraphDomain)? {
    let root = domain.root
    if let wave = finished.take() { root.spareWave = wave }
    while let item = root.queue.popFirst() {
      switch item {
      case .change(let source, let lineage):
        return (makeWave(in: root, sources: CollectionOfOne(source), lineage: lineage), root)
      case .group(let group):
        return (makeWave(in: root, sources: group.sources, lineage: Lineage(group.sources)), root)
      case .end(let source):
        return (Wave(id: nextWaveID(), ending: source), root)
      case .catchUp(let vertex):
        guard !vertex.links.isDetached else { continue }
        return (makeWave(in: root, sources: EmptyCollection(), forcing: vertex, lineage: Lineage()), root)
      }
    }
    root.owner = nil
    return attachPendingMerges(thread: currentThreadID())
  }

  /// A wave of one domain, made from the domain's spare wave when it has one.
  @usableFromInline
  mutating func makeWave(
    in root: GraphDomain, sources: some Collection<any GraphVertex>, forcing forced: (any GraphVertex)? = nil,
    lineage: Lineage
  ) -> Wave {
    let wave: Wave
    if let spare = root.spareWave.take() {
      spare.reuse(id: nextWaveID(), lineage: lineage)
      wave = spare
    } else {
      wave = Wave(id: nextWaveID(), lineage: lineage)
    }
    return prepare(wave, domains: CollectionOfOne(root), sources: sources, forcing: forced)
  }

  @usableFromInline
  mutating func nextWaveID() -> UInt64 {
    waves &+= 1
    return waves
  }

  /// A wave propagating the next accepted change of each of `sources` (and recomputing `forced`), with every
  /// vertex downstream of them scheduled by rank.
  @usableFromInline
  mutating func makeWave(_ domains: [GraphDomain], sources: [any GraphVertex], lineage: Lineage) -> Wave {
    prepare(Wave(id: nextWaveID(), lineage: lineage), domains: domains, sources: sources, forcing: nil)
  }

  /// Takes the next change of each source into `wave` and schedules everything downstream, by rank.
  @usableFromInline
  mutating func prepare(
    _ wave: Wave, domains: some Collection<GraphDomain>, sources: some Collection<any GraphVertex>,
    forcing forced: (any GraphVertex)?
  ) -> Wave {
    for source in sources {
      let links = source.links
      let origin = links.operations.takeNextChange(source)
      if sources.count == 1 { wave.origin = origin }
      links.changedIn = wave.id
      wave.changed.append(source)
      wave.scheduleDependents(of: links)
    }
    wave.sourceCount = wave.changed.count
    if let forced {
      wave.forced = forced
      wave.schedule(forced)
      wave.scheduleDependents(of: forced.links)
    }
    wave.sortPending()
    for domain in domains {
      domain.computing = wave
      wave.domains.append(domain)
    }
    return wave
  }

  /// See ``PropertyGraph/attach(_:to:snapshot:)``. Returns a domain this thread now owns and must propagate.
  @usableFromInline
  mutating func attach(
    _ vertex: any GraphVertex, to inputs: [any GraphVertex], snapshot: UInt64, thread: ThreadID
  ) -> GraphDomain? {
    var roots: [GraphDomain] = []
    for input in inputs {
      let root = input.links.domain.root
      if !roots.contains(where: { $0 === root }) { roots.append(root) }
    }
    let owned = roots.filter { $0.owner != nil }
    guard owned.count <= 1 || owned.allSatisfy({ $0.isComputing(with: owned[0]) }) else {
      pendingMerges.append(PendingMerge(vertex: vertex, inputs: inputs, snapshot: snapshot))
      return nil
    }
    let survivor = owned.first ?? roots.first ?? vertex.links.domain.root
    for root in roots where root !== survivor { merge(root, into: survivor) }
    vertex.links.domain = survivor
    vertex.links.inputs = inputs
    vertex.links.rank = max(vertex.links.rank, (inputs.map { $0.links.rank }.max() ?? -1) + 1)
    for input in inputs where !input.links.dependents.contains(where: { $0 === vertex }) {
      input.links.dependents.append(vertex)
    }
    if survivor.owner == thread, let wave = survivor.computing {
      wave.scheduleLate(vertex)
      return nil
    }
    let stale = inputs.contains { $0.links.lastCommit > snapshot }
    guard stale || (survivor.owner != nil && survivor.owner != thread) else { return nil }
    survivor.queue.append(.catchUp(vertex))
    guard survivor.owner == nil else { return nil }
    survivor.owner = thread
    return survivor
  }

  /// Merges `root`, which no thread propagates, into `survivor`; what `root` had queued (a transaction's group
  /// waiting to be sealed) moves along.
  @usableFromInline
  mutating func merge(_ root: GraphDomain, into survivor: GraphDomain) {
    root.parent = survivor
    while let item = root.queue.popFirst() { survivor.queue.append(item) }
  }

  /// Takes `vertex` out of the graph.
  @usableFromInline
  mutating func detach(_ vertex: any GraphVertex) {
    vertex.links.isDetached = true
    for input in vertex.links.inputs {
      input.links.dependents.removeAll { $0 === vertex }
    }
    vertex.links.inputs = []
    pendingMerges.removeAll { $0.vertex === vertex }
  }

  /// Attaches the vertices that waited for their inputs' domains to be free to merge; returns the first domain
  /// this thread claimed for their catch-up, if any (the others stay queued for their owners).
  @usableFromInline
  mutating func attachPendingMerges(thread: ThreadID) -> (Wave, GraphDomain)? {
    guard !pendingMerges.isEmpty else { return nil }
    let waiting = pendingMerges
    pendingMerges = []
    var claimed: GraphDomain?
    for merge in waiting where !merge.vertex.links.isDetached {
      if let domain = attach(merge.vertex, to: merge.inputs, snapshot: merge.snapshot, thread: thread),
        claimed == nil
      {
        claimed = domain
      }
    }
    guard let claimed else { return nil }
    var nothing: Wave?
    return nextWave(after: claimed, reusing: &nothing)
  }
}

/// A wave being delivered on a thread: what caused a change made from inside its delivery.
@usableFromInline
struct Delivery {
  @usableFromInline let thread: ThreadID
  @usableFromInline let wave: Wave

  @usableFromInline
  init(thread: ThreadID, wave: Wave) {
    self.thread = thread
    self.wave = wave
  }
}

/// A derived vertex waiting for its inputs' domains to merge.
@usableFromInline
struct PendingMerge {
  @usableFromInline let vertex: any GraphVertex
  @usableFromInline let inputs: [any GraphVertex]
  /// The commit number as of which the vertex read its inputs.
  @usableFromInline let snapshot: UInt64

  @usableFromInline
  init(vertex: any GraphVertex, inputs: [any GraphVertex], snapshot: UInt64) {
    self.vertex = vertex
    self.inputs = inputs
    self.snapshot = snapshot
  }
}
