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
  @exclusivity(unchecked) @usableFromInline var roots = NodeBuffer<Unmanaged<GraphDomain>>()
  @exclusivity(unchecked) @usableFromInline var targets = CommitTargets()
  @exclusivity(unchecked) @usableFromInline var wave: Unmanaged<Propagation>?
  @exclusivity(unchecked) @usableFromInline var aloneDeliveries: [() -> Void] = []

  @usableFromInline
  init() {}

  deinit {
    for index in 0..<written.count { written[index].object.release() }
    written.deallocate()
    roots.deallocate()
    targets.deallocate()
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
      entry.node.borrow { $0.perform($0, .storeTransactionValue(Unmanaged.passUnretained(self))) }
      return entry.object.release()
    }
    // A source whose `modify` runs its body stops the commit before it stores anything: it waits for that
    // body (on the source's core lock, outside the commit's locks, which the body may need) and tries again.
    while let busy = lockAndStore() { busy.type.withCoreLocked(of: busy.object) {} }
    let wave = self.wave.take()
    var alone: [() -> Void] = []
    if wave == nil, !aloneDeliveries.isEmpty { swap(&alone, &aloneDeliveries) }
    targets.removeAll()
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

  /// Runs a commit's wave (``storeLocked()`` retained its domain), then lets its domains
  /// go; domains the wave merged are one now, and each root left is let go once.
  @usableFromInline
  static func run(_ wave: Unmanaged<Propagation>) {
    let domain = wave.borrow { $0.domainReference.unsafelyUnwrapped }
    defer { domain.release() }
    guard wave.borrow({ !$0.otherDomains.isEmpty }) else {
      wave.borrow { $0.run() }
      return PropertyGraph.release(domain, finished: wave)
    }
    let others = wave.borrow { $0.otherDomains }
    wave.borrow { $0.run() }
    let left = withRootsLocked(of: [domain.takeUnretainedValue()] + others) { $0 }
    PropertyGraph.release(left[0], finished: wave)
    for root in left.dropFirst() { PropertyGraph.release(root) }
  }

  /// Takes the core locks of the sources outside the graph (one inside the other, under ``commits``), then
  /// the locks of the others' roots, and stores; or returns a source whose `modify` runs its body.
  func lockAndStore() -> WrittenSource? {
    // Most commits touch one root: the first source's, which the store checks is every source's.
    if !collectRoots(all: false), let stored = storeUnderRoots() { return stored }
    return Self.commits.withLock { _ in lockCores(from: 0) }
  }

  /// ``lockAndStore()`` from `written[index]` on: a source outside the graph stays so while its lock is held.
  func lockCores(from index: Int) -> WrittenSource? {
    guard let next = (index..<written.count).first(where: { !written[$0].isInGraph }) else {
      while true {
        _ = collectRoots(all: true)
        if let stored = storeUnderRoots() { return stored }
      }
    }
    var busy: WrittenSource?
    written[next].type.withCoreLocked(of: written[next].object) { busy = lockCores(from: next + 1) }
    return busy
  }

  /// Puts the roots of the sources' domains in ``roots`` (`all`, or the first only), in address order (they are
  /// kept by the chains of domains the sources' nodes hold); returns whether a source is outside the graph.
  func collectRoots(all: Bool) -> Bool {
    roots.removeAll()
    var alone = false
    for index in 0..<written.count {
      guard written[index].isInGraph else {
        alone = true
        continue
      }
      guard all || roots.isEmpty else { continue }
      var root = GraphDomain.root(of: written[index].node.borrow { $0.domainReference.unsafelyUnwrapped })
      if roots.count == 1, roots[0].toOpaque() == root.toOpaque() { continue }
      guard !(0..<roots.count).contains(where: { roots[$0].toOpaque() == root.toOpaque() }) else { continue }
      for other in 0..<roots.count where roots[other].toOpaque() > root.toOpaque() { swap(&roots[other], &root) }
      roots.append(root)
    }
    return alone
  }

  /// Stores under the locks of ``roots``; or `nil` if one of them merged into another meanwhile, or a source's
  /// root is not one of them (roots only merge, and not while locked: a source's root stays what it is).
  func storeUnderRoots() -> WrittenSource?? {
    if roots.count == 1 { return roots[0].borrow { root in root.lock.withLock { root.isRoot ? storeLocked() : nil } } }
    var stored: WrittenSource??
    lockRoots(from: 0) {
      guard (0..<roots.count).allSatisfy({ roots[$0].borrow { $0.isRoot } }) else { return }
      stored = storeLocked()
    }
    return stored
  }

  /// Holds the locks of `roots[index...]`, one inside the other, while `body` runs.
  func lockRoots(from index: Int, _ body: () -> Void) {
    guard index < roots.count else { return body() }
    roots[index].borrow { $0.lock.withLock { lockRoots(from: index + 1, body) } }
  }

  /// Under every lock: unless a source in the graph is in a `modify`'s body (then returns it) or its root is
  /// not locked (then `nil`), stores every
  /// value, in the order set: into the commit's wave or a group (``SourceCore/store(_:in:_:_:)``), or, for a
  /// source alone, as its set, delivered with the commit.
  func storeLocked() -> WrittenSource?? {
    for index in 0..<written.count where written[index].isInGraph {
      let node = written[index].node
      if node.borrow({ $0.inGraph.isModifying }) { return written[index] }
      let root = GraphDomain.root(of: node.borrow { $0.domainReference.unsafelyUnwrapped })
      if roots[0].toOpaque() != root.toOpaque(),
        !(1..<roots.count).contains(where: { roots[$0].toOpaque() == root.toOpaque() })
      {
        return nil
      }
    }
    // Most commits touch one root: decided here, and no source looks it up.
    if roots.count == 1 { targets.append((roots[0], roots[0].borrow { $0.commitTarget(joining: &wave) })) }
    let transaction = Unmanaged.passUnretained(self)
    for index in 0..<written.count {
      written[index].node.borrow { $0.perform($0, .storeTransactionValue(transaction)) }
    }
    // The wave's domain is kept until ``run(_:)`` lets it go (the others are kept by the wave).
    wave?.borrow { wave in
      _ = Unmanaged.passUnretained(wave.domain).retain()
      if !aloneDeliveries.isEmpty { swap(&wave.aloneDeliveries, &aloneDeliveries) }
    }
    return .some(nil)
  }

  /// Under the locks: the value the transaction set on `source`; its slot is let go of.
  @inlinable @inline(__always)
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

