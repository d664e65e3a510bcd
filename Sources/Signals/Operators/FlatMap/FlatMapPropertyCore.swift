/// The core of `flatMap(.latest)` over properties: the value of an inner property, chosen by the outer one.
///
/// Its inputs are the outer property and the current inner one. When the outer property changes in a wave,
/// `transform` picks the new inner property, and the vertex switches its dependency to it. The new inner
/// property may rank higher than the vertex did (it may even be computed later in the same wave): the vertex,
/// and what depends on it, then rank above it, and it is computed again once the inner property is.
@usableFromInline
final class FlatMapPropertyCore<Outer, Value>: DerivedCore<Value>, @unchecked Sendable {
  @usableFromInline let outer: PropertyCore<Outer>
  /// The user's transform, returning the inner property's core and the property itself (kept alive while it
  /// is the current one). Replaced by a closure that traps once the property ended.
  @exclusivity(unchecked) @usableFromInline var transform: (Outer) -> (PropertyCore<Value>, AnyObject)
  // Changed only by the thread propagating the vertex's domain.
  @exclusivity(unchecked) @usableFromInline var inner: PropertyCore<Value>
  @exclusivity(unchecked) @usableFromInline var innerProperty: AnyObject?
  /// The wave that last called `transform`, so that computing again in the same wave does not call it again.
  @exclusivity(unchecked) @usableFromInline var switchedIn: UInt64 = 0
  /// Whether the current inner property is in another domain, still to merge: its value is read under the
  /// graph's lock until then.
  @exclusivity(unchecked) @usableFromInline var innerIsForeign = false
  /// The current inner property's identity; guarded by the core's lock (see ``shouldEnd(afterEndOf:)``).
  @exclusivity(unchecked) @usableFromInline var innerID: ObjectIdentifier

  @inlinable
  init(_ outer: PropertyCore<Outer>, _ transform: @escaping (Outer) -> (PropertyCore<Value>, AnyObject)) {
    self.outer = outer
    self.transform = transform
    outer.enterGraph()
    let snapshot = PropertyGraph.commitCount
    let (inner, innerProperty) = transform(outer.lockedSnapshotValue())
    inner.enterGraph()
    self.inner = inner
    self.innerProperty = innerProperty
    innerID = ObjectIdentifier(inner)
    super.init(initial: inner.lockedSnapshotValue()) {
      unsafeDowncast($0, to: FlatMapPropertyCore.self).compute(in: $1)
    }
    attach(to: [outer, inner], snapshot: snapshot)
  }

  /// Switches to the inner property `transform` picks if the outer one changed in `wave`, then takes the
  /// inner property's value if anything changed.
  @inlinable
  final func compute(in wave: Wave) -> ComputeResult {
    let forced = wave.forced === self
    if (outer.changed(in: wave) || forced) && switchedIn != wave.id {
      switchedIn = wave.id
      let (newInner, newProperty) = transform(outer.value(in: wave))
      innerProperty = newProperty
      if newInner !== inner, switchInner(to: newInner) { return .deferred }
    }
    guard switchedIn == wave.id || inner.changed(in: wave) || forced else { return .unchanged }
    waveValue = innerIsForeign ? inner.lockedSnapshotValue() : inner.value(in: wave)
    return .changed
  }

  /// Makes `newInner` the input in place of the current inner property; returns whether the vertex now ranks
  /// higher, and so must be computed again later in the wave.
  @usableFromInline
  func switchInner(to newInner: PropertyCore<Value>) -> Bool {
    let old = inner
    newInner.enterGraph()
    let raised = PropertyGraph.state.withLock { graph in
      graph.replaceInput(old, with: newInner, of: self, isForeign: &innerIsForeign)
    }
    inner = newInner
    let newID = ObjectIdentifier(newInner)
    withState { _ in
      // The inner property may also be the outer one: only the inner's place goes.
      if let index = openInputs.lastIndex(of: innerID) { openInputs.remove(at: index) }
      openInputs.append(newID)
      innerID = newID
    }
    old.removeDependentEntry(self)
    newInner.addDependentEntry(self)
    return raised
  }

