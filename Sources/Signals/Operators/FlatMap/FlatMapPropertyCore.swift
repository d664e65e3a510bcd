/// The node of `flatMap(.latest)` over properties: the value of an inner property, chosen by the outer one.
///
/// Its inputs are the outer property and the current inner one. When the outer property changes in a wave,
/// `transform` picks the new inner property, and the node switches its dependency to it. The new inner
/// property may rank higher than the node did (it may even be computed later in the same wave): the node,
/// and what depends on it, then rank above it, and it is computed again once the inner property is.
@usableFromInline
final class FlatMapNode<Outer, Value>: DerivedNode<Value> {
  @usableFromInline typealias Inner = (input: GraphInput<Value>, handle: AnyObject)

  @usableFromInline let outer: ValueNode<Outer>
  /// The user's transform, returning the inner property (its node, never its stream core) and what keeps the property alive while it is
  /// the current one. Replaced once the outer property ended.
  @exclusivity(unchecked) @usableFromInline var transform: (Outer) -> Inner
  // Changed only by the domain's owner.
  @exclusivity(unchecked) @usableFromInline var inner: ValueNode<Value>
  @exclusivity(unchecked) @usableFromInline var innerHandle: AnyObject?
  /// The wave that last called `transform`, so that computing again in the same wave does not call it again.
  @exclusivity(unchecked) @usableFromInline var switchedIn: UInt64 = 0
  /// Whether the current inner property is in a domain another thread owns, still to merge: its value is read
  /// under that domain's lock until then.
  @exclusivity(unchecked) @usableFromInline var innerIsForeign = false

  @inlinable
  init(_ outerInput: GraphInput<Outer>, _ transform: @escaping (Outer) -> Inner) {
    let outer = outerInput.enteredNode()
    self.outer = outer
    self.transform = transform
    let outerClaim = PropertyGraph.claim([outer])
    let (innerInput, handle) = transform(outer.value(for: outerClaim))
    let inner = innerInput.enteredNode()
    let claim = PropertyGraph.claim([outer, inner])
    self.inner = inner
    innerHandle = handle
    super.init(
      initial: claim.consistently { inner.value(for: claim) },
      compute: { node, wave in
        unsafeDowncast(node, to: FlatMapNode.self).compute(in: wave)
      },
      perform: { node, message in
        guard case .inputEnded(let input) = message else { return ValueNode<Value>.performCommon(node, message) }
        unsafeDowncast(node, to: FlatMapNode.self).continues(afterEndOf: input)
      })
    if let outerHandle = outerInput.handle { inputHandles = [outerHandle] }
    join([outer, inner], claim)
    if case .owned(let root, claimed: true) = outerClaim { PropertyGraph.release(root) }
  }

  /// Switches to the inner property `transform` picks if the outer one changed in `wave`, then takes the
  /// inner property's value if anything changed. A transaction's view picks it the same way but switches
  /// nothing (only the commit's wave links and re-ranks), and takes the value of the inner property it picked.
  @inlinable
  final func compute(in wave: Propagation) -> ComputeResult {
    if wave.transaction != nil {
      // The view computes the node only if an input differs: the outer one, or else the current inner one.
      guard outer.changed(in: wave) else {
        return set(
          withRoot { _ in unsafeDowncast(inputs.last.unsafelyUnwrapped, to: ValueNode<Value>.self) }
            .value(in: wave), in: wave)
      }
      let (newInner, handle) = transform(outer.value(in: wave))
      return withExtendedLifetime(handle) { set(newInner.node.value(in: wave), in: wave) }
    }
    let forced = forcedIn == wave.id
    if (outer.changed(in: wave) || forced) && switchedIn != wave.id && !outer.isEnded {
      switchedIn = wave.id
      let (newInner, handle) = transform(outer.value(in: wave))
      innerHandle = handle
      if newInner.node !== inner, switchInner(to: newInner) { return .deferred }
    }
    guard switchedIn == wave.id || inner.changed(in: wave) || forced else { return .unchanged }
    waveValue = innerIsForeign ? inner.lockedCommittedValue() : inner.value(in: wave)
    return .changed
  }

