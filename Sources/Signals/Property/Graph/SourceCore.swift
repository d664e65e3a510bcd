import Synchronization

/// The core of a property that is set rather than computed: a `MutableProperty`, or a property fed by a
/// producer. See PropertyGraph.md, "A set's path and its locks".
@usableFromInline
final class SourceCore<Value>: PropertyCore<Value>, @unchecked Sendable {
  /// The source's node, typed.
  @usableFromInline let source: SourceNode<Value>
  /// How many sets were accepted while the source was alone; guarded by the core's lock. In the graph, the
  /// node counts them (``SourceNode/acceptedVersion``).
  @exclusivity(unchecked) @usableFromInline var version: UInt64 = 0

  /// The transaction whose value ``transactionValue`` holds (its address), or 0; see ``PropertyTransaction``.
  @usableFromInline let transactionOwner = Atomic<Int>(0)
  /// The value the owning transaction set; only its thread touches it.
  @exclusivity(unchecked) @usableFromInline var transactionValue: Value?

  /// A `MutableProperty`'s core, holding `initial`.
  @inlinable
  init(mutable initial: Value) {
    source = SourceNode(isFed: false, initial: initial)
    super.init(node: source, holding: initial, endsWhenUnobserved: false)
  }

  /// The core of a property fed by a producer, which sent `initial` first; it detaches from the producer when
  /// nobody can observe it any more.
  @inlinable
  init(fed initial: Value) {
    source = SourceNode(isFed: true, initial: initial)
    super.init(node: source, holding: initial, endsWhenUnobserved: true)
    addTermination(self)
  }

  // MARK: Setting

  /// Sets `newValue` (``MutableProperty/value``); a binding's set (`origin`) stops at a cycle (``BindingCycle``).
  /// Alone, a replaying core's send, small enough to inline; otherwise ``setSlowly(_:origin:)``.
  @inlinable
  final func set(_ newValue: Value, origin: SetOrigin = .user) {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.currentReference {
      return transaction.borrow { $0.set(self, to: newValue) }
    }
    guard origin == .user, !node.isInGraph else { return setSlowly(newValue, origin: origin) }
    var alone = true
    let recipients = withState { state -> Recipients<Value, Never>? in
      guard !node.isInGraph else {
        alone = false
        return nil
      }
      latest = newValue
      version &+= 1
      guard !state.isTerminated else { return nil }
      guard !SerialWorkState.waitsForWorker(delivery) else {
        state.pending.append(.event(.value(newValue)))
        return nil
      }
      SerialWorkState.claim(delivery)
      // Only a binding's set reads the deliverer, and a binding's target is in the graph: no thread is named
      // (a stale one could make a set from it look like a cycle), and no thread id is read on this path.
      state.deliverer = 0
      delivered = newValue
      return self.recipients(state)
    }
    guard alone else { return setSlowly(newValue, origin: origin) }
    node.notifyChange()
    guard let recipients else { return }
    deliver(.value(newValue), to: recipients)
    drain()
  }

  /// ``set(_:origin:)`` for a source in the graph, or a binding's set (which checks for a cycle).
  @inlinable @inline(never)
  final func setSlowly(_ newValue: Value, origin: SetOrigin) {
    if origin == .user, node.isInGraph {
      if setWithoutLock(newValue) { return }
      return finish(acceptInDomain(newValue, origin: .user, cause: nil))
    }
    let cause = origin == .user ? nil : PropertyGraph.deliveringWave
    let step = withState { state in accept(newValue, origin: origin, cause: cause, &state) }
    finish(step)
  }

  /// A set in the graph, with one lock acquisition (see PropertyGraph.md, "A set's path and its locks").
  /// `false` if the domain is owned, the source ended or a `modify` runs.
  @inlinable @inline(__always)
  final func setWithoutLock(_ value: Value) -> Bool {
    let source = self.source
    let root = GraphDomain.root(of: source.domainReference.unsafelyUnwrapped)
    guard root.borrow({ SerialWorkState.claimWithoutLock($0.work) }) else { return false }
    root.borrow { $0.ownerThread.store(currentThreadID(), ordering: .relaxed) }
    source.waveValue = value
    // The mark publishes the value (releasing), unless a `modify` marked the source first.
    guard !source.isEnded, !hasTerminated, source.inGraph.markSetting() else {
      PropertyGraph.release(root, finished: nil)
      return false
    }
    let wave = root.borrow { $0.startWave() }
    node.notifyChange()
    wave.borrow { wave in
      wave.addTakenSource(source)
      wave.computeAndTrace()
      // The one lock acquisition (a claimed domain is not merged).
      root.borrow { root in
        root.lock.withLock {
          source.acceptOwnSet()
          wave.commitLocked(root)
        }
      }
      wave.deliver()
    }
    PropertyGraph.release(root, finished: wave)
    return true
  }

