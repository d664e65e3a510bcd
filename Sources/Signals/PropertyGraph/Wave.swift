/// One propagation through the property graph: the changes of some sources, and everything computed from them.
///
/// A wave runs on the thread that owns its domain, in three phases (its state is touched only by that thread,
/// or under the graph's lock, so it is not checked for exclusivity at run time):
/// 1. **Compute.** Every vertex downstream of the changed sources is visited once, in rank order (a vertex
///    after all of its inputs), and computed only if one of its inputs changed in the wave. So each derived
///    property is computed at most once per change, from inputs that are all up to date: no glitch, whatever
///    the shape of the graph. The operators' closures run here, outside every lock.
/// 2. **Commit.** Under the graph's lock, every new value becomes the committed one at once: what the graph
///    computes from (a property created now, a transaction's read) sees the whole wave or none of it.
/// 3. **Deliver.** Every derived property's `value` is brought up to date first, one after the other, then
///    the observers of each changed property are called: sources first, then derived properties by rank. An
///    observer therefore reads every derived property of the graph in this one state (no later wave of the
///    domain can commit before the delivery ends); a source's `value` is its newest accepted value, ahead of
///    the wave if it was set again since. A change an observer makes is queued behind the wave (its domain is
///    owned) and propagated next, or, in another domain, propagated there. Another thread that reads two
///    derived properties' `value` while phase 3 updates them may see one updated and not yet the other: to
///    read several values together, combine them (`Property.combineLatest`) and read the combination.
@usableFromInline
final class Wave: DeliveryContext {
  @exclusivity(unchecked) @usableFromInline var id: UInt64
  /// What caused the wave: a change made from inside its delivery is caused by it too.
  @exclusivity(unchecked) @usableFromInline var lineage: Lineage
  /// A source that ended: the wave delivers its end instead of a change.
  @exclusivity(unchecked) @usableFromInline var ending: (any GraphVertex)?
  /// How many of ``changed`` are the sources whose changes the wave propagates (they come first).
  @exclusivity(unchecked) @usableFromInline var sourceCount = 0
  /// Who made the change the wave propagates: `.channel` for a set through a two-way binding (a transaction's
  /// commit, several changes at once, counts as `.user`).
  @exclusivity(unchecked) @usableFromInline var origin = SetOrigin.user
  /// The vertices whose value changed, in the order they changed: sources first, then derived by rank.
  @exclusivity(unchecked) @usableFromInline var changed: [any GraphVertex] = []
  /// The vertices to compute, by rank; ``cursor`` is the next one.
  @exclusivity(unchecked) @usableFromInline var pending: [any GraphVertex] = []
  @exclusivity(unchecked) @usableFromInline var cursor = 0
  /// A vertex computed whether or not an input changed (a catch-up).
  @exclusivity(unchecked) @usableFromInline var forced: (any GraphVertex)?
  /// The domains this wave propagates (several for a transaction's commit).
  @exclusivity(unchecked) @usableFromInline var domains: [GraphDomain] = []
  /// Deliveries of sources outside the graph, claimed by a transaction's commit; they go first.
  @exclusivity(unchecked) @usableFromInline var aloneDeliveries: [() -> Void] = []

  @usableFromInline
  init(id: UInt64, lineage: Lineage) {
    self.id = id
    self.lineage = lineage
    ending = nil
  }

  @usableFromInline
  init(id: UInt64, ending source: any GraphVertex) {
    self.id = id
    lineage = Lineage()
    ending = source
  }

  /// The sources whose changes the wave propagates.
  @usableFromInline
  var sources: ArraySlice<any GraphVertex> { changed[..<sourceCount] }

  /// Empties a finished wave, which nothing refers to any more, for its domain to keep: it lets go of every
  /// vertex and domain, and its arrays keep their storage, so that a domain's waves allocate nothing once warm.
  @usableFromInline
  func clear() {
    lineage = Lineage()
    sourceCount = 0
    origin = .user
    changed.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    cursor = 0
    forced = nil
    domains.removeAll(keepingCapacity: true)
  }

  /// Makes a cleared wave the domain's next one, as wave `id`.
  @usableFromInline
  func reuse(id: UInt64, lineage: Lineage) {
    self.id = id
    self.lineage = lineage
  }

