import Synchronization

/// Makes the sets in `body` one change of the property graph, applied all at once when it ends.
///
/// ```swift
/// withTransaction {
///   form.name.value = ""
///   form.phone.value = ""
/// }
/// // Observers of `name`, `phone` and of every property derived from them were told once, of the final state.
/// ```
///
/// - **Inside**, reading a property on this thread returns the value set in the transaction, and reading a
///   property derived from it computes it from those values (its closure runs then, once per set).
/// - **At the end of the outermost transaction** (nested ones flatten), every set is applied at once and
///   propagated as one change: each changed property and each property derived from them emits once, with
///   the final state, and every value an observer sees is computed from that one state. A set an observer
///   makes during that delivery is queued and propagated after it, in order, like any set from inside an
///   observer.
/// - **Other threads** see nothing of the transaction before it ends: they read the values from before it,
///   then every set at once. Two transactions that set the same properties on two threads apply one after the
///   other, each whole: the properties end with one transaction's values, never a mix. A set made on another
///   thread meanwhile applies at once, and the commit, which comes later, overwrites it. A read inside a
///   transaction holds nothing: it is computed from the transaction's values and, for everything else, from
///   one consistent state of the graph, the newest when the read starts (including sets another thread made
///   that are still being propagated).
/// - **A throw** rolls back the sets made in the transaction it leaves (nobody saw them), then the error is
///   rethrown; an outer transaction that catches it goes on with its own sets.
/// - `modify` inside a transaction changes the transaction's value, not the property's: a set another thread
///   makes before the commit is overwritten, not combined.
///
/// The name follows the `with…` convention of scoped Swift APIs (`withLock`, `withObservationTracking`);
/// other libraries call it `batch` (Preact, SolidJS) or `runInAction` (MobX). SwiftUI's
/// `withTransaction(_:_:)` takes a `Transaction` first and is unrelated; write `Signals.withTransaction` if a
/// file uses both.
///
/// - Returns: what `body` returns.
public func withTransaction<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
  let transaction = PropertyTransaction.begin()
  let result: Result
  do {
    result = try body()
  } catch {
    transaction.end(rollingBack: true)
    throw error
  }
  transaction.end(rollingBack: false)
  return result
}

/// The transaction open on the calling thread: the values it set, and its commit.
@usableFromInline
final class PropertyTransaction {
  /// The calling thread's open transaction.
  @usableFromInline static let slot = ThreadSlot()
  /// Commits apply one at a time, so that two transactions setting the same properties never interleave; the
  /// state counts them. (A `Locked<Void>` would do, but ThreadSanitizer reports its empty state as racing.)
  static let commits = Locked<UInt64>(0)