  /// Changes the value in place, atomically, and propagates the result; `body` runs once, under the core's
  /// lock. In the graph, not under its domain's: the source is marked *modifying* meanwhile, which makes a plain
  /// set or a transaction's commit of it wait for the core's lock (``acceptInDomain``).
  @inlinable
  final func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return try transaction.modify(self, body)
    }
    let source = self.source
    let (result, step) = try withState { state -> (Result, SetStep<Value>) in
      guard node.isInGraph else {
        var value = latest.unsafelyUnwrapped
        let result = try body(&value)
        return (result, accept(value, origin: .user, cause: nil, &state))
      }
      var value = source.withRoot { _ in
        source.inGraph.setModifying(true)
        return source.newestValue()
      }
      var result: Result?
      defer { if result == nil { source.withRoot { _ in source.inGraph.setModifying(false) } } }
      result = try body(&value)
      let step = source.withRoot { root in
        source.inGraph.setModifying(false)
        return acceptLocked(value, origin: .user, cause: nil, root)
      }
      return (result.unsafelyUnwrapped, step)
    }
    finish(step)
    return result
  }

  /// Waits until no `modify` of this source runs its body: takes the core's lock, which the body runs under.
  @usableFromInline @inline(never)
  final func waitForModify() {
    withState { _ in }
  }

  /// Under the core's lock: stores `value` and decides how it propagates; `cause`, for a binding's set only.
  @inlinable @inline(__always)
  final func accept(_ value: Value, origin: SetOrigin, cause: Propagation?, _ state: inout State) -> SetStep<Value> {
    // A binding's target is in the graph (``MutableProperty/bindingTarget`` puts it there): a set alone is
    // never a binding's, and needs no cycle check.
    guard !node.isInGraph else { return acceptInGraph(value, origin: origin, cause: cause, &state) }
    latest = value
    version &+= 1
    guard !state.isTerminated else { return .none }
    guard !SerialWorkState.waitsForWorker(delivery) else {
      state.pending.append(.event(.value(value)))
      return .none
    }
    // Nobody to call (a command's `isExecuting` nobody observes): the value is stored where a first observer
    // reads its replay, and the delivery is not taken, which would only hand an empty list over and drain it.
    guard !state.observers.isEmpty else {
      delivered = value
      return .none
    }
    SerialWorkState.claim(delivery)
    state.deliverer = 0  // see set(_:origin:)
    delivered = value
    return .deliver(value, self.recipients(state))
  }

  /// ``accept(_:origin:cause:_:)`` in the graph: a binding's set is checked for a cycle, then accepted.
  @inlinable @inline(never)
  final func acceptInGraph(
    _ value: Value, origin: SetOrigin, cause: Propagation?, _ state: inout State
  ) -> SetStep<Value> {
    if origin != .user, !state.isTerminated {
      // A binding's set of a property this thread is delivering was caused by that delivery, even one the core
      // had queued (a replay was in progress) and so made outside its wave: it came back around.
      let deliveringHere =
        origin == .binding && SerialWorkState.isBusy(delivery) && state.deliverer == currentThreadID()
      if origin.stops(at: self, node: node, deliveringHere: deliveringHere, wave: cause) {
        return .cycle(origin == .binding ? cause?.path ?? [] : nil)
      }
    }
    return acceptInDomain(value, origin: origin, cause: cause)
  }

  /// A set in the graph, under the domain's lock: accepted on the node, then a wave starts or it is queued.
  @inlinable @inline(__always)
  final func acceptInDomain(_ value: Value, origin: SetOrigin, cause: Propagation?) -> SetStep<Value> {
    while true {
      let step = source.withRoot { root -> SetStep<Value>? in
        // A `modify` of this source runs its body: its result must not overwrite this set (a lost update).
        guard !source.inGraph.isModifying else { return nil }
        return acceptLocked(value, origin: origin, cause: cause, root)
      }
      if let step { return step }
      waitForModify()
    }
  }

  /// ``acceptInDomain(_:origin:cause:)`` under the lock of `root`, the source's root domain.
  @inlinable @inline(__always)
  final func acceptLocked(
    _ value: Value, origin: SetOrigin, cause: Propagation?, _ root: GraphDomain
  ) -> SetStep<
    Value
  > {
    let source = self.source
    source.accepted = value
    source.acceptedVersion &+= 1
    // An ended source (its core completed) keeps the value for `value`, and tells nobody.
    guard !source.isEnded, !hasTerminated else { return .none }
    let version = source.acceptedVersion
    guard root.claim(by: currentThreadID()) else {
      source.pendingChanges.append(PendingChange(value: value, version: version, origin: origin))
      root.queue.append(.change(source, lineage: (cause?.path ?? []) + [self]))
      return .none
    }
    let lineage = cause?.path
    let wave = root.startWave()
    wave.borrow { wave in
      if let lineage { wave.lineage = lineage }
      source.waveValue = value
      source.committedVersion = version
      wave.origin = origin
      wave.addTakenSource(source)
    }
    return .propagate(wave)
  }

  /// After the lock: tells Observation (unless stopped at a cycle), then does what the accept decided.
  @inlinable @inline(__always)
  final func finish(_ step: SetStep<Value>) {
    if case .cycle = step {} else { node.notifyChange() }
    carryOut(step)
  }

  /// ``finish(_:)`` without telling Observation: for a caller that told it already (``update(_:_:_:)``).
  @inlinable @inline(__always)
  final func carryOut(_ step: SetStep<Value>) {
    switch step {
    case .none:
      break
    case .deliver(let value, let recipients):
      deliver(.value(value), to: recipients)
      drain()
    case .propagate(let wave):
      PropertyGraph.run(wave)
    case .cycle(let path):
      if let path { BindingCycle.report(path, self) }
    }
  }

  // MARK: Joining the graph

  /// Makes the source part of the graph (something is derived from it, or it is a binding's target).
  @usableFromInline
  override func enterGraph() {
    guard !node.isInGraph else { return }
    withState { state in
      guard !node.isInGraph else { return }
      source.domain = GraphDomain()
      source.committed = latest.unsafelyUnwrapped
      source.accepted = latest.unsafelyUnwrapped
      source.acceptedVersion = version
      source.committedVersion = version
      if !state.observers.isEmpty {
        source.observers.append(CoreFeed(self))
        isFedByNode = true
      }
      source.isEnded = state.isTerminated
      if !state.isTerminated { source.ownCore = self }
      source.inGraph.store(true, ordering: .releasing)
    }
  }

  // MARK: Ending

  /// Completes the property (released, or its producer ended), after every change accepted before.
  @usableFromInline
  final func end() {
    let claimed = withState { state -> GraphDomain?? in
      guard node.isInGraph else { return .none }
      guard !state.isTerminated else { return .some(nil) }
      return node.withRoot { root -> GraphDomain? in
        guard root.claim(by: currentThreadID()) else {
          root.queue.append(.end(node, keep: self))
          return nil
        }
        return root
      }
    }
    switch claimed {
    case .none:
      send(.completed)
    case .some(nil):
      break
    case .some(let root?):
      PropertyGraph.endNow(node)
      PropertyGraph.release(root)
    }
  }
}