  /// It ends once the outer property and the current inner one have ended.
  @usableFromInline
  override func shouldEnd(afterEndOf input: ObjectIdentifier) -> Bool {
    !openInputs.contains(ObjectIdentifier(outer)) && !openInputs.contains(innerID)
  }

  /// Once the outer property ended, no other inner property can be chosen: the transform (and what it
  /// captured) and the current inner property are let go, so that an inner property nobody else holds can
  /// end, and this one with it. The core keeps the inner property's core, and follows it until then.
  @usableFromInline
  override func continues(afterEndOf input: ObjectIdentifier) {
    guard input == ObjectIdentifier(outer) else { return }
    let current = inner
    transform = { _ in (current, current) }
    innerProperty = nil
  }

  @usableFromInline
  override func computeTentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    let (outerValue, outerChanged) = outer.tentative(in: transaction)
    // The current inner property as of the snapshot: the last input.
    let current = unsafeDowncast(transaction.inputs(of: self).last.unsafelyUnwrapped, to: PropertyCore<Value>.self)
    guard outerChanged else { return current.tentative(in: transaction) }
    let (newInner, newProperty) = transform(outerValue)
    return withExtendedLifetime(newProperty) { (newInner.tentativeValue(in: transaction), true) }
  }

  @usableFromInline
  override func releaseClosures() {
    transform = { _ in relayClosureCalledAfterTheEnd() }
    innerProperty = nil
  }
}

extension GraphState {
  /// Replaces `old` by `new` among the inputs of `vertex` (a `flatMap(.latest)` switching its inner
  /// property): moves the dependency, merges `new`'s domain into the vertex's (or, if another propagation owns
  /// it, waits to merge and sets `isForeign`), and raises the vertex's rank above `new`'s. Returns whether
  /// the rank rose.
  ///
  /// The inner property is the last input; it may also be the outer one (or become it), so a dependency is
  /// removed only when no input of the vertex is `old` any more, and added only once.
  @usableFromInline
  mutating func replaceInput(
    _ old: any GraphVertex, with new: any GraphVertex, of vertex: any GraphVertex, isForeign: inout Bool
  ) -> Bool {
    if let index = vertex.links.inputs.lastIndex(where: { $0 === old }) { vertex.links.inputs[index] = new }
    if !vertex.links.inputs.contains(where: { $0 === old }) { old.links.dependents.removeAll { $0 === vertex } }
    let root = vertex.links.domain.root
    let newRoot = new.links.domain.root
    if newRoot !== root, newRoot.owner != nil, !newRoot.isComputing(with: root) {
      isForeign = true
      pendingMerges.append(PendingMerge(vertex: vertex, inputs: vertex.links.inputs, snapshot: commits))
      return false
    }
    isForeign = false
    if newRoot !== root { merge(newRoot, into: root) }
    if !new.links.dependents.contains(where: { $0 === vertex }) { new.links.dependents.append(vertex) }
    guard new.links.rank >= vertex.links.rank else { return false }
    raiseRank(of: vertex, above: new.links.rank, stoppingAt: new)
    return true
  }

  /// Raises `vertex`'s rank above `rank`, and its dependents' above its own. A dependency cycle (an inner
  /// property computed from the flatMap itself) stops at `stop`.
  @usableFromInline
  mutating func raiseRank(of vertex: any GraphVertex, above rank: Int, stoppingAt stop: any GraphVertex) {
    guard vertex !== stop, vertex.links.rank <= rank else { return }
    vertex.links.rank = rank + 1
    for dependent in vertex.links.dependents { raiseRank(of: dependent, above: rank + 1, stoppingAt: stop) }
  }
}
