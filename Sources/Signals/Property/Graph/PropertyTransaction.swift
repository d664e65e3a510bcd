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
  /// Commits that take the core locks of sources outside the graph (one inside the other, in no set order) take
  /// this first, so that two of them never wait for each other. A commit of sources all in the graph takes only
  /// their roots' locks, in address order.
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
      entry.type.abandon(of: entry.object, in: self)
      entry.release()
    }
  }

  // MARK: Commit

  /// Applies every set at once, then propagates them: one wave for the domains this thread can take now (and
  /// the sources outside the graph), while the domains another thread owns get the changes queued.
  func commit() {
    guard !written.isEmpty else { return }
    // One source, set in its own slot: the commit is that source's plain set (one lock, its own wave).
    if written.count == 1, foreignWrites.isEmpty {
      let entry = written.removeLast()
      if !undo.isEmpty { undo.removeAll() }
      entry.node.borrow { $0.perform($0, .commitTransactionValue) }
      return entry.release()
    }
    let commit = spareCommit.take() ?? TransactionCommit()
    commit.transaction = self
    // A source whose `modify` runs its body stops the commit before it stores anything: it waits for that
    // body (on the source's core lock, outside the commits lock, which the body may need) and tries again.
    while let busy = commit.store() {
      busy.type.withCoreLocked(of: busy.object) {}
    }
    for index in 0..<written.count {
      written[index].node.borrow { $0.notifyChange() }
      written[index].release()
    }
    written.removeAll()
    if !foreignWrites.isEmpty { foreignWrites.removeAll() }
    if !undo.isEmpty { undo.removeAll() }
    commit.run()
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

  /// Gives back the entry's retain.
  @inlinable
  func release() {
    object.release()
  }
}

/// A source as a transaction's commit and rollback see it: a ``SourceCore``. Each `source` is an instance of
/// the type, borrowed.
@usableFromInline
protocol TransactionSource: AnyObject {
  /// Runs `body` holding the core lock of `source`.
  static func withCoreLocked(of source: Unmanaged<AnyObject>, _ body: () -> Void)
  /// Puts back a value the transaction replaced (`previous` is the value or, for the slot, an optional).
  func restore(_ previous: Any, in transaction: PropertyTransaction)
  /// Drops the transaction's value of `source`: the set is rolled back.
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

  /// A transaction that set only this source ended, on this thread, holding its slot: takes its value and
  /// sets it, with no transaction open here (in the graph, by the set's graph path: nothing to look up).
  @inlinable
  func commitTransactionValue() {
    // Taken before the slot is let go: then another thread's transaction may claim it.
    let value = transactionValue.take().unsafelyUnwrapped
    transactionOwner.store(0, ordering: .releasing)
    if node.isInGraph { setSlowly(value, origin: .user) } else { set(value) }
  }