/// A source's node: the values accepted and still to propagate.
@usableFromInline
final class SourceNode<Value>: ValueNode<Value> {
  /// *Domain.* The newest value accepted in the graph: what `value` returns (the core's `latest` is left behind).
  @exclusivity(unchecked) @usableFromInline var accepted: Value
  /// *Domain.* How many sets were accepted (the core's count when the source joined, then on).
  @exclusivity(unchecked) @usableFromInline var acceptedVersion: UInt64 = 0
  /// *Domain.* Values accepted and waiting for their waves, in order (one per queued change or group).
  @exclusivity(unchecked) @usableFromInline var pendingChanges = PendingQueue<PendingChange<Value>>()
  /// The version of the change committed last, or being propagated; the domain's lock.
  @exclusivity(unchecked) @usableFromInline var committedVersion: UInt64 = 0
  /// Whether the source is fed by a stream (rather than a `MutableProperty`).
  @usableFromInline let isFed: Bool
  /// *Domain.* The core, kept while the source is in the graph and has not ended, for the graph to reach.
  @exclusivity(unchecked) @usableFromInline var ownCore: AnyObject?

  @inlinable
  init(isFed: Bool, initial: Value) {
    self.isFed = isFed
    accepted = initial
    super.init(
      isSource: true, committed: initial,
      compute: { SourceNode.compute($0, $1) }, perform: { SourceNode.perform($0, $1) })
  }

