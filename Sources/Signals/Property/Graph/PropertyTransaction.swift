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
@inlinable
public func withTransaction<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
  // The thread's slot keeps the transaction object until the thread ends: borrowed.
  let transaction = PropertyTransaction.begin()
  let result: Result
  do {
    result = try body()
  } catch {
    transaction.borrow { $0.end(rollingBack: true) }
    throw error
  }
  transaction.borrow { $0.end(rollingBack: false) }
  return result
}

/// A thread's transaction: the values it set, its reads, and its commit.
///
/// One object per thread, kept from transaction to transaction. A value set is kept in the source's core
/// itself (``SourceCore/transactionValue``), claimed with a compare-and-exchange; only when two transactions
/// on two threads set the same property at once does the second keep its value here, in a table. A derived
/// property's value computed for a read is kept here (``memos``; see `TransactionReads.swift`).
@usableFromInline
final class PropertyTransaction {
  /// Each thread's transaction object, made on its first transaction and released when the thread ends.
  @usableFromInline static let slot = ThreadSlot(releasingObjects: true)
  /// Commits apply one at a time, so that a commit may hold the locks of all its sources at once without two
  /// commits ever waiting for each other.
  static let commits = Locked<UInt64>(0)

  /// The transaction open on the calling thread, if any. Look only when ``PropertyGraph/hasOpenTransactions``.
  @inlinable
  static var current: PropertyTransaction? { currentReference?.takeUnretainedValue() }

  /// ``current``, unretained.
  @inlinable
  static var currentReference: Unmanaged<PropertyTransaction>? {
    guard let pointer = slot.value else { return nil }
    let transaction = Unmanaged<PropertyTransaction>.fromOpaque(pointer)
    return transaction.borrow { $0.depth > 0 } ? transaction : nil
  }