  /// Under the core's lock (a source alone) or its root's (in the graph): takes the transaction's value as the
  /// source's, and adds it to the commit's wave or to its group where another thread works.
  @inlinable
  func storeTransactionValue(_ commit: TransactionCommit) {
    let value = Unmanaged.passUnretained(commit.transaction.unsafelyUnwrapped).borrow { transaction -> Value in
      guard transactionOwner.load(ordering: .relaxed) == transaction.identity else {
        return transaction.foreignWrites[ObjectIdentifier(self)] as! Value
      }
      // Taken before the slot is let go: then another thread's transaction may claim it.
      let value = transactionValue.take().unsafelyUnwrapped
      transactionOwner.store(0, ordering: .releasing)
      return value
    }
    guard node.isInGraph else {
      latest = value
      version &+= 1
      guard !lockedState.isTerminated else { return }
      return storeAlone(value, commit)
    }
    source.accepted = value
    source.acceptedVersion &+= 1
    guard !hasTerminated else { return }
    if let group = commit.group(of: source) {
      source.pendingChanges.append(PendingChange(value: value, version: source.acceptedVersion, origin: .user))
      group.borrow { group in
        group.sources.append(source)
        group.cores.append(self)
      }
    } else {
      source.waveValue = value
      source.committedVersion = source.acceptedVersion
      commit.wave.unsafelyUnwrapped.borrow { $0.addTakenSource(source) }
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

/// One transaction's commit: the domains it takes (each a part of its one wave) or queues a group in (another
/// thread works there), and the deliveries of its sources outside the graph. Kept from commit to commit.
@usableFromInline
final class TransactionCommit {
  @exclusivity(unchecked) @usableFromInline unowned(unsafe) var transaction: PropertyTransaction?
  /// The root of each domain of the sources, under the locks: taken (retained, no group), or queued to (the
  /// group, which the root's queue keeps).
  @exclusivity(unchecked) @usableFromInline var roots = NodeBuffer<
    (root: Unmanaged<GraphDomain>, group: Unmanaged<TransactionGroup>?)
  >()
  /// The wave of the domains taken, if any.
  @exclusivity(unchecked) @usableFromInline var wave: Unmanaged<Propagation>?
  /// Deliveries of sources outside the graph, which the commit claimed.
  @exclusivity(unchecked) @usableFromInline var aloneDeliveries: [() -> Void] = []

  @usableFromInline
  init() {}

  deinit { roots.deallocate() }

  /// Stores every value under the core locks of the sources outside the graph (one inside the other, under the
  /// commits lock) and the locks of the others' domains; or, if a source in the graph is in a `modify`'s body,
  /// stores nothing and returns that source.
  func store() -> WrittenSource? {
    let sources = transaction.unsafelyUnwrapped.written
    var alone = 0
    while alone < sources.count, sources[alone].node.borrow({ $0.isInGraph }) { alone += 1 }
    guard alone < sources.count else { return storeUnderDomainLocks() }
    return PropertyTransaction.commits.withLock { _ in
      var busy: WrittenSource?
      store(sources, from: alone, busy: &busy)
      return busy
    }
  }

  /// Takes the core lock of `sources[index]` and of each following source outside the graph, then stores.
  func store(_ sources: NodeBuffer<WrittenSource>, from index: Int, busy: inout WrittenSource?) {
    var index = index
    while index < sources.count, sources[index].node.borrow({ $0.isInGraph }) { index += 1 }
    guard index < sources.count else {
      busy = storeUnderDomainLocks()
      return
    }
    sources[index].type.withCoreLocked(of: sources[index].object) { store(sources, from: index + 1, busy: &busy) }
  }

  /// Under the sources' core locks: takes the locks of their domains' roots (one, usually), decides for each
  /// whether the commit takes it or queues a group there, and stores every value; unless a source in the graph
  /// is in a `modify`'s body (``GraphNode/isModifying``): then it returns that source.
  func storeUnderDomainLocks() -> WrittenSource? {
    let sources = transaction.unsafelyUnwrapped.written
    guard let first = (0..<sources.count).first(where: { sources[$0].node.borrow { $0.isInGraph } }) else {
      storeAll()
      return nil
    }
    // First, the first source's root alone: most commits touch one.
    let stored = sources[first].node.borrow { $0.withRoot { storeLocked(CollectionOfOne($0)) } }
    guard case .elsewhere = stored else { return stored.busy }
    var domains: [GraphDomain] = []
    for index in 0..<sources.count {
      sources[index].node.borrow { if $0.isInGraph, let domain = $0.domain { domains.append(domain) } }
    }
    return withRootsLocked(of: domains) { storeLocked($0) }.busy
  }

  /// What ``storeLocked(_:)`` did.
  enum Stored {
    case stored, busy(WrittenSource), elsewhere
    var busy: WrittenSource? { if case .busy(let source) = self { source } else { nil } }
  }

  /// Under the locks of `locked`, distinct roots: stores unless a source is in a `modify`'s body, or its root
  /// is not locked. Roots only ever merge, and not while locked: a source whose root is locked stays in it.
  func storeLocked(_ locked: some Collection<GraphDomain>) -> Stored {
    let sources = transaction.unsafelyUnwrapped.written
    for index in 0..<sources.count {
      let stored = sources[index].node.borrow { node -> Stored? in
        guard node.isInGraph else { return nil }
        if node.inGraph.isModifying { return .busy(sources[index]) }
        guard locked.count == 1 else { return nil }
        let root = GraphDomain.root(of: node.domainReference.unsafelyUnwrapped)
        return root.toOpaque() == Unmanaged.passUnretained(locked.first.unsafelyUnwrapped).toOpaque() ? nil : .elsewhere
      }
      if let stored { return stored }
    }
    let thread = currentThreadID()
    for root in locked {
      let reference = Unmanaged.passUnretained(root)
      // One decision, under the lock, that neither the owner's lock-free leave nor a lock-free set's claim can
      // split: queue behind the owner, or take the domain.
      guard root.claim(by: thread) else {
        let group = TransactionGroup()
        root.queue.append(.group(group))
        roots.append((reference, Unmanaged.passUnretained(group)))
        continue
      }
      roots.append((reference.retain(), nil))
      guard let wave else {
        let started = root.startWave()
        started.borrow { $0.lineage = ChangeChain(sourcesOf: $0) }
        wave = started
        continue
      }
      wave.borrow { wave in
        wave.otherDomains.append(root)
        root.computingWave = Unmanaged.passUnretained(wave)
      }
    }
    storeAll()
    if let wave, !aloneDeliveries.isEmpty { wave.borrow { $0.aloneDeliveries = aloneDeliveries } }
    return .stored
  }

  /// Under every lock: each source takes its value.
  func storeAll() {
    let sources = transaction.unsafelyUnwrapped.written
    let commit = Unmanaged.passUnretained(self)
    for index in 0..<sources.count { sources[index].node.borrow { $0.perform($0, .storeTransactionValue(commit)) } }
  }

  /// Under the locks: the group queued in the domain of `node`, a source in the graph, or `nil` if the commit
  /// took that domain.
  @inlinable @inline(__always)
  func group(of node: GraphNode) -> Unmanaged<TransactionGroup>? {
    guard roots.count > 1 else { return roots[0].group }
    let root = GraphDomain.root(of: node.domainReference.unsafelyUnwrapped)
    for index in 0..<roots.count where roots[index].root.toOpaque() == root.toOpaque() { return roots[index].group }
    preconditionFailure("Internal inconsistency: a commit stores a source whose root it did not lock")
  }

  /// After the locks: runs the wave, lets the domains it took go, and empties the commit for the next one.
  func run() {
    transaction = nil
    defer {
      roots.removeAll()
      if !aloneDeliveries.isEmpty { aloneDeliveries.removeAll() }
    }
    guard let wave = wave.take() else {
      for delivery in aloneDeliveries { delivery() }
      return
    }
    wave.borrow { $0.run() }
    if roots.count == 1 {
      PropertyGraph.release(roots[0].root, finished: wave)
      return roots[0].root.release()
    }
    var taken: [GraphDomain] = []
    for index in 0..<roots.count where roots[index].group == nil { taken.append(roots[index].root.takeRetainedValue()) }
    // Domains the wave merged are one now: each root left is let go once.
    let left = withRootsLocked(of: taken) { $0 }
    PropertyGraph.release(left[0], finished: wave)
    for root in left.dropFirst() { PropertyGraph.release(root) }
  }
}
