/// The core of a property that is set rather than computed: a `MutableProperty`, or a property fed by a
/// producer (`Property(initial:then:)`, `lift`, `Property(observing:)`).
///
/// ## Two paths for a set
/// - **Alone** (no derived property depends on the source): a set is a replaying signal core's send, as fast
///   as before the graph existed: store, take the core if it is idle, deliver, drain.
/// - **In the graph** (once a derived property attaches): a set is accepted under the core's lock — `value`
///   returns it on the next line — and queued as a change in the source's domain under the graph's lock, in
///   the same critical section, so changes reach the graph in the order they were accepted. The thread that
///   finds the domain idle propagates it (see ``Wave``); otherwise the domain's owner does, before it lets go.
///
/// Inside a transaction, a set stays in the transaction until it commits (``PropertyTransaction``).
@usableFromInline
final class SourceCore<Value>: PropertyCore<Value>, @unchecked Sendable {
  // Guarded by the core's lock.
  /// Whether a derived property ever attached: from then on, sets go through the graph.
  @exclusivity(unchecked) @usableFromInline var isInGraph = false
  /// How many sets were accepted: compared with ``committedVersion``, whether the graph has still to
  /// propagate some.
  @exclusivity(unchecked) @usableFromInline var version: UInt64 = 0

  // Guarded by the graph's lock.
  /// Values accepted in the graph and waiting for the wave that propagates them, in order: one per
  /// ``GraphItem/change(_:_:)``, or per source of a ``GraphItem/group(_:_:)``.
  @exclusivity(unchecked) @usableFromInline var pendingChanges = PendingQueue<PendingChange<Value>>()
  /// The ``version`` of the change committed last (or being propagated): while it differs from ``version``,
  /// the source has changes the graph has not propagated yet.
  @exclusivity(unchecked) @usableFromInline var committedVersion: UInt64 = 0

  /// Whether this is a `MutableProperty` (rather than a property fed by a producer), for diagnostics.
  @usableFromInline let isMutable: Bool

  /// A `MutableProperty`'s core, holding `initial`.
  @inlinable
  init(mutable initial: Value) {
    isMutable = true
    super.init(holding: initial, endsWhenUnobserved: false, operations: Self.sourceOperations)
  }

  /// The core of a property fed by a producer: nothing until the producer sends its first value; it detaches
  /// from the producer when nobody can observe it any more.
  @inlinable
  init(fed _: Void) {
    isMutable = false
    super.init(holding: nil, endsWhenUnobserved: true, operations: Self.sourceOperations)
  }

  /// A source's operations: it has its value for the wave already; it takes it from its accepted changes.
  @inlinable
  static var sourceOperations: VertexOperations {
    operations(
      compute: { _, _ in .changed },
      takeNextChange: { unsafeDowncast($0, to: SourceCore<Value>.self).takeNextChange() },
      publishesValue: false)
  }

  @usableFromInline
  override var typeDescription: String { isMutable ? "MutableProperty<\(Value.self)>" : "Property<\(Value.self)>" }

  // MARK: Setting