  /// How many transactions are open on this thread, nested; 0 when none is.
  @exclusivity(unchecked) @usableFromInline var depth = 0
  /// Counts the sets, rollbacks and commits seen from other threads: a value computed for a read is valid for
  /// one generation. Never 0.
  @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 1
  /// This transaction's identity in the cores' ownership words.
  @usableFromInline var identity: Int { Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

  /// The sources set, in the order of their first set, each retained until the commit or the rollback lets it
  /// go.
  @exclusivity(unchecked) @usableFromInline var written = NodeBuffer<WrittenSource>()
  /// Values set on sources whose slot another transaction holds, by source.
  @exclusivity(unchecked) @usableFromInline var foreignWrites: [ObjectIdentifier: Any] = [:]
  /// What each open nested transaction began with, to roll back to.
  @exclusivity(unchecked) @usableFromInline var savepoints: [(written: Int, undo: Int)] = []
  /// The values that sets inside nested transactions replaced, to put back if one of them throws.
  @exclusivity(unchecked) @usableFromInline var undo: [(source: any TransactionSource, previous: Any)] = []

  /// What reads computed, by node: see ``evaluate(_:)``.
  @exclusivity(unchecked) @usableFromInline var memos: [ObjectIdentifier: TentativeMemo] = [:]
  /// The transaction's view: the propagation through which a read runs nodes' `compute` (see
  /// ``Propagation/transaction``). Made on the first read that computes.
  @usableFromInline lazy var view = Propagation(transaction: Unmanaged.passUnretained(self))
  /// The domain whose commits the last read checked, and how many it had: a commit from another thread since
  /// starts a new generation.
  @exclusivity(unchecked) @usableFromInline var seenRoot: GraphDomain?
  @exclusivity(unchecked) @usableFromInline var seenCommits: UInt64 = 0
  /// The commit's state, kept from commit to commit (taken while a commit runs: a transaction committed by an
  /// observer meanwhile makes its own).
  @exclusivity(unchecked) @usableFromInline var spareCommit: TransactionCommit?

  @usableFromInline
  init() {}

  deinit {
    for index in 0..<written.count { written[index].release() }
    written.deallocate()
  }

  /// Opens a transaction on the calling thread, or nests in the open one; returns the thread's transaction
  /// object, unretained (the thread's slot keeps it).
  @usableFromInline
  static func begin() -> Unmanaged<PropertyTransaction> {
    let reference: Unmanaged<PropertyTransaction>
    if let pointer = slot.value {
      reference = Unmanaged<PropertyTransaction>.fromOpaque(pointer)
    } else {
      reference = makeCurrent()
    }
    reference.borrow { transaction in
      if transaction.depth > 0 {
        transaction.savepoints.append((transaction.written.count, transaction.undo.count))
      } else {
        PropertyGraph.openTransactions.add(1, ordering: .relaxed)
      }
      transaction.depth += 1
    }
    return reference
  }

  /// Makes the calling thread's transaction object, on its first transaction.
  @inline(never)
  static func makeCurrent() -> Unmanaged<PropertyTransaction> {
    let reference = Unmanaged.passRetained(PropertyTransaction())
    slot.value = reference.toOpaque()
    return reference
  }

  /// Leaves one level, rolling its sets back if it threw; the outermost commits.
  @usableFromInline
  func end(rollingBack: Bool) {
    if depth > 1 {
      let savepoint = savepoints.removeLast()
      if rollingBack { rollBack(to: savepoint) }
      depth -= 1
      return
    }
    if rollingBack { rollBack(to: (0, 0)) }
    if !memos.isEmpty || seenRoot != nil { releaseMemos() }
    depth = 0
    PropertyGraph.openTransactions.subtract(1, ordering: .relaxed)
    commit()
  }

  // MARK: Sets and reads of sources

  @inlinable
  func set<Value>(_ source: SourceCore<Value>, to value: Value) {
    generation &+= 1
    let owner = source.transactionOwner.load(ordering: .relaxed)
    if owner == identity {
      if depth > 1 { undo.append((source, source.transactionValue as Any)) }
      source.transactionValue = value
      return
    }
    if owner == 0,
      source.transactionOwner.compareExchange(expected: 0, desired: identity, ordering: .acquiringAndReleasing)
        .exchanged
    {
      source.transactionValue = value
      written.append(WrittenSource(retaining: source))
      return
    }
    setForeign(source, to: value)
  }

  /// ``set(_:to:)`` for a source whose slot another transaction holds.
  @usableFromInline
  func setForeign<Value>(_ source: SourceCore<Value>, to value: Value) {
    let key = ObjectIdentifier(source)
    if let previous = foreignWrites.updateValue(value, forKey: key) {
      if depth > 1 { undo.append((source, previous)) }
    } else {
      written.append(WrittenSource(retaining: source))
    }
  }

  /// Changes `source`'s value, as the transaction sees it, in place.
  @inlinable
  func modify<Value, Result>(_ source: SourceCore<Value>, _ body: (inout Value) throws -> Result) rethrows -> Result {
    var value = self.value(of: source)
    let result = try body(&value)
    set(source, to: value)
    return result
  }

  /// The value the transaction set on `source`, or its latest value.
  @inlinable
  func value<Value>(of source: SourceCore<Value>) -> Value {
    written(source) ?? source.presentValue
  }

  /// The value the transaction set on `source`, if any.
  @inlinable
  func written<Value>(_ source: SourceCore<Value>) -> Value? {
    if source.transactionOwner.load(ordering: .relaxed) == identity { return source.transactionValue }
    guard !foreignWrites.isEmpty else { return nil }
    return foreignWrites[ObjectIdentifier(source)] as? Value
  }

  /// Puts back what the sets since `savepoint` replaced.
  func rollBack(to savepoint: (written: Int, undo: Int)) {
    generation &+= 1
    while undo.count > savepoint.undo {
      let (source, previous) = undo.removeLast()
      source.restore(previous, in: self)
    }
    while written.count > savepoint.written {
      let entry = written.removeLast()
      entry.abandon(in: self)
      entry.release()
    }
  }

  // MARK: Commit

  /// Applies every set at once, then propagates them: one wave for the domains this thread can take now (and
  /// the sources outside the graph), while the domains another thread owns get the changes queued.
  func commit() {
    guard !written.isEmpty else { return }
    // One source, set in its own slot: nothing to apply together, so the commit is that source's plain set
    // (one lock, its own wave), with no commit state, no commits lock and no walk.
    if written.count == 1, foreignWrites.isEmpty {
      let entry = written.removeLast()
      if !undo.isEmpty { undo.removeAll() }
      entry.commitAlone()
      return entry.release()
    }
    let commit = spareCommit.take() ?? TransactionCommit()
    commit.transaction = self
    let reference = Unmanaged.passUnretained(commit)
    // A source whose `modify` runs its body stops the commit before it stores anything: it waits for that
    // body (on the source's core lock, outside the commits lock, which the body may need) and tries again.
    while let busy = Self.commits.withLock({ count -> WrittenSource? in
      count &+= 1
      return reference.borrow { $0.storeWritten() }
    }) {
      busy.type.withCoreLocked(of: busy.object) {}
    }
    for index in 0..<written.count { written[index].node.borrow { $0.notifyChange() } }
    for index in 0..<written.count { written[index].release() }
    written.removeAll()
    if !foreignWrites.isEmpty { foreignWrites.removeAll() }
    if !undo.isEmpty { undo.removeAll() }
    commit.run()
    commit.reset()
    if spareCommit == nil { spareCommit = commit }
  }
}

/// A source a transaction set, as a plain value: the source unmanaged (the transaction retains it when it
/// appends the entry and gives the retain back with ``release()``), its node, and its type, through which the
/// commit and a rollback reach it.
@usableFromInline
struct WrittenSource: BitwiseCopyable {
  @usableFromInline let object: Unmanaged<AnyObject>
  /// The source's node, which the source keeps.
  @usableFromInline let node: Unmanaged<GraphNode>
  @usableFromInline let type: any TransactionSource.Type

