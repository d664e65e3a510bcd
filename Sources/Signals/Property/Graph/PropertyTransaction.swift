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
/// on two threads set the same property at once does the second keep its value here (``foreignWrites``). The
/// sources set are one list of plain entries (``WrittenSource``), reached through their type; a derived
/// property's value computed for a read is kept in ``memos`` (see `TransactionReads.swift`).
@usableFromInline
final class PropertyTransaction {
  /// Each thread's transaction object, made on its first transaction and released when the thread ends.
  @usableFromInline static let slot = ThreadSlot(releasingObjects: true)
  /// Commits that take the core locks of sources outside the graph (one inside the other, in no set order) take
  /// this first, so that two of them never wait for each other. Domains' locks are taken in address order.
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

  /// The sources set, in the order of their first set, each retained until the commit or the rollback.
  @exclusivity(unchecked) @usableFromInline var written = NodeBuffer<WrittenSource>()
  /// Values set on sources whose slot another transaction holds, by source.
  @exclusivity(unchecked) @usableFromInline var foreignWrites: [ObjectIdentifier: Any] = [:]
  /// What each open nested transaction began with, to roll back to.
  @exclusivity(unchecked) @usableFromInline var savepoints: [(written: Int, undo: Int)] = []
  /// The values that sets inside nested transactions replaced, to put back if one of them throws.
  @exclusivity(unchecked) @usableFromInline var undo: [(source: WrittenSource, previous: Any)] = []

  /// What reads computed, by node: see ``evaluate(_:)``.
  @exclusivity(unchecked) @usableFromInline var memos: [ObjectIdentifier: TentativeMemo] = [:]
  /// The transaction's view: the propagation through which a read runs nodes' `compute` (see
  /// ``Propagation/transaction``). Made on the first read that computes.
  @usableFromInline lazy var view = Propagation(transaction: Unmanaged.passUnretained(self))
  /// The domain whose commits the last read checked, and how many it had: a commit from another thread since
  /// starts a new generation.
  @exclusivity(unchecked) @usableFromInline var seenRoot: GraphDomain?
  @exclusivity(unchecked) @usableFromInline var seenCommits: UInt64 = 0

  /// While a commit stores, under its locks: the roots of the sources' domains, what the commit does in each,
  /// its wave, and the deliveries of the sources outside the graph. Emptied before the wave runs.
  @exclusivity(unchecked) var roots: [GraphDomain] = []
  @exclusivity(unchecked) var targets: [(root: GraphDomain, target: CommitTarget)] = []
  @exclusivity(unchecked) var wave: Unmanaged<Propagation>?
  @exclusivity(unchecked) var aloneDeliveries: [() -> Void] = []

  @usableFromInline
  init() {}

