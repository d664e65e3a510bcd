// Two sources changed as one change (a command's `isExecuting` and `isEnabled`).

/// Two sources changed as one change: a `Command`'s `isExecuting` and `isEnabled`.
///
/// Both values are stored under both cores' locks (the first one's outside), before Observation or any observer
/// hears of either, so that whoever is told of one reads the other's new value. Alone, each set is a replaying
/// core's send, with its fast path. In the graph, a source keeps its value on its node: it is read and stored
/// under its root's lock too, as a transaction's commit stores (``SourceCore/store(_:in:_:_:)``), so that both
/// change in one wave (or one queued group, where another thread or an observer of this one owns the domain)
/// and nothing computed from both sees one new value beside the other's old one.
extension SourceCore {
  /// Changes `first` and `second` together; see the extension's documentation. `body` runs under both cores'
  /// locks (and their roots', in the graph) with their latest values, changes them in place, and says which of
  /// the two changed: a source that did not change stores and emits nothing. It reflects what happens, for a
  /// state that publishes only its changes: a transaction does not hold it back.
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
    // Observation hears of both before anyone is called.
    if steps.first != nil { first.node.notifyChange() }
    if steps.second != nil { second.node.notifyChange() }
    if let step = steps.first { first.carryOut(step) }
    if let step = steps.second { second.carryOut(step) }
  }

  /// ``update(_:_:_:)`` under both cores' locks, where one source or both are in the graph: under their roots'
  /// locks as well, each in the graph is stored into its root's wave or group (one for both in one domain),
  /// each alone is accepted.
  @inlinable @inline(never)
  static func updateInGraph(
    _ first: SourceCore<Value>, _ firstState: inout State, _ second: SourceCore<Value>, _ secondState: inout State,
    _ body: (inout Value, inout Value) -> (first: Bool, second: Bool)
  ) -> (first: SetStep<Value>?, second: SetStep<Value>?) {
    let domains = [first, second].compactMap { $0.node.isInGraph ? $0.source.domain : nil }
    return withRootsLocked(of: domains) { _ in
      var firstValue = first.lockedLatest
      var secondValue = second.lockedLatest
      let changed = body(&firstValue, &secondValue)
      var targets = CommitTargets()
      defer { targets.deallocate() }
      let firstStep = changed.first ? first.commitLocked(firstValue, &firstState, &targets) : nil
      let secondStep = changed.second ? second.commitLocked(secondValue, &secondState, &targets) : nil
      return (firstStep, secondStep)
    }
  }

  /// Under the core's lock (and its root's, in the graph): the newest value.
  @inlinable @inline(__always)
  var lockedLatest: Value {
    node.isInGraph ? source.newestValue() : latest.unsafelyUnwrapped
  }

  /// Under the core's lock (and its root's, in the graph): alone, accepts `value`; in the graph, stores it,
  /// and runs the wave if it started one in its root (a second source in that root joins it).
  @inlinable
  func commitLocked(
    _ value: Value, _ state: inout State, _ targets: inout CommitTargets
  ) -> SetStep<Value> {
    guard node.isInGraph else { return accept(value, origin: .user, cause: nil, &state) }
    var wave: Unmanaged<Propagation>?
    store(value, in: GraphDomain.root(of: source.domainReference.unsafelyUnwrapped), &targets, &wave)
    return wave.map { .propagate($0) } ?? .none
  }
}