  /// An entry for `source`, which it retains.
  @inlinable
  init<Value>(retaining source: SourceCore<Value>) {
    object = Unmanaged.passRetained(source)
    node = Unmanaged.passUnretained(source.source)
    type = SourceCore<Value>.self
  }

  /// Runs `body` holding the source's core lock, if the source is alone: one in the graph keeps the values a
  /// commit stores on its node, under its domain's lock, and never leaves the graph.
  @inlinable @inline(__always)
  func withCoreLocked(_ body: () -> Void) {
    if node.borrow({ $0.isInGraph }) { return body() }
    type.withCoreLocked(of: object, body)
  }

  /// Commits the transaction's value as a plain set of the source, through its node (whose closure runs
  /// specialised for its type): the transaction set nothing else.
  @inlinable
  func commitAlone() {
    node.borrow { $0.perform($0, .commitTransactionValue) }
  }

  /// Drops the transaction's value: the set is rolled back.
  @inlinable
  func abandon(in transaction: PropertyTransaction) {
    type.abandon(of: object, in: transaction)
  }

  /// Gives back the entry's retain.
  @inlinable
  func release() {
    object.release()
  }
}

/// A source as a transaction's commit and rollback see it: a ``SourceCore``.
@usableFromInline
protocol TransactionSource: AnyObject {
  /// Runs `body` holding the core lock of `source`, an instance of this type, borrowed.
  static func withCoreLocked(of source: Unmanaged<AnyObject>, _ body: () -> Void)
  /// Puts back a value the transaction replaced (`previous` is the value or, for the slot, an optional).
  func restore(_ previous: Any, in transaction: PropertyTransaction)
  /// Drops the transaction's value of `source`, an instance of this type, borrowed: the set is rolled back.
  static func abandon(of source: Unmanaged<AnyObject>, in transaction: PropertyTransaction)
}

extension SourceCore: TransactionSource {
  @usableFromInline
  static func withCoreLocked(of source: Unmanaged<AnyObject>, _ body: () -> Void) {
    source.borrow { unsafeDowncast($0, to: SourceCore<Value>.self).withState { _ in body() } }
  }