  /// The transaction open on the calling thread, if any. Look only when ``PropertyGraph/hasOpenTransactions``.
  @inlinable
  static var current: PropertyTransaction? {
    guard let pointer = slot.value else { return nil }
    return Unmanaged<PropertyTransaction>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The values set, by source; a new set replaces the entry (never changes it), so that a savepoint's copy
  /// keeps what it had.
  @usableFromInline var writes: [ObjectIdentifier: TransactionWrite] = [:]
  /// The sources set, in the order of their first set.
  @usableFromInline var order: [ObjectIdentifier] = []
  /// What `writes` and `order` were when each open nested transaction began, to roll back to.
  var savepoints: [(writes: [ObjectIdentifier: TransactionWrite], order: [ObjectIdentifier])] = []
  /// Counts the sets, so that a value computed for a read stays valid until the next set.
  @usableFromInline var sets: UInt64 = 0
  /// Values of derived properties computed for reads, with the number of sets they were computed after.
  /// Cleared with ``snapshot``.
  var computed: [ObjectIdentifier: (sets: UInt64, value: Any, changed: Bool)] = [:]
  /// What reads compute from: the committed state of the vertices they need, taken under one hold of the
  /// graph's lock (see ``prepareRead(of:)``), by vertex.
  var snapshot: [ObjectIdentifier: CommittedState] = [:]
  /// The graph's commit count when ``snapshot`` was taken: a later commit that changed one of its vertices
  /// makes it stale.
  var snapshotCommits: UInt64 = .max

  /// Opens a transaction on the calling thread, or nests in the open one.
  static func begin() -> PropertyTransaction {
    if let transaction = current {
      transaction.savepoints.append((transaction.writes, transaction.order))
      return transaction
    }
    let transaction = PropertyTransaction()
    transaction.savepoints.append(([:], []))
    slot.value = Unmanaged.passRetained(transaction).toOpaque()
    PropertyGraph.openTransactions.add(1, ordering: .relaxed)
    return transaction
  }

  /// Leaves one level, rolling its sets back if it threw; the outermost commits.
  func end(rollingBack: Bool) {
    let savepoint = savepoints.removeLast()
    if rollingBack {
      (writes, order) = savepoint
      sets &+= 1
    }
    guard savepoints.isEmpty else { return }
    Self.slot.value = nil
    PropertyGraph.openTransactions.subtract(1, ordering: .relaxed)
    commit()
    Unmanaged.passUnretained(self).release()
  }

  // MARK: Sets and reads of sources

  /// Sets `source` to `value`, in the transaction.
  @inlinable
  func set<Value>(_ source: SourceCore<Value>, to value: Value) {
    let key = ObjectIdentifier(source)
    if writes.updateValue(TransactionValue(source, value), forKey: key) == nil { order.append(key) }
    sets &+= 1
  }

  /// Changes `source`'s value, as the transaction sees it, in place.
  @usableFromInline
  func modify<Value, Result>(_ source: SourceCore<Value>, _ body: (inout Value) throws -> Result) rethrows -> Result {
    var value = self.value(of: source)
    let result = try body(&value)
    set(source, to: value)
    return result
  }

  /// The value the transaction set on `source`, or its latest value.
  @usableFromInline
  func value<Value>(of source: SourceCore<Value>) -> Value {
    written(source) ?? source.latestValue
  }

  /// The value the transaction set on `source`, if any.
  @usableFromInline
  func written<Value>(_ source: SourceCore<Value>) -> Value? {
    (writes[ObjectIdentifier(source)] as? TransactionValue<Value>)?.value
  }

  // MARK: Commit

  /// Applies every set at once, then propagates them: one wave for the domains this thread can take now (and
  /// the sources outside the graph), then whatever was queued behind.
  func commit() {
    computed = [:]
    let groups = CommitGroups(thread: currentThreadID())
    let applied = order.compactMap { writes[$0] }
    snapshot = [:]
    guard !applied.isEmpty else { return }
    Self.commits.withLock { count in
      count &+= 1
      Self.apply(applied[...]) {
        PropertyGraph.state.withLock { _ in
          for write in applied { write.queue(write, groups) }
          groups.pickReady()
        }
      }
    }
    writes = [:]
    order = []
    for write in applied { write.links.notifyChange() }
    let aloneDeliveries = applied.compactMap(\.aloneDelivery)
    let sources = groups.ready.flatMap(\.sources)
    var finished: Wave?
    if !sources.isEmpty || !aloneDeliveries.isEmpty {
      let wave = PropertyGraph.state.withLock { graph in
        groups.domains.count == 1
          ? graph.makeWave(in: groups.domains[0], sources: sources, lineage: Lineage(sources))
          : graph.makeWave(groups.domains, sources: sources, lineage: Lineage(sources))
      }
      wave.aloneDeliveries = aloneDeliveries
      wave.run()
      wave.aloneDeliveries = []
      finished = consume wave
    }
    // The commit's wave may have merged some of its domains (a property switched to, or was created over,
    // two of them): each remaining one is propagated once.
    let roots = PropertyGraph.state.withLock { _ in
      groups.domains.reduce(into: [GraphDomain]()) { roots, domain in
        let root = domain.root
        if !roots.contains(where: { $0 === root }) { roots.append(root) }
      }
    }
    for root in roots {
      PropertyGraph.propagate(root, finishing: &finished)
      finished = nil
    }
  }

  /// Stores every value under the locks of all their sources at once, then runs `body` (still under them).
  static func apply(_ writes: ArraySlice<TransactionWrite>, then body: () -> Void) {
    guard let first = writes.first else { return body() }
    first.store(first) { apply(writes.dropFirst(), then: body) }
  }
}

/// One value a transaction set, as its commit sees it.
///
/// Its work is done by closures made in the specialised initialiser of ``TransactionValue`` (a commit reaches
/// writes of many types through this class, and a method of the generic subclass would run unspecialised: see
/// ``VertexOperations``).
@usableFromInline
class TransactionWrite {
  /// Takes the source's core lock, stores the value as its latest, claims the core to deliver it (a source
  /// outside the graph), and runs the closure it is given before letting the lock go.
  @usableFromInline let store: (TransactionWrite, () -> Void) -> Void
  /// Under the graph's lock: queues the change in its domain's group (a source in the graph).
  @usableFromInline let queue: (TransactionWrite, CommitGroups) -> Void
  /// The delivery to make, for a source outside the graph whose core the commit claimed.
  @usableFromInline var aloneDelivery: (() -> Void)?
  /// The source's place in the graph (and its link to Observation).
  @usableFromInline let links: GraphLinks