/// The roots a commit stored in so far, and what it does in each.
@usableFromInline
typealias CommitTargets = NodeBuffer<(root: Unmanaged<GraphDomain>, target: CommitTarget)>

/// What a commit (a transaction's, or a command's paired update) does in one domain, decided under its lock:
/// its sources join the commit's wave, or, where another thread works, a group queued there.
@usableFromInline
enum CommitTarget: BitwiseCopyable {
  case wave(Unmanaged<Propagation>)
  /// The group, which the domain's queue keeps.
  case group(Unmanaged<TransactionGroup>)
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
      return .group(Unmanaged.passUnretained(group))
    }
    if let wave {
      wave.borrow { wave in
        wave.otherDomains.append(self)
        computingWave = Unmanaged.passUnretained(wave)
      }
    } else {
      wave = startWave()
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

  /// Takes the value `transaction` set: under its commit's locks, for the commit; or, if its list is empty,
  /// the transaction set only this source, in its slot, and ended: the value is set as a plain set. Reached
  /// through the node's `perform`, which runs specialised for the source's type.
  @inlinable
  func storeTransactionValue(_ transaction: Unmanaged<PropertyTransaction>) {
    transaction.borrow { transaction in
      // One root (most commits): its part was decided before the first store.
      guard !transaction.written.isEmpty, transaction.roots.count == 1, node.isInGraph else {
        return storeTransactionValueRarely(transaction)
      }
      store(transaction.take(self), into: transaction.targets[0].target)
    }
  }

  /// ``storeTransactionValue(_:)`` for a one-set commit, a source alone, or a commit over several roots.
  @inlinable @inline(never)
  func storeTransactionValueRarely(_ transaction: PropertyTransaction) {
    guard !transaction.written.isEmpty else {
      // Taken before the slot is let go: then another thread's transaction may claim it.
      let value = transactionValue.take().unsafelyUnwrapped
      transactionOwner.store(0, ordering: .releasing)
      return node.isInGraph ? setSlowly(value, origin: .user) : set(value)
    }
    let value = transaction.take(self)
    guard node.isInGraph else {
      let step = accept(value, origin: .user, cause: nil, &lockedState)
      if case .deliver = step { transaction.aloneDeliveries.append { self.carryOut(step) } }
      return
    }
    let root = GraphDomain.root(of: source.domainReference.unsafelyUnwrapped)
    store(value, in: root, &transaction.targets, &transaction.wave)
  }

  /// Under the lock of `root`, its root: takes `value` as the source's, in the commit's wave or group there
  /// (decided by the first source stored in `root`, kept in `targets`).
  @inlinable
  func store(
    _ value: Value, in root: Unmanaged<GraphDomain>,
    _ targets: inout CommitTargets,
    _ wave: inout Unmanaged<Propagation>?
  ) {
    var index = 0
    while index < targets.count, targets[index].root.toOpaque() != root.toOpaque() { index += 1 }
    if index == targets.count { targets.append((root, root.borrow { $0.commitTarget(joining: &wave) })) }
    store(value, into: targets[index].target)
  }

  /// Under the lock of its root: takes `value` as the source's, in `target`.
  @inlinable @inline(__always)
  func store(_ value: Value, into target: CommitTarget) {
    source.accepted = value
    source.acceptedVersion &+= 1
    guard !source.isEnded, !hasTerminated else { return }
    switch target {
    case .group(let group):
      source.pendingChanges.append(PendingChange(value: value, version: source.acceptedVersion, origin: .user))
      group.borrow { group in
        group.sources.append(source)
        group.cores.append(self)
      }
    case .wave(let wave):
      source.waveValue = value
      source.committedVersion = source.acceptedVersion
      wave.borrow { $0.addTakenSource(source) }
    }
  }
}