  @usableFromInline
  func restore(_ previous: Any, in transaction: PropertyTransaction) {
    if transactionOwner.load(ordering: .relaxed) == transaction.identity {
      transactionValue = previous as? Value
    } else if let previous = previous as? Value {
      transaction.foreignWrites[ObjectIdentifier(self)] = previous
    }
  }

  @usableFromInline
  static func abandon(of source: Unmanaged<AnyObject>, in transaction: PropertyTransaction) {
    source.borrow { source in
      let source = unsafeDowncast(source, to: SourceCore<Value>.self)
      guard source.transactionOwner.load(ordering: .relaxed) == transaction.identity else {
        transaction.foreignWrites[ObjectIdentifier(source)] = nil
        return
      }
      source.transactionValue = nil
      source.transactionOwner.store(0, ordering: .releasing)
    }
  }

  /// A transaction that set only this source ended, on this thread, holding its slot: takes its value (before
  /// letting the slot go, see ``storeTransactionValue(_:)``) and sets it, with no transaction open here.
  @inlinable
  func commitTransactionValue() {
    let value = transactionValue.take().unsafelyUnwrapped
    transactionOwner.store(0, ordering: .releasing)
    set(value)
  }

  /// Under the core's lock (a source alone) or its root's (in the graph): takes the transaction's value as the
  /// source's, and hands its change to the commit.
  @inlinable
  func storeTransactionValue(_ commit: TransactionCommit) {
    let value = Unmanaged.passUnretained(commit.transaction.unsafelyUnwrapped).borrow { transaction -> Value in
      guard transactionOwner.load(ordering: .relaxed) == transaction.identity else {
        return transaction.foreignWrites[ObjectIdentifier(self)] as! Value
      }
      // The value is taken before the slot is let go: once the owner word is 0, another thread's transaction
      // may claim the slot and write `transactionValue`.
      let value = transactionValue.take().unsafelyUnwrapped
      transactionOwner.store(0, ordering: .releasing)
      return value
    }
    // The commit holds the core's lock already, if alone; in the graph, its domain's.
    guard node.isInGraph else {
      latest = value
      version &+= 1
      guard !lockedState.isTerminated else { return }
      return storeAlone(value, commit)
    }
    source.accepted = value
    source.acceptedVersion &+= 1
    let version = source.acceptedVersion
    guard !hasTerminated else { return }
    if commit.changed(source, core: self) {
      source.waveValue = value
      source.committedVersion = version
    } else {
      source.pendingChanges.append(PendingChange(value: value, version: version, origin: .user))
    }
  }

  /// ``storeTransactionValue(_:)`` for a source outside the graph: delivered with the commit's wave.
  @inlinable
  func storeAlone(_ value: Value, _ commit: TransactionCommit) {
    if SerialWorkState.waitsForWorker(delivery) {
      lockedState.pending.append(.event(.value(value)))
    } else {
      SerialWorkState.claim(delivery)
      lockedState.deliverer = currentThreadID()
      delivered = value
      let recipients = self.recipients(lockedState)
      commit.aloneDeliveries.append {
        self.deliver(.value(value), to: recipients)
        self.drain()
      }
    }
  }
}

/// One transaction's commit: the domains it takes, the groups it queues where another thread works, and the
/// wave it runs. Kept by its transaction from commit to commit.
@usableFromInline
final class TransactionCommit {
  @exclusivity(unchecked) @usableFromInline unowned(unsafe) var transaction: PropertyTransaction?
  @exclusivity(unchecked) @usableFromInline var thread: ThreadID = 0
  /// The domains this commit took, in order, each retained until ``reset()``: its wave propagates them
  /// together.
  @exclusivity(unchecked) @usableFromInline var taken = NodeBuffer<Unmanaged<GraphDomain>>()
  /// The sources changed in the domains it took, unretained (the transaction holds them).
  @exclusivity(unchecked) @usableFromInline var sources = NodeBuffer<Unmanaged<GraphNode>>()
  /// The first domain taken, unretained.
  @exclusivity(unchecked) @usableFromInline var firstTaken: Unmanaged<GraphDomain>?
  /// A group per domain another thread owns.
  @exclusivity(unchecked) @usableFromInline var groups: [(root: GraphDomain, group: TransactionGroup)] = []
  /// Deliveries of sources outside the graph, which the commit claimed.
  @exclusivity(unchecked) @usableFromInline var aloneDeliveries: [() -> Void] = []
  /// The wave of a commit that took one domain, started under the lock that stored the values.
  @exclusivity(unchecked) @usableFromInline var startedWave: Unmanaged<Propagation>?

