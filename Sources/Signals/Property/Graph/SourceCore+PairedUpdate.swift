// Two sources changed as one change (a command's `isExecuting` and `isEnabled`).

/// Two sources changed as one change: a `Command`'s `isExecuting` and `isEnabled`.
///
/// Both values are stored in one critical section (under both cores' locks, the first one's outside), before
/// Observation or any observer hears of either, so that whoever is told of one reads the other's new value.
/// Each source stays what it is otherwise: alone, a set is a replaying core's send, with its fast path; in the
/// graph, a change of its domain. When both change and share a domain, they change in one wave (or one queued
/// group, when another thread or an observer of this one owns the domain), so that nothing computed from both
/// sees one new value beside the other's old one.
extension SourceCore {
  /// Changes `first` and `second` together; see the extension's documentation. `body` runs under both cores'
  /// locks with their latest values, changes them in place, and says which of the two changed: a source that
  /// did not change stores and emits nothing. Like ``update(_:)``, it reflects what happens: a transaction does
  /// not hold it back.
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
        var firstValue = first.latest.unsafelyUnwrapped
        var secondValue = second.latest.unsafelyUnwrapped
        let changed = body(&firstValue, &secondValue)
        if changed.first && changed.second,
          case .accepted(let wave) = acceptTogether(first, firstValue, &firstState, second, secondValue, &secondState)
        {
          return (wave.map(SetStep.propagate) ?? SetStep.none, SetStep.none)
        }
        let firstStep = changed.first ? first.accept(firstValue, origin: .user, cause: nil, &firstState) : nil
        let secondStep = changed.second ? second.accept(secondValue, origin: .user, cause: nil, &secondState) : nil
        return (firstStep, secondStep)
      }
    }
    // Both are stored: Observation hears of both before anyone is called.
    if steps.first != nil { first.node.notifyChange() }
    if steps.second != nil { second.node.notifyChange() }
    if let step = steps.first { first.carryOut(step) }
    if let step = steps.second { second.carryOut(step) }
  }

  /// Under both cores' locks: accepts both values as one change of the graph if both sources are in one domain
  /// (and neither ended), or says they must be accepted one by one.
  @inlinable
  static func acceptTogether(
    _ first: SourceCore<Value>, _ firstValue: Value, _ firstState: inout State,
    _ second: SourceCore<Value>, _ secondValue: Value, _ secondState: inout State
  ) -> TogetherStep {
    guard first.node.isInGraph, second.node.isInGraph, !firstState.isTerminated, !secondState.isTerminated else {
      return .separately
    }
    let firstNode = first.source
    let secondNode = second.source
    return GraphDomain.withRoot(of: firstNode.domainReference.unsafelyUnwrapped) { root -> TogetherStep in
      // Roots only merge, and not while this one is locked: if the second source's root is this one, it stays.
      let secondRoot = GraphDomain.root(of: secondNode.domainReference.unsafelyUnwrapped)
      guard secondRoot.toOpaque() == Unmanaged.passUnretained(root).toOpaque() else { return .separately }
      first.latest = firstValue
      first.version &+= 1
      second.latest = secondValue
      second.version &+= 1
      if SerialWorkState.waitsForWorker(root.work) {
        // The thread that owns the domain propagates both in one wave, after what it has queued.
        firstNode.pendingChanges.append(PendingChange(value: firstValue, version: first.version, origin: .user))
        secondNode.pendingChanges.append(PendingChange(value: secondValue, version: second.version, origin: .user))
        let group = TransactionGroup()
        group.sources = [firstNode, secondNode]
        group.cores = [first, second]
        root.queue.append(.group(group))
        return .accepted(nil)
      }
      root.claim(by: currentThreadID())
      let wave = root.startWave(lineage: ChangeChain())
      wave.borrow { wave in
        firstNode.waveValue = firstValue
        firstNode.committedVersion = first.version
        wave.addTakenSource(firstNode)
        secondNode.waveValue = secondValue
        secondNode.committedVersion = second.version
        wave.addTakenSource(secondNode)
        wave.lineage = ChangeChain(sourcesOf: wave)
      }
      return .accepted(wave)
    }
  }
}

/// What ``SourceCore/acceptTogether(_:_:_:_:_:_:)`` decided.
@usableFromInline
enum TogetherStep {
  /// Both were accepted as one change: run this wave (the caller took the domain), or nothing (it was queued).
  case accepted(Unmanaged<Propagation>?)
  /// Not in one domain: accept each on its own.
  case separately
}