  /// Sets `newValue`; see ``MutableProperty/value``. A set made by `<~` or by a two-way binding (`origin`)
  /// stops at a cycle (see ``BindingCycle``).
  ///
  /// The common case — a source alone, not a binding, no transaction — is a replaying core's send, kept
  /// small enough to inline: one relaxed load to rule out a transaction, one critical section that stores the
  /// value and takes the core, the delivery, the drain. Everything else goes through ``setSlowly(_:origin:)``.
  @inlinable
  final func set(_ newValue: Value, origin: SetOrigin = .user) {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return transaction.set(self, to: newValue)
    }
    var alone = origin == .user
    let recipients = withState { state -> Recipients<Value, Never>? in
      guard alone, !isInGraph else {
        alone = false
        return nil
      }
      latest = newValue
      version &+= 1
      guard !state.isTerminated else { return nil }
      guard !HandOff.waitsForWorker(delivery) else {
        state.pending.append(.event(.value(newValue)))
        return nil
      }
      HandOff.claim(delivery)
      // Only a binding's set reads the deliverer, and a binding's target is in the graph: no thread is named
      // (a stale one could make a set from it look like a cycle), and no thread id is read on this path.
      state.deliverer = 0
      delivered = newValue
      return self.recipients(state)
    }
    guard alone else { return setSlowly(newValue, origin: origin) }
    links.notifyChange()
    guard let recipients else { return }
    deliver(.value(newValue), to: recipients)
    drain()
  }

  /// ``set(_:origin:)`` for a source in the graph, or a binding's set (which checks for a cycle).
  @inlinable @inline(never)
  final func setSlowly(_ newValue: Value, origin: SetOrigin) {
    let step = withState { state in accept(newValue, origin: origin, &state) }
    finish(step)
  }

  /// Changes the value in place, atomically, and propagates the result; `body` runs under the core's lock.
  @inlinable
  final func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return try transaction.modify(self, body)
    }
    let (result, step) = try withState { state -> (Result, SetStep<Value>) in
      var value = latest.unsafelyUnwrapped
      let result = try body(&value)
      return (result, accept(value, origin: .user, &state))
    }
    finish(step)
    return result
  }

  /// Changes the value in place if `body` returns `true`; when it returns `false`, nothing is stored and
  /// nothing is propagated. `body` runs under the core's lock. For a state that publishes only its changes
  /// (`Command`'s `isExecuting` and `isEnabled`), and which reflects what really happens: a transaction does
  /// not hold it back.
  @inlinable
  final func update(_ body: (inout Value) -> Bool) {
    let step = withState { state -> SetStep<Value>? in
      var value = latest.unsafelyUnwrapped
      guard body(&value) else { return nil }
      return accept(value, origin: .user, &state)
    }
    guard let step else { return }
    finish(step)
  }

  /// Under the core's lock: stores `value` and decides how its change is propagated.
  @inlinable @inline(__always)
  final func accept(_ value: Value, origin: SetOrigin, _ state: inout State) -> SetStep<Value> {
    // A binding's target is in the graph (``MutableProperty/bindingTarget`` puts it there): a set alone is
    // never a binding's, and needs no cycle check.
    guard !isInGraph else { return acceptInGraph(value, origin: origin, &state) }
    latest = value
    version &+= 1
    guard !state.isTerminated else { return .none }
    guard !HandOff.waitsForWorker(delivery) else {
      state.pending.append(.event(.value(value)))
      return .none
    }
    HandOff.claim(delivery)
    state.deliverer = 0  // see set(_:origin:)
    delivered = value
    return .deliver(value, self.recipients(state))
  }

  /// ``accept(_:origin:_:)`` for a source in the graph: the change is queued in its domain, under the
  /// graph's lock taken inside the core's (the one order in which the two are ever nested).
  @inlinable @inline(never)
  final func acceptInGraph(_ value: Value, origin: SetOrigin, _ state: inout State) -> SetStep<Value> {
    guard !state.isTerminated else {
      latest = value
      version &+= 1
      return .none
    }
    let thread = currentThreadID()
    // A binding's set of a property this thread is delivering was caused by that delivery, even one the core
    // had queued (a replay was in progress) and so made outside its wave: it came back around.
    let deliveringHere = origin == .binding && HandOff.isBusy(delivery) && state.deliverer == thread
    let step = PropertyGraph.state.withLock { graph -> SetStep<Value> in
      let wave = graph.wave(deliveredOn: thread)
      let cause = wave?.lineage ?? Lineage()
      if origin.stops(at: self, deliveringHere: deliveringHere, cause: cause, wave: wave) {
        return .cycle(origin.report(cause, self))
      }
      pendingChanges.append(PendingChange(value: value, version: version &+ 1, origin: origin))
      let root = links.domain.root
      root.queue.append(.change(self, cause.appending(self)))
      guard root.owner == nil else { return .none }
      root.owner = thread
      return .propagate(root)
    }
    if case .cycle = step { return step }
    latest = value
    version &+= 1
    return step
  }

  /// After the core's lock: does what ``accept(_:origin:_:)`` decided. The value changed unless the set was
  /// stopped at a cycle: Observation is told first.
  @inlinable @inline(__always)
  final func finish(_ step: SetStep<Value>) {
    if case .cycle = step {} else { links.notifyChange() }
    switch step {
    case .none:
      break
    case .deliver(let value, let recipients):
      deliver(.value(value), to: recipients)
      drain()
    case .propagate(let domain):
      PropertyGraph.propagate(domain)
    case .cycle(let report):
      report?.send()
    }
  }

  // MARK: Joining the graph

  /// Makes the source part of the graph (a derived property is attaching): from now on its sets go through its
  /// domain, and its committed value is its latest one.
  @usableFromInline
  override func enterGraph() {
    withState { state in
      guard !isInGraph else { return }
      isInGraph = true
      PropertyGraph.state.withLock { _ in
        committed = latest
        committedVersion = version
      }
    }
  }

  // MARK: Propagation (the domain's owner, under the graph's lock)

  /// Takes the next accepted value as the value of the wave that propagates it; returns who set it.
  @inlinable
  final func takeNextChange() -> SetOrigin {
    let change = pendingChanges.popFirst().unsafelyUnwrapped
    waveValue = change.value
    committedVersion = change.version
    return change.origin
  }

  // MARK: Reading inside a transaction

  /// See ``GraphVertex/committedValueAndVersion()``.
  @usableFromInline
  override func committedValueAndVersion() -> (Any?, UInt64) {
    (committed, committedVersion)
  }

  /// The value the transaction set, or the latest one.
  @usableFromInline
  override func value(in transaction: PropertyTransaction) -> Value {
    transaction.value(of: self)
  }

  /// The value as the transaction sees it, and whether it differs from the committed one (the transaction set
  /// it, or the graph has still to propagate a set).
  @usableFromInline
  override func tentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    if let written = transaction.written(self) { return (written, true) }
    let committedVersion = transaction.committedVersion(of: self)
    return withState { state in (latest.unsafelyUnwrapped, version != committedVersion) }
  }

  // MARK: Ending

  /// Completes the property (a `MutableProperty` released, a producer ended): after every change accepted
  /// before, in the graph.
  @usableFromInline
  final func end() {
    let domain = withState { state -> GraphDomain? in
      guard isInGraph, !state.isTerminated else { return nil }
      return PropertyGraph.state.withLock { _ -> GraphDomain? in
        let root = links.domain.root
        root.queue.append(.end(self))
        guard root.owner == nil else { return nil }
        root.owner = currentThreadID()
        return root
      }
    }
    guard isInGraphUnlocked else { return send(.completed) }
    if let domain { PropertyGraph.propagate(domain) }
  }

  /// ``isInGraph`` read under the core's lock.
  @usableFromInline
  final var isInGraphUnlocked: Bool { withState { _ in isInGraph } }
}