  // MARK: Scheduling (under the graph's lock)

  /// Adds `vertex` to the vertices to compute, once.
  @usableFromInline
  func schedule(_ vertex: any GraphVertex) {
    let links = vertex.links
    guard !links.isDetached, links.scheduledIn != id else { return }
    links.scheduledIn = id
    pending.append(vertex)
  }

  /// Schedules every vertex downstream of the vertex whose links are `links`.
  @usableFromInline
  func scheduleDependents(of links: GraphLinks) {
    var index = pending.count
    for dependent in links.dependents { schedule(dependent) }
    while index < pending.count {
      for dependent in pending[index].links.dependents { schedule(dependent) }
      index += 1
    }
  }

  /// Orders the vertices still to compute by rank, keeping the scheduling order among equal ranks: a stable
  /// insertion sort in place, for the few, mostly ordered vertices of a wave.
  @usableFromInline
  func sortPending() {
    var index = cursor + 1
    while index < pending.count {
      let vertex = pending[index]
      let rank = vertex.links.rank
      var slot = index
      while slot > cursor, pending[slot - 1].links.rank > rank {
        pending[slot] = pending[slot - 1]
        slot -= 1
      }
      if slot != index { pending[slot] = vertex }
      index += 1
    }
  }

  /// Schedules a vertex that attached during the compute phase (an operator's closure created it): it read
  /// its inputs as the wave sees them, so it only needs computing if an input of its is still to come.
  @usableFromInline
  func scheduleLate(_ vertex: any GraphVertex) {
    let current = cursor > 0 ? pending[cursor - 1].links.rank : -1
    guard vertex.links.rank > current else { return }
    schedule(vertex)
    sortPending()
  }

  // MARK: Running (the owner of the domains)

  /// Computes, commits and delivers the wave.
  @usableFromInline
  func run() {
    if let ending { return ending.endNow() }
    compute()
    commit()
    deliver()
  }

  /// Phase 1: computes every scheduled vertex in rank order.
  @usableFromInline
  func compute() {
    while cursor < pending.count {
      let vertex = pending[cursor]
      let links = vertex.links
      cursor += 1
      switch links.operations.compute(vertex, self) {
      case .unchanged:
        break
      case .changed:
        links.changedIn = id
        changed.append(vertex)
      case .deferred:
        PropertyGraph.state.withLock { _ in
          pending.append(vertex)
          sortPending()
        }
      }
    }
  }

  /// Phase 2: commits every changed vertex at once, and registers the delivery on this thread.
  @usableFromInline
  func commit() {
    let thread = currentThreadID()
    PropertyGraph.state.withLock { graph in
      graph.commits &+= 1
      for vertex in changed {
        let links = vertex.links
        links.operations.commit(vertex)
        links.lastCommit = graph.commits
      }
      for domain in domains { domain.computing = nil }
      graph.deliveries.append(Delivery(thread: thread, wave: self))
    }
  }

  /// Phase 3: publishes every derived value, then delivers each change.
  @usableFromInline
  func deliver() {
    for vertex in changed { vertex.links.operations.publish(vertex) }
    // Sources told Observation when their value was set; derived properties change here.
    for vertex in changed[sourceCount...] { vertex.links.notifyChange() }
    for delivery in aloneDeliveries { delivery() }
    for vertex in changed { vertex.links.operations.deliver(vertex, self) }
    let thread = currentThreadID()
    PropertyGraph.state.withLock { graph in graph.endDelivery(on: thread) }
  }
}

extension Wave {
  /// Delivers a change of this wave that a property's core had queued (a replay to a new observer was in
  /// progress) and delivers later: as during the wave's own delivery, a set made meanwhile is known to be
  /// caused by the wave, so that a binding cycle is still recognised.
  @usableFromInline
  func deliver(_ body: () -> Void) {
    let thread = currentThreadID()
    PropertyGraph.state.withLock { graph in graph.deliveries.append(Delivery(thread: thread, wave: self)) }
    body()
    PropertyGraph.state.withLock { graph in graph.endDelivery(on: thread) }
  }
}