  @usableFromInline
  init() {}

  deinit {
    reset()
    sources.deallocate()
    taken.deallocate()
  }

  /// Empties the commit for the next one.
  @usableFromInline
  func reset() {
    transaction = nil
    for index in 0..<taken.count { taken[index].release() }
    taken.removeAll()
    firstTaken = nil
    sources.removeAll()
    if !groups.isEmpty { groups.removeAll() }
    if !aloneDeliveries.isEmpty { aloneDeliveries.removeAll() }
  }

  /// Takes the core locks of the transaction's sources outside the graph, one inside the other, then the locks
  /// of the domains of those in it, and stores every value; or, if a source in the graph is in a `modify`'s
  /// body, stores nothing and returns that source.
  func storeWritten() -> WrittenSource? {
    let sources = transaction.unsafelyUnwrapped.written
    var busy: WrittenSource?
    // One source: its lock, with no walk through the list.
    if sources.count == 1 {
      sources[0].withCoreLocked { busy = storeUnderDomainLocks() }
    } else {
      store(sources, from: 0, busy: &busy)
    }
    return busy
  }

  /// Takes the core lock of `sources[index]`, then the following ones', then stores.
  func store(_ sources: NodeBuffer<WrittenSource>, from index: Int, busy: inout WrittenSource?) {
    guard index < sources.count else {
      busy = storeUnderDomainLocks()
      return
    }
    sources[index].withCoreLocked { store(sources, from: index + 1, busy: &busy) }
  }

  /// Under the sources' locks: takes the locks of their domains (one, usually), and stores every value, unless
  /// a source in the graph is in a `modify`'s body (``GraphNode/isModifying``): then it returns that source.
  func storeUnderDomainLocks() -> WrittenSource? {
    thread = currentThreadID()
    let sources = transaction.unsafelyUnwrapped.written
    var single: Unmanaged<GraphDomain>?
    var several = false
    for index in 0..<sources.count {
      guard let domain = sources[index].node.borrow({ $0.isInGraph ? $0.domainReference : nil }) else { continue }
      let root = GraphDomain.root(of: domain)
      if single == nil {
        single = root
      } else if single.unsafelyUnwrapped.toOpaque() != root.toOpaque() {
        several = true
      }
    }
    guard let single else {
      storeAll()
      return nil
    }
    // Roots only ever merge: sources that share a root now share one, whatever merges meanwhile.
    guard several else {
      return GraphDomain.withRoot(of: single) { root in
        if let busy = modifyingSource() { return busy }
        storeAll()
        // It took this one domain: its wave starts in the same critical section.
        if taken.count == 1 { startedWave = startWave(in: root) }
        return nil
      }
    }
    var domains: [GraphDomain] = []
    for index in 0..<sources.count {
      sources[index].node.borrow { node in
        if node.isInGraph, let domain = node.domain { domains.append(domain) }
      }
    }
    return withRootsLocked(of: domains) { _ in
      if let busy = modifyingSource() { return busy }
      storeAll()
      return nil
    }
  }