/// A value accepted in the graph, waiting for the wave that propagates it.
@usableFromInline
struct PendingChange<Value> {
  @usableFromInline let value: Value
  /// The source's ``SourceCore/version`` once this value was accepted.
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

/// What a set decided under the core's lock, to be done after it.
@usableFromInline
enum SetStep<Value> {
  /// Nothing: the change was queued behind a delivery or a propagation in progress, or the property ended.
  case none
  /// Deliver the value to these observers, then drain (a source alone, which was idle).
  case deliver(Value, Recipients<Value, Never>)
  /// Propagate the domain, which this thread now owns.
  case propagate(GraphDomain)
  /// A binding's set came back around a cycle: it was not made; report it (a two-way binding's echo is
  /// dropped silently).
  case cycle(CycleReport?)
}

/// Who made a set, which decides what happens when it comes back around a cycle.
@usableFromInline
enum SetOrigin {
  /// Your code (`value =`, `modify`): never stopped; a set from inside an observer is queued (Contracts §4).
  case user
  /// A one-way binding (`<~`): stopped at a cycle and reported to ``BindingCycle/handler``.
  case binding
  /// A two-way binding (`<~>`, a property's channel terminal): a set that comes back is its own echo, dropped
  /// without a report.
  case channel

  /// Whether a set of `target` of this origin is stopped: it came back around a cycle. `cause` is the lineage
  /// of `wave`, the wave being delivered on this thread (if any); `deliveringHere`, whether `target`'s core is
  /// delivering on this thread.
  ///
  /// A binding's set is stopped when the change it is part of already changed `target`. A two-way binding's
  /// set is stopped only when it is an echo: it is made while a change that a two-way binding made is
  /// delivered, and that change came from `target`. A set through a property's terminal from inside that
  /// property's own delivery, or of a change your code made (a view model normalising what was typed), is a
  /// new change.
  @usableFromInline
  func stops(at target: any GraphVertex, deliveringHere: Bool, cause: Lineage, wave: Wave?) -> Bool {
    switch self {
    case .user:
      return false
    case .binding:
      return deliveringHere || cause.contains(target)
    case .channel:
      guard let wave, wave.origin == .channel else { return false }
      return cause.contains(target) && !wave.sources.contains { $0 === target }
    }
  }

  /// The report of a cycle stopped for a set of this origin.
  @usableFromInline
  func report(_ cause: Lineage, _ target: any GraphVertex) -> CycleReport? {
    self == .binding ? CycleReport(cause, target) : nil
  }
}

/// A binding cycle to report, once the locks are released.
@usableFromInline
final class CycleReport {
  /// The changes that led to the set, where known.
  @usableFromInline let cause: Lineage
  /// The property the binding would have set.
  @usableFromInline let target: any GraphVertex

  @usableFromInline
  init(_ cause: Lineage, _ target: any GraphVertex) {
    self.cause = cause
    self.target = target
  }

  /// Calls ``BindingCycle/handler``.
  @usableFromInline
  func send() {
    BindingCycle.report(cause, target)
  }
}