  deinit {
    for index in 0..<written.count { written[index].object.release() }
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
      reference = Unmanaged.passRetained(PropertyTransaction())
      slot.value = reference.toOpaque()
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
      if depth > 1 { undo.append((WrittenSource(source), source.transactionValue as Any)) }
      source.transactionValue = value
    } else if owner == 0,
      source.transactionOwner.compareExchange(expected: 0, desired: identity, ordering: .acquiringAndReleasing)
        .exchanged
    {
      source.transactionValue = value
      written.append(WrittenSource(retaining: source))
    } else if let previous = foreignWrites.updateValue(value, forKey: ObjectIdentifier(source)) {
      if depth > 1 { undo.append((WrittenSource(source), previous)) }
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
      let (entry, previous) = undo.removeLast()
      entry.type.rollBack(entry.object, to: previous, in: self)
    }
    while written.count > savepoint.written {
      let entry = written.removeLast()
      entry.type.rollBack(entry.object, to: nil, in: self)
      entry.object.release()
    }
  }

  // MARK: Commit

  /// Applies every set at once, then propagates them: one wave for the domains this thread can take now (and
  /// the sources outside the graph), while the domains another thread owns get the changes queued. A
  /// transaction that set one source, in its own slot, commits it as that source's plain set.
  func commit() {
    guard !written.isEmpty else { return }
    if written.count == 1, foreignWrites.isEmpty {
      let entry = written.removeLast()
      if !undo.isEmpty { undo.removeAll() }
      entry.type.commitAlone(entry.object)
      return entry.object.release()
    }
    // A source whose `modify` runs its body stops the commit before it stores anything: it waits for that
    // body (on the source's core lock, outside the commit's locks, which the body may need) and tries again.
    while let busy = lockAndStore() { busy.type.withCoreLocked(of: busy.object) {} }
    let wave = self.wave.take()
    var alone: [() -> Void] = []
    if wave == nil, !aloneDeliveries.isEmpty { swap(&alone, &aloneDeliveries) }
    roots.removeAll(keepingCapacity: true)
    targets.removeAll(keepingCapacity: true)
    for index in 0..<written.count {
      written[index].node.borrow { $0.notifyChange() }
      written[index].object.release()
    }
    written.removeAll()
    if !foreignWrites.isEmpty { foreignWrites.removeAll() }
    if !undo.isEmpty { undo.removeAll() }
    guard let wave else { return alone.forEach { $0() } }
    Self.run(wave)
  }

  /// Runs a commit's wave (``GraphDomain/commitTarget(joining:)`` retained its domain), then lets its domains
  /// go; domains the wave merged are one now, and each root left is let go once.
  @usableFromInline
  static func run(_ wave: Unmanaged<Propagation>) {
    let (domain, others) = wave.borrow { ($0.domainReference.unsafelyUnwrapped, $0.otherDomains) }
    defer { domain.release() }
    wave.borrow { $0.run() }
    guard !others.isEmpty else { return PropertyGraph.release(domain, finished: wave) }
    let left = withRootsLocked(of: [domain.takeUnretainedValue()] + others) { $0 }
    PropertyGraph.release(left[0], finished: wave)
    for root in left.dropFirst() { PropertyGraph.release(root) }
  }

  /// Takes the core locks of the sources outside the graph (one inside the other, under ``commits``), then
  /// the locks of the others' roots, and stores; or returns a source whose `modify` runs its body.
  func lockAndStore() -> WrittenSource? {
    guard (0..<written.count).contains(where: { !written[$0].isInGraph }) else { return storeInRoots() }
    return Self.commits.withLock { _ in lockCores(from: 0) }
  }

  /// ``lockAndStore()`` from `written[index]` on: a source outside the graph stays so while its lock is held.
  func lockCores(from index: Int) -> WrittenSource? {
    guard let next = (index..<written.count).first(where: { !written[$0].isInGraph }) else { return storeInRoots() }
    var busy: WrittenSource?
    written[next].type.withCoreLocked(of: written[next].object) { busy = lockCores(from: next + 1) }
    return busy
  }

  /// Under the core locks: takes the roots' locks in address order, and stores under them.
  func storeInRoots() -> WrittenSource? {
    while true {
      roots.removeAll(keepingCapacity: true)
      for index in 0..<written.count where written[index].isInGraph {
        let root = written[index].node.borrow { $0.domain.unsafelyUnwrapped.root }
        if !roots.contains(where: { $0 === root }) { roots.append(root) }
      }
      if roots.count > 1 { roots.sort { ObjectIdentifier($0) < ObjectIdentifier($1) } }
      var stored: WrittenSource??
      lockAll(roots[...]) {
        // Roots only ever merge, and not while locked: each source's root is one of these now.
        guard roots.allSatisfy(\.isRoot) else { return }
        stored = .some(storeLocked())
      }
      if let stored { return stored }
    }
  }

  /// Under every lock: unless a source in the graph is in a `modify`'s body (then returns it), stores every
  /// value, in the order set: into the commit's wave or a group (``SourceCore/store(_:in:_:_:)``), or, for a
  /// source alone, as its set, delivered with the commit.
  func storeLocked() -> WrittenSource? {
    for index in 0..<written.count where written[index].isInGraph {
      if written[index].node.borrow({ $0.inGraph.isModifying }) { return written[index] }
    }
    for index in 0..<written.count { written[index].type.store(written[index].object, in: self) }
    if let wave, !aloneDeliveries.isEmpty { wave.borrow { swap(&$0.aloneDeliveries, &aloneDeliveries) } }
    return nil
  }

  /// Under the locks: the value the transaction set on `source`; its slot is let go of.
  @inlinable
  func take<Value>(_ source: SourceCore<Value>) -> Value {
    guard source.transactionOwner.load(ordering: .relaxed) == identity else {
      return foreignWrites[ObjectIdentifier(source)] as! Value
    }
    // Taken before the slot is let go: then another thread's transaction may claim it.
    let value = source.transactionValue.take().unsafelyUnwrapped
    source.transactionOwner.store(0, ordering: .releasing)
    return value
  }
}

/// What a commit (a transaction's, or a command's paired update) does in one domain, decided under its lock:
/// its sources join the commit's wave, or, where another thread works, a group queued there.
@usableFromInline
enum CommitTarget {
  case wave(Unmanaged<Propagation>)
  case group(TransactionGroup)
}

extension GraphDomain {
  /// Under the lock: takes the domain into `wave` (starting it if `nil`), or queues a group in it.
  @usableFromInline
  func commitTarget(joining wave: inout Unmanaged<Propagation>?) -> CommitTarget {
    // One decision, under the lock, that neither the owner's lock-free leave nor a lock-free set's claim can
    // split: queue behind the owner, or take the domain.
    guard claim(by: currentThreadID()) else {
      let group = TransactionGroup()
      queue.append(.group(group))
      return .group(group)
    }
    if let wave {
      wave.borrow { wave in
        wave.otherDomains.append(self)
        computingWave = Unmanaged.passUnretained(wave)
      }
    } else {
      wave = startWave()
      wave.unsafelyUnwrapped.borrow { $0.lineage = ChangeChain(sourcesOf: $0) }
      // Kept until ``PropertyTransaction/run(_:)`` lets it go (the others are kept by the wave).
      _ = Unmanaged.passUnretained(self).retain()
    }
    return .wave(wave.unsafelyUnwrapped)
  }
}