  /// A source's value in `wave`: its next pending change (or a transaction's view, the transaction's value).
  @inlinable
  static func compute(_ node: GraphNode, _ wave: Propagation) -> ComputeResult {
    let source = unsafeDowncast(node, to: SourceNode<Value>.self)
    if let transaction = wave.transaction { return transaction.borrow { $0.compute(source: source) } }
    let change = source.pendingChanges.popFirst().unsafelyUnwrapped
    source.waveValue = change.value
    source.committedVersion = change.version
    wave.origin = change.origin
    return .changed
  }

  /// The newest accepted value, read under the domain's lock.
  @inlinable
  final func lockedAcceptedValue() -> Value {
    withRoot { _ in newestValue() }
  }

  /// Under the lock: the newest value, the accepted one, or that of a set made without the lock that its
  /// commit is still to accept (its *setting* mark, acquired, publishes it), unless a later one was queued.
  @inlinable @inline(__always)
  final func newestValue() -> Value {
    guard inGraph.isSetting, pendingChanges.isEmpty else { return accepted }
    return waveValue
  }

  /// Under the lock, by the commit of a set made without it: accepted, unless a later set was queued meanwhile.
  @inlinable
  final func acceptOwnSet() {
    inGraph.set(NodeMembership.settingBit, false)
    guard let next = pendingChanges.first else {
      accepted = waveValue
      acceptedVersion &+= 1
      committedVersion = acceptedVersion
      return
    }
    committedVersion = next.version &- 1
  }

  /// What the graph asks of a source; see ``NodeMessage``. The commit, once per wave, first.
  @inlinable
  static func perform(_ node: GraphNode, _ message: NodeMessage) {
    let source = unsafeDowncast(node, to: SourceNode<Value>.self)
    if case .commit = message { return swap(&source.committed, &source.waveValue) }
    guard case .storeTransactionValue(let transaction) = message else { return performRarely(node, message) }
    // The transaction holds the core; reached borrowed.
    Unmanaged.passUnretained(source.core.unsafelyUnwrapped).borrow {
      unsafeDowncast($0, to: SourceCore<Value>.self).storeTransactionValue(transaction)
    }
  }

  /// ``perform(_:_:)`` for every message but the commit and a transaction's store.
  @inlinable @inline(never)
  static func performRarely(_ node: GraphNode, _ message: NodeMessage) {
    let source = unsafeDowncast(node, to: SourceNode<Value>.self)
    switch message {
    case .end:
      // The core replays its `latest` once it completed: the last value accepted in the graph.
      if let core = source.withRoot({ _ in source.core }) {
        let core = unsafeDowncast(core, to: SourceCore<Value>.self)
        let last = source.lockedAcceptedValue()
        core.withState { _ in core.latest = last }
      }
      performCommon(node, message)
      // The source's core is let go once it completed.
      let core = source.withRoot { _ in source.ownCore.take() }
      _ = core
    default:
      performCommon(node, message)
    }
  }

  @usableFromInline
  override var typeDescription: String { isFed ? "Property<\(Value.self)>" : "MutableProperty<\(Value.self)>" }

  @usableFromInline
  override var feedsDependents: Bool { isFed }
}

/// A value accepted in the graph, waiting for the wave that propagates it.
@usableFromInline
struct PendingChange<Value> {
  @usableFromInline let value: Value
  /// The source's ``SourceNode/acceptedVersion`` once this value was accepted.
  @usableFromInline let version: UInt64
  /// Who set it.
  @usableFromInline let origin: SetOrigin

  @inlinable
  init(value: Value, version: UInt64, origin: SetOrigin) {
    self.value = value
    self.version = version
    self.origin = origin
  }
}

/// What a set decided under its lock (its core's, or in the graph its domain's), to be done after it.
@usableFromInline
enum SetStep<Value> {
  /// Nothing: the change was queued behind a delivery or a propagation in progress, or the property ended.
  case none
  /// Deliver the value to these observers, then drain (a source alone, which was idle).
  case deliver(Value, Recipients<Value, Never>)
  /// Run this wave: the set took its domain, which keeps the wave.
  case propagate(Unmanaged<Propagation>)
  /// A binding's set came back around a cycle and was not made: report it, with the changes that led to it, once
  /// the locks are released (a two-way binding's echo: silently, `nil`).
  case cycle([any PropertyCoreProtocol]?)
}
