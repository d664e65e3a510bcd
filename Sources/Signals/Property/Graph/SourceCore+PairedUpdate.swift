// Two sources changed as one change (a command's `isExecuting` and `isEnabled`).

/// Two sources changed as one change: a `Command`'s `isExecuting` and `isEnabled`.
///
/// Both values are stored under both cores' locks (the first one's outside), before Observation or any observer
/// hears of either, so that whoever is told of one reads the other's new value. A source in the graph keeps its
/// value on its node: when both are in one domain, they are read and stored under that domain's lock too, in
/// one critical section. Each source stays what it is otherwise: alone, a set is a replaying core's send, with
/// its fast path; in the graph, a change of its domain. When both change and share a domain, they change in one
/// wave (or one queued group, when another thread or an observer of this one owns the domain), so that nothing
/// computed from both sees one new value beside the other's old one.
extension SourceCore {
  /// Changes `first` and `second` together; see the extension's documentation. `body` runs under both cores'
  /// locks (and their one domain's, in the graph) with their latest values, changes them in place, and says
  /// which of the two changed: a source that did not change stores and emits nothing. It reflects what happens,
  /// for a state that publishes only its changes: a transaction does not hold it back.
  ///
  /// Callers must always pass the same two sources in the same order (the locks are taken in that order), and
  /// nothing else may take both.
  @inlinable
  static func update(
    _ first: SourceCore<Value>, _ second: SourceCore<Value>,
    _ body: (inout Value, inout Value) -> (first: Bool, second: Bool)
  ) {
    let steps = first.withState { firstState in
      second.withState { secondState -> (first: SetStep<Value>?, second: SetStep<Value>?) in
        // Neither joins the graph meanwhile: joining takes the core's lock.
        if first.node.isInGraph || second.node.isInGraph {
          return updateInGraph(first, &firstState, second, &secondState, body)
        }
        var firstValue = first.latest.unsafelyUnwrapped
        var secondValue = second.latest.unsafelyUnwrapped
        let changed = body(&firstValue, &secondValue)
        let firstStep = changed.first ? first.accept(firstValue, origin: .user, cause: nil, &firstState) : nil
        let secondStep = changed.second ? second.accept(secondValue, origin: .user, cause: nil, &secondState) : nil
        return (firstStep, secondStep)
      }
    }
    carryOut(first, steps.first, second, steps.second)
  }

  /// ``update(_:_:_:)`` under both cores' locks, where one source or both are in the graph: there, a source's
  /// value is its node's.
  @inlinable @inline(never)
  static func updateInGraph(
    _ first: SourceCore<Value>, _ firstState: inout State, _ second: SourceCore<Value>, _ secondState: inout State,
    _ body: (inout Value, inout Value) -> (first: Bool, second: Bool)
  ) -> (first: SetStep<Value>?, second: SetStep<Value>?) {
    if first.node.isInGraph, second.node.isInGraph, let steps = updateInOneDomain(first, second, body) {
      return steps
    }
    // In two domains (or one alone): each is read, then accepted, under its own lock. Only the paired update
    // sets these two (a command's states), and its callers hold both cores' locks: nothing comes between.
    var firstValue = first.lockedLatest
    var secondValue = second.lockedLatest
    let changed = body(&firstValue, &secondValue)
    let firstStep = changed.first ? first.accept(firstValue, origin: .user, cause: nil, &firstState) : nil
    let secondStep = changed.second ? second.accept(secondValue, origin: .user, cause: nil, &secondState) : nil
    return (firstStep, secondStep)
  }

  /// Under the core's lock: the newest accepted value, the core's alone, the node's in the graph.
  @inlinable @inline(__always)
  var lockedLatest: Value {
    guard node.isInGraph else { return latest.unsafelyUnwrapped }
    return source.lockedAcceptedValue()
  }

  /// After the locks: tells Observation of both changes before anyone is called, then carries them out.
  @inlinable @inline(__always)
  static func carryOut(
    _ first: SourceCore<Value>, _ firstStep: SetStep<Value>?, _ second: SourceCore<Value>,
    _ secondStep: SetStep<Value>?
  ) {
    if firstStep != nil { first.node.notifyChange() }
    if secondStep != nil { second.node.notifyChange() }
    if let step = firstStep { first.carryOut(step) }
    if let step = secondStep { second.carryOut(step) }
  }

  /// Both sources in one domain, under both cores' locks: under the domain's lock, reads their accepted values,
  /// runs `body` and accepts what changed, both as one change of the graph; or `nil` if they are in two
  /// domains.
  @inlinable
  static func updateInOneDomain(
    _ first: SourceCore<Value>, _ second: SourceCore<Value>,
    _ body: (inout Value, inout Value) -> (first: Bool, second: Bool)
  ) -> (first: SetStep<Value>?, second: SetStep<Value>?)? {
    let firstNode = first.source
    let secondNode = second.source
    return firstNode.withRoot { root -> (first: SetStep<Value>?, second: SetStep<Value>?)? in
      // Roots only merge, and not while this one is locked: if the second source's root is this one, it stays.
      let secondRoot = GraphDomain.root(of: secondNode.domainReference.unsafelyUnwrapped)
      guard secondRoot.toOpaque() == Unmanaged.passUnretained(root).toOpaque() else { return nil }
      var firstValue = firstNode.accepted
      var secondValue = secondNode.accepted
      let changed = body(&firstValue, &secondValue)
      guard changed.first, changed.second, !first.hasTerminated, !second.hasTerminated, !firstNode.isEnded,
        !secondNode.isEnded
      else {
        let firstStep = changed.first ? first.acceptLocked(firstValue, origin: .user, cause: nil, root) : nil
        let secondStep = changed.second ? second.acceptLocked(secondValue, origin: .user, cause: nil, root) : nil
        return (firstStep, secondStep)
      }
      // One change: the commit's wave, or a group queued where another thread works.
      var wave: Unmanaged<Propagation>?
      let target = root.commitTarget(joining: &wave)
      first.store(firstValue, into: target)
      second.store(secondValue, into: target)
      return (wave.map { SetStep.propagate($0) } ?? SetStep.none, SetStep.none)
    }
  }
}