/// A source a transaction set, as a plain value: the source unmanaged (retained while in ``written``), its node,
/// and its type, through which the commit and a rollback reach it.
@usableFromInline
struct WrittenSource: BitwiseCopyable {
  @usableFromInline let object: Unmanaged<AnyObject>
  /// The source's node, which the source keeps.
  @usableFromInline let node: Unmanaged<GraphNode>
  @usableFromInline let type: any TransactionSource.Type

  /// An entry for `source`, unretained.
  @inlinable
  init<Value>(_ source: SourceCore<Value>) {
    object = Unmanaged.passUnretained(source)
    node = Unmanaged.passUnretained(source.source)
    type = SourceCore<Value>.self
  }

  /// An entry for `source`, which it retains.
  @inlinable
  init<Value>(retaining source: SourceCore<Value>) {
    self.init(source)
    _ = object.retain()
  }

  var isInGraph: Bool { node.borrow { $0.isInGraph } }
}

/// A source as a transaction's commit and rollback see it: a ``SourceCore``, reached through its type. Each
/// `source` is an instance of the type, borrowed.
@usableFromInline
protocol TransactionSource: AnyObject {
  /// Runs `body` holding the core lock of `source`.
  static func withCoreLocked(of source: Unmanaged<AnyObject>, _ body: () -> Void)
  /// Puts back a value the transaction replaced (`previous` is the value or, for the slot, an optional), or,
  /// with `nil`, drops the transaction's value of `source`: its first set is rolled back.
  static func rollBack(_ source: Unmanaged<AnyObject>, to previous: Any?, in transaction: PropertyTransaction)
  /// The transaction set only `source`, in its slot, and ended: the value is set as a plain set.
  static func commitAlone(_ source: Unmanaged<AnyObject>)
  /// Under the commit's locks: `source` takes the transaction's value.
  static func store(_ source: Unmanaged<AnyObject>, in transaction: PropertyTransaction)
}

extension SourceCore: TransactionSource {
  @usableFromInline
  static func withCoreLocked(of source: Unmanaged<AnyObject>, _ body: () -> Void) {
    source.borrow { unsafeDowncast($0, to: SourceCore<Value>.self).withState { _ in body() } }
  }

  @usableFromInline
  static func rollBack(_ source: Unmanaged<AnyObject>, to previous: Any?, in transaction: PropertyTransaction) {
    source.borrow { source in
      let source = unsafeDowncast(source, to: SourceCore<Value>.self)
      guard source.transactionOwner.load(ordering: .relaxed) == transaction.identity else {
        transaction.foreignWrites[ObjectIdentifier(source)] = previous
        return
      }
      source.transactionValue = previous as? Value
      if previous == nil { source.transactionOwner.store(0, ordering: .releasing) }
    }
  }

  @usableFromInline
  static func commitAlone(_ source: Unmanaged<AnyObject>) {
    source.borrow { source in
      let source = unsafeDowncast(source, to: SourceCore<Value>.self)
      // Taken before the slot is let go: then another thread's transaction may claim it.
      let value = source.transactionValue.take().unsafelyUnwrapped
      source.transactionOwner.store(0, ordering: .releasing)
      if source.node.isInGraph { source.setSlowly(value, origin: .user) } else { source.set(value) }
    }
  }

  @usableFromInline
  static func store(_ source: Unmanaged<AnyObject>, in transaction: PropertyTransaction) {
    source.borrow { source in
      let source = unsafeDowncast(source, to: SourceCore<Value>.self)
      let value = transaction.take(source)
      guard source.node.isInGraph else {
        let step = source.accept(value, origin: .user, cause: nil, &source.lockedState)
        if case .deliver = step { transaction.aloneDeliveries.append { source.carryOut(step) } }
        return
      }
      let root = GraphDomain.root(of: source.source.domainReference.unsafelyUnwrapped).takeUnretainedValue()
      source.store(value, in: root, &transaction.targets, &transaction.wave)
    }
  }

  /// Under the lock of `root`, its root: takes `value` as the source's, in the commit's wave or group there
  /// (decided by the first source stored in `root`, kept in `targets`).
  @inlinable
  func store(
    _ value: Value, in root: GraphDomain, _ targets: inout [(root: GraphDomain, target: CommitTarget)],
    _ wave: inout Unmanaged<Propagation>?
  ) {
    source.accepted = value
    source.acceptedVersion &+= 1
    guard !source.isEnded, !hasTerminated else { return }
    let known = targets.first { $0.root === root }?.target
    let target = known ?? root.commitTarget(joining: &wave)
    if known == nil { targets.append((root, target)) }
    switch target {
    case .group(let group):
      source.pendingChanges.append(PendingChange(value: value, version: source.acceptedVersion, origin: .user))
      group.sources.append(source)
      group.cores.append(self)
    case .wave(let wave):
      source.waveValue = value
      source.committedVersion = source.acceptedVersion
      wave.borrow { $0.addTakenSource(source) }
    }
  }
}
