/// The core of `Property.combineLatest` over a parameter pack: a value computed from every input's value.
///
/// The typed inputs live in the closures that ``combinedProperty(_:_:output:)`` builds, not in stored
/// properties: Swift 6.3 crashes generating code for a class that stores a pack and expands it. Everything
/// that only needs the inputs' identity goes through ``GraphLinks/inputs``.
@usableFromInline
final class CombinePropertyCore<Value>: DerivedCore<Value>, @unchecked Sendable {
  /// The value from the inputs as a wave sees them; replaced by a closure that traps once the property ended.
  @exclusivity(unchecked) @usableFromInline var combine: (Wave) -> Value
  /// The value from the inputs as a transaction sees them.
  @exclusivity(unchecked) @usableFromInline var combineTentatively: (PropertyTransaction) -> Value
  /// The inputs, as attached. ``GraphLinks/inputs`` is guarded by the graph's lock (a detach on another thread
  /// empties it while a wave may be computing this vertex); this copy never changes, so `compute` reads it
  /// without the lock.
  @usableFromInline let inputVertices: [any GraphVertex]

  @inlinable
  init(
    _ inputs: [any GraphVertex], initial: Value, snapshot: UInt64, combine: @escaping (Wave) -> Value,
    combineTentatively: @escaping (PropertyTransaction) -> Value
  ) {
    self.combine = combine
    self.combineTentatively = combineTentatively
    inputVertices = inputs
    super.init(initial: initial) { unsafeDowncast($0, to: CombinePropertyCore.self).compute(in: $1) }
    attach(to: inputs, snapshot: snapshot)
  }

  /// Combines the inputs' values, if one of them changed in `wave`.
  @inlinable
  final func compute(in wave: Wave) -> ComputeResult {
    guard wave.forced === self || inputVertices.contains(where: { $0.changed(in: wave) }) else { return .unchanged }
    waveValue = combine(wave)
    return .changed
  }

  @usableFromInline
  override func computeTentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    guard transaction.inputs(of: self).contains(where: { $0.tentativelyChanged(in: transaction) }) else {
      return (committedValue(in: transaction), false)
    }
    return (combineTentatively(transaction), true)
  }

  @usableFromInline
  override func releaseClosures() {
    combine = { _ in relayClosureCalledAfterTheEnd() }
    combineTentatively = { _ in relayClosureCalledAfterTheEnd() }
  }
}

/// The core of `Property.combineLatest(first, rest…)`: its first value read from the inputs' committed values
/// together, and its closures reading them as a wave or a transaction sees them.
@inlinable
func combinedProperty<First, each Rest, Value>(
  _ first: PropertyCore<First>, _ rest: repeat PropertyCore<each Rest>,
  output: @escaping ((First, (repeat each Rest))) -> Value
) -> CombinePropertyCore<Value> {
  let inputs = graphVertices(first, repeat each rest)
  for input in inputs { input.enterGraph() }
  let others = (repeat each rest)
  // The inputs' values must come from one commit. Swift 6.3 crashes generating code for a value of the
  // inputs' tuple type other than an argument, so they cannot be read together under one lock and kept:
  // each is read under the lock, and if a commit happened meanwhile (another thread propagating the same
  // graph), they are read again.
  var snapshot: UInt64
  var initial: Value
  repeat {
    snapshot = PropertyGraph.commitCount
    initial = output((first.lockedSnapshotValue(), (repeat (each others).lockedSnapshotValue())))
  } while PropertyGraph.commitCount != snapshot
  return CombinePropertyCore(
    inputs, initial: initial, snapshot: snapshot,
    combine: { wave in output((first.value(in: wave), (repeat (each others).value(in: wave)))) },
    combineTentatively: { transaction in
      output((first.tentativeValue(in: transaction), (repeat (each others).tentativeValue(in: transaction))))
    })
}

/// `first` and `rest`, without their types.
@inlinable
func graphVertices<First, each Rest>(
  _ first: PropertyCore<First>, _ rest: repeat PropertyCore<each Rest>
) -> [any GraphVertex] {
  var inputs: [any GraphVertex] = [first]
  _ = (repeat inputs.append(each rest))
  return inputs
}

/// The core of `Property.combineLatest` over a list of properties of one type: the array of their values.
@usableFromInline
final class CombineListPropertyCore<Element>: DerivedCore<[Element]>, @unchecked Sendable {
  @usableFromInline let elements: [PropertyCore<Element>]

  @inlinable
  init(_ elements: [PropertyCore<Element>]) {
    self.elements = elements
    for element in elements { element.enterGraph() }
    let (values, snapshot) = PropertyGraph.state.withLock { graph in
      (elements.map { $0.snapshotValue() }, graph.commits)
    }
    super.init(initial: values) { unsafeDowncast($0, to: CombineListPropertyCore.self).compute(in: $1) }
    attach(to: elements, snapshot: snapshot)
  }

  /// The array of the inputs' values, if one of them changed in `wave`.
  @inlinable
  final func compute(in wave: Wave) -> ComputeResult {
    guard wave.forced === self || elements.contains(where: { $0.changed(in: wave) }) else { return .unchanged }
    waveValue = elements.map { $0.value(in: wave) }
    return .changed
  }

  @usableFromInline
  override func computeTentative(in transaction: PropertyTransaction) -> (value: [Element], changed: Bool) {
    let values = elements.map { $0.tentative(in: transaction) }
    guard values.contains(where: \.changed) else { return (committedValue(in: transaction), false) }
    return (values.map(\.value), true)
  }
}