  @inlinable
  init(
    links: GraphLinks, store: @escaping (TransactionWrite, () -> Void) -> Void,
    queue: @escaping (TransactionWrite, CommitGroups) -> Void
  ) {
    self.links = links
    self.store = store
    self.queue = queue
  }
}

/// A value a transaction set on a source.
@usableFromInline
final class TransactionValue<Value>: TransactionWrite {
  @usableFromInline let source: SourceCore<Value>
  @usableFromInline let value: Value
  /// What ``storeNow(then:)`` decided: the version stored, whether the source is in the graph.
  @usableFromInline var version: UInt64 = 0
  @usableFromInline var isInGraph = false

  @inlinable
  init(_ source: SourceCore<Value>, _ value: Value) {
    self.source = source
    self.value = value
    super.init(
      links: source.links,
      store: { unsafeDowncast($0, to: TransactionValue.self).storeNow(then: $1) },
      queue: { unsafeDowncast($0, to: TransactionValue.self).queueNow(in: $1) })
  }

  /// See ``TransactionWrite/store``.
  @inlinable
  final func storeNow(then next: () -> Void) {
    source.withState { state in
      source.latest = value
      source.version &+= 1
      version = source.version
      if !state.isTerminated {
        if source.isInGraph {
          isInGraph = true
        } else if HandOff.waitsForWorker(source.delivery) {
          state.pending.append(.event(.value(value)))
        } else {
          HandOff.claim(source.delivery)
          state.deliverer = currentThreadID()
          source.delivered = value
          let (source, value, recipients) = (source, value, source.recipients(state))
          aloneDelivery = {
            source.deliver(.value(value), to: recipients)
            source.drain()
          }
        }
      }
      next()
    }
  }

  /// See ``TransactionWrite/queue``.
  @inlinable
  final func queueNow(in groups: CommitGroups) {
    guard isInGraph else { return }
    groups.group(in: source.links.domain.root).sources.append(source)
    source.pendingChanges.append(PendingChange(value: value, version: version, origin: .user))
  }
}

/// The groups a transaction's commit queues, one per domain, and the domains it propagates.
@usableFromInline
final class CommitGroups {
  @usableFromInline let thread: ThreadID
  /// The groups, in the order of their first change.
  @usableFromInline var groups: [TransactionGroup] = []
  @usableFromInline var roots: [ObjectIdentifier: TransactionGroup] = [:]
  /// The domains this thread took for the commit: it propagates them.
  @usableFromInline var domains: [GraphDomain] = []
  /// The groups first in line in a domain it took: together they make the commit's one wave.
  @usableFromInline var ready: [TransactionGroup] = []

  init(thread: ThreadID) {
    self.thread = thread
  }

  /// The group of `root`, queued with its first change.
  @usableFromInline
  func group(in root: GraphDomain) -> TransactionGroup {
    if let group = roots[ObjectIdentifier(root)] { return group }
    let group = TransactionGroup()
    roots[ObjectIdentifier(root)] = group
    groups.append(group)
    root.queue.append(.group(group))
    return group
  }

  /// Takes every domain with a group that no propagation owns, and picks the groups first in line in them. A
  /// group queued behind other changes, or in a domain another propagation owns, waits its turn there.
  @usableFromInline
  func pickReady() {
    for group in groups {
      guard let root = group.sources.first?.links.domain.root else { continue }
      if root.owner == nil {
        root.owner = thread
        domains.append(root)
      }
      guard domains.contains(where: { $0 === root }), case .group(let head) = root.queue.first, head === group
      else { continue }
      _ = root.queue.popFirst()
      ready.append(group)
    }
  }
}
