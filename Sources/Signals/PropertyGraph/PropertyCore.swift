/// The core of every property: a replaying signal core (its observers, its serial delivery, its replay to a
/// new `producer` start) that is also a vertex of the property graph.
///
/// Three values matter, each with its own guard:
/// - `latest` (in ``ReplayingCore``, under the core's lock): what `value` returns. For a source, the newest value
///   set; for a derived property, its committed value.
/// - ``committed`` (the graph's lock): the value the graph last committed, from which derived properties are
///   computed. Written only by the thread propagating the vertex's domain, which may read it without the lock.
/// - ``waveValue``: the value computed for the wave in progress; only the propagating thread touches it.
@usableFromInline
class PropertyCore<Value>: ReplayingCore<Value, Never>, GraphVertex, @unchecked Sendable {
  /// The vertex's place in the graph.
  @usableFromInline final let links: GraphLinks
  /// The value the graph committed last; `nil` until the vertex takes part in the graph.
  @exclusivity(unchecked) @usableFromInline final var committed: Value?
  /// The value computed for the wave in progress.
  @exclusivity(unchecked) @usableFromInline final var waveValue: Value?
  /// The committed value a commit replaced, released by the wave's publish step (``publishWave()``) outside every
  /// lock.
  @exclusivity(unchecked) @usableFromInline final var retired: Value?

  /// A core holding `initial` (or nothing yet, for a property whose first value is still to come), on which
  /// waves do `operations` (see ``operations(compute:takeNextChange:publishesValue:)``).
  @inlinable
  init(holding initial: Value?, endsWhenUnobserved: Bool, operations: VertexOperations) {
    links = GraphLinks(domain: GraphDomain(), operations: operations)
    super.init(replaying: initial, endsWhenUnobserved: endsWhenUnobserved)
  }

  /// The operations of a vertex of this value type, for its subclass's `@inlinable` initialiser to pass on:
  /// made there, they run specialised (see ``VertexOperations``). `compute` and `takeNextChange` are the
  /// subclass's; a derived property `publishesValue` (its committed value becomes its `value`).
  @inlinable
  static func operations(
    compute: @escaping (AnyObject, Wave) -> ComputeResult,
    takeNextChange: @escaping (AnyObject) -> SetOrigin = { _ in .user },
    publishesValue: Bool
  ) -> VertexOperations {
    VertexOperations(
      compute: compute,
      takeNextChange: takeNextChange,
      commit: { unsafeDowncast($0, to: PropertyCore<Value>.self).commitWave() },
      publish: publishesValue
        ? { unsafeDowncast($0, to: PropertyCore<Value>.self).publishWave() }
        : { unsafeDowncast($0, to: PropertyCore<Value>.self).retired = nil },
      deliver: { unsafeDowncast($0, to: PropertyCore<Value>.self).deliver(in: $1) },
      addDependentEntry: { unsafeDowncast($0, to: PropertyCore<Value>.self).addEndEntry($1) })
  }

  /// The committed value; only for the propagating thread, or under the graph's lock.
  @inlinable
  final var committedValue: Value { committed.unsafelyUnwrapped }

  /// The value of this vertex as `wave` sees it: the one computed for it if it changed in it, the committed
  /// one otherwise.
  @inlinable
  final func value(in wave: Wave) -> Value {
    links.changedIn == wave.id ? waveValue.unsafelyUnwrapped : committed.unsafelyUnwrapped
  }

  /// The committed value, or the value of the wave in progress if the calling thread is computing it; under
  /// the graph's lock. What a new derived property computes its first value from.
  @usableFromInline
  func snapshotValue() -> Value {
    let root = links.domain.root
    if let wave = root.computing, root.owner == currentThreadID() { return value(in: wave) }
    return committedValue
  }

  /// ``snapshotValue()``, taking the graph's lock.
  @usableFromInline
  final func lockedSnapshotValue() -> Value {
    PropertyGraph.state.withLock { _ in snapshotValue() }
  }

  // MARK: A wave's work (see VertexOperations)

  /// Makes the wave's value the committed one; the previous one waits in ``retired``.
  @inlinable
  final func commitWave() {
    retired = committed
    committed = waveValue
    waveValue = nil
  }

  /// A derived property's committed value becomes its `value`, before anyone is told of the change; what
  /// ``commitWave()`` kept aside is released.
  @inlinable
  final func publishWave() {
    let value = committed.unsafelyUnwrapped
    withState { _ in latest = value }
    retired = nil
  }

  /// Delivers the committed value to the observers, as a change `wave` caused.
  @inlinable
  final func deliver(in wave: Wave) {
    deliverChange(committed.unsafelyUnwrapped, context: wave)
  }

  @usableFromInline
  var typeDescription: String { "Property<\(Value.self)>" }

  /// The value as `transaction` sees it (computed from every value set so far), and whether it differs from
  /// the committed one.
  @usableFromInline
  func tentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    (latestValue, false)
  }

  /// The value as `transaction` sees it.
  @usableFromInline
  final func tentativeValue(in transaction: PropertyTransaction) -> Value {
    tentative(in: transaction).value
  }

  /// Whether the value, as `transaction` sees it, differs from the committed one.
  @usableFromInline
  final func tentativelyChanged(in transaction: PropertyTransaction) -> Bool {
    tentative(in: transaction).changed
  }

  /// The value `value` returns: the latest one, or inside a transaction, the one it sees.
  @inlinable
  final var currentValue: Value {
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return value(in: transaction)
    }
    return latestValue
  }

  /// The value as `transaction` sees it, for a read on its thread.
  @usableFromInline
  func value(in transaction: PropertyTransaction) -> Value {
    latestValue
  }

  /// See ``GraphVertex/committedValueAndVersion()``.
  @usableFromInline
  func committedValueAndVersion() -> (Any?, UInt64) {
    (committed, 0)
  }

  /// The committed value as `transaction`'s reads see it (its snapshot).
  @usableFromInline
  final func committedValue(in transaction: PropertyTransaction) -> Value {
    transaction.committedValue(of: self)
  }

  /// Makes a source part of the graph; see ``GraphVertex/enterGraph()``. A derived core always is.
  @usableFromInline
  func enterGraph() {}

  /// Ends the vertex; see ``GraphVertex/endNow()``.
  @usableFromInline
  func endNow() {
    send(.completed)
  }
}