  /// Under the domains' locks: a source in the graph whose `modify` runs its body, if any.
  func modifyingSource() -> WrittenSource? {
    let sources = transaction.unsafelyUnwrapped.written
    for index in 0..<sources.count where sources[index].node.borrow({ $0.isInGraph && $0.inGraph.isModifying }) {
      return sources[index]
    }
    return nil
  }

  /// Under every lock: each source takes its value.
  func storeAll() {
    let sources = transaction.unsafelyUnwrapped.written
    let commit = Unmanaged.passUnretained(self)
    for index in 0..<sources.count { sources[index].node.borrow { $0.perform($0, .storeTransactionValue(commit)) } }
  }

  /// Under the locks: `node`, a source in the graph, changed. The commit takes its domain if nobody works
  /// there (and returns `true`: the source's value is its value for the commit's wave), or queues the change
  /// for whoever does (and returns `false`: the source's value waits among its pending changes).
  @usableFromInline
  func changed(_ node: GraphNode, core: any PropertyCoreProtocol) -> Bool {
    let reference = GraphDomain.root(of: node.domainReference.unsafelyUnwrapped)
    if reference.toOpaque() == firstTaken?.toOpaque() {
      sources.append(Unmanaged.passUnretained(node))
      return true
    }
    for index in 0..<taken.count where taken[index].toOpaque() == reference.toOpaque() {
      sources.append(Unmanaged.passUnretained(node))
      return true
    }
    return reference.borrow { root in
      if let index = groups.firstIndex(where: { $0.root === root }) {
        groups[index].group.sources.append(node)
        groups[index].group.cores.append(core)
        return false
      }
      // One decision, under the lock, that the owner's lock-free leave cannot split: queue behind the owner,
      // or take the domain.
      guard root.claim(by: thread) else {
        let group = TransactionGroup()
        group.sources.append(node)
        group.cores.append(core)
        groups.append((root, group))
        root.queue.append(.group(group))
        return false
      }
      if firstTaken == nil { firstTaken = reference }
      taken.append(reference.retain())
      sources.append(Unmanaged.passUnretained(node))
      return true
    }
  }

  /// After the locks: propagates what it took as one wave, then lets the domains go.
  func run() {
    guard !taken.isEmpty else {
      for delivery in aloneDeliveries { delivery() }
      return
    }
    // The commit keeps the domains it took (``taken``) until ``reset()``: borrowed here.
    let first = taken[0]
    if taken.count == 1 {
      let wave =
        startedWave.take()
        ?? GraphDomain.withRoot(of: first) { root -> Unmanaged<Propagation> in startWave(in: root) }
      wave.borrow { $0.run() }
      PropertyGraph.release(first, finished: wave)
      return
    }
    var domains: [GraphDomain] = []
    for index in 0..<taken.count { domains.append(taken[index].takeUnretainedValue()) }
    let wave = withRootsLocked(of: domains) { roots -> Unmanaged<Propagation> in
      first.borrow { startWave(in: $0.root, roots: roots) }
    }
    wave.borrow { $0.run() }
    // Domains the wave merged are one now: each root left is let go once.
    let roots = withRootsLocked(of: domains) { $0 }
    PropertyGraph.release(roots[0], finished: wave)
    for root in roots.dropFirst() { PropertyGraph.release(root) }
  }

  /// Under the locks of `main` and `roots`: the commit's wave.
  func startWave(in main: GraphDomain, roots: [GraphDomain] = []) -> Unmanaged<Propagation> {
    let wave = main.startWave()
    wave.borrow { wave in
      wave.lineage = ChangeChain(sourcesOf: wave)
      if !roots.isEmpty {
        for root in roots where root !== main {
          wave.otherDomains.append(root)
          root.computingWave = Unmanaged.passUnretained(wave)
        }
      }
      for index in 0..<sources.count { sources[index].borrow { wave.addTakenSource($0) } }
      if !aloneDeliveries.isEmpty { wave.aloneDeliveries = aloneDeliveries }
    }
    return wave
  }
}