  /// Makes `newInner` the input in place of the current inner property; returns whether the node now ranks
  /// higher, and so must be computed again later in the wave.
  @usableFromInline
  func switchInner(to newInput: GraphInput<Value>) -> Bool {
    let old = inner
    let newInner = newInput.enteredNode()
    newInner.dependentJoined()
    let me = currentThreadID()
    // The old inner property is in this node's root unless it was foreign: then whether it is left unused is
    // known under the one lock taken here, and nothing is unlinked when it is not.
    let oldInRoot = !innerIsForeign
    let domain = domainReference.unsafelyUnwrapped
    let innerDomain = newInner.domainReference.unsafelyUnwrapped
    let (raised, oldIsUnused) = withRootsLocked(of: [domain, innerDomain].map { $0.takeUnretainedValue() }) { _ in
      inputs.replaceLast(old, with: newInner)
      if !inputs.contains(old) { old.dependents.remove(self) }
      // Under the lock the roots stay put; one domain object (the usual case: the inner properties were made
      // in this graph) has one root, and looking it up is skipped.
      let root = GraphDomain.root(of: domain)
      let innerRoot = innerDomain.toOpaque() == domain.toOpaque() ? root : GraphDomain.root(of: innerDomain)
      if innerRoot.toOpaque() != root.toOpaque() {
        let (root, innerRoot) = (root.takeUnretainedValue(), innerRoot.takeUnretainedValue())
        // A free root is claimed, for good once merged, so that no set claims it without the lock.
        let free = SerialWorkState.claimWithoutLock(innerRoot.work)
        guard free || (innerRoot.owner == me && innerRoot.computing === root.computing) else {
          // Another propagation owns it: follow its committed value until the domains can merge.
          innerIsForeign = true
          PendingMerges.add(self, inputs: inputs.nodes)
          return (false, oldInRoot && old.isUnused)
        }
        root.absorb(innerRoot)
      }
      innerIsForeign = false
      if !newInner.dependents.contains(self) { newInner.dependents.append(self) }
      guard newInner.rank >= rank else { return (false, oldInRoot && old.isUnused) }
      raiseRank(of: self, above: newInner.rank, stoppingAt: newInner)
      return (true, oldInRoot && old.isUnused)
    }
    inner = newInner
    old.dependentLeft()
    if oldIsUnused || !oldInRoot {
      var unlinked = Unlinked()
      old.withRoot { _ in if old.isUnused { unlinked.orphans.append(old) } }
      unlinked.finish()
    }
    return raised
  }

  /// Under the domain's lock: raises `node`'s rank above `rank`, and its dependents' above its own. A cycle (an
  /// inner property computed from the flatMap itself) stops at `stop`.
  @usableFromInline
  func raiseRank(of node: GraphNode, above rank: Int, stoppingAt stop: GraphNode) {
    guard node !== stop, node.rank <= rank else { return }
    node.rank = rank + 1
    node.dependents.forEach { raiseRank(of: $0, above: rank + 1, stoppingAt: stop) }
  }

  /// Once the outer property ended, no other inner property can be chosen: the transform (and what it
  /// captured) and the current inner property are let go, so that an inner property nobody else holds can
  /// end, and this one with it. The core keeps the inner property's core, and follows it until then.
  @usableFromInline
  func continues(afterEndOf input: GraphNode) {
    guard input === outer else { return }
    transform = { _ in relayClosureCalledAfterTheEnd() }
    innerHandle = nil
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    released.append(ClosureBox(Swift.exchange(&transform) { _ in relayClosureCalledAfterTheEnd() }))
    if let innerHandle = innerHandle.take() { released.append(innerHandle) }
  }

  @usableFromInline
  override func releaseClosures() {
    transform = { _ in relayClosureCalledAfterTheEnd() }
    innerHandle = nil
  }
}
