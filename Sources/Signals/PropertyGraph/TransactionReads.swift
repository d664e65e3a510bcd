/// Reads inside a transaction: a derived property's value computed from the values the transaction set and the
/// graph's committed state.
///
/// A read takes nothing from other threads: it copies, under one hold of the graph's lock, the committed state
/// of every vertex the property is computed from (a snapshot), and computes from that copy outside the lock,
/// so the operators' closures never run under it. Another thread may propagate the same graph meanwhile; each
/// read is computed from one consistent state, the newest at its start. A commit that changed a vertex of the
/// snapshot makes the next read take a new one.
extension PropertyTransaction {
  /// The value of a derived property as the transaction sees it.
  @usableFromInline
  func read<Value>(_ core: DerivedCore<Value>) -> Value {
    prepareRead(of: core)
    return core.tentative(in: self).value
  }

  /// Makes sure ``snapshot`` holds `vertex` and everything it is computed from, all from the current commit.
  func prepareRead(of vertex: any GraphVertex) {
    PropertyGraph.state.withLock { graph in
      let stale = snapshot.values.contains { $0.vertex.links.lastCommit > snapshotCommits }
      if snapshot.isEmpty || stale {
        snapshot = [:]
        computed = [:]
        snapshotCommits = graph.commits
      }
      takeSnapshot(of: vertex)
    }
  }

  /// Under the graph's lock: copies the committed state of `vertex` and of its inputs, transitively.
  func takeSnapshot(of vertex: any GraphVertex) {
    var pending = [vertex]
    while let next = pending.popLast() {
      let key = ObjectIdentifier(next)
      guard snapshot[key] == nil else { continue }
      snapshot[key] = CommittedState(of: next)
      pending += next.links.inputs
    }
  }

  /// The snapshot of `vertex`; taken now if the read reached a vertex it had not (a property `flatMap(.latest)`
  /// chose during the read).
  func snapshotState(of vertex: any GraphVertex) -> CommittedState {
    if let state = snapshot[ObjectIdentifier(vertex)] { return state }
    PropertyGraph.state.withLock { _ in takeSnapshot(of: vertex) }
    return snapshot[ObjectIdentifier(vertex)].unsafelyUnwrapped
  }

  /// The committed value of `core` in the snapshot.
  @usableFromInline
  func committedValue<Value>(of core: PropertyCore<Value>) -> Value {
    snapshotState(of: core).value as! Value
  }

  /// The inputs of `vertex` in the snapshot.
  @usableFromInline
  func inputs(of vertex: any GraphVertex) -> [any GraphVertex] {
    snapshotState(of: vertex).inputs
  }

  /// The version of `source`'s committed value in the snapshot: a source whose version differs has sets the
  /// graph has not propagated yet.
  @usableFromInline
  func committedVersion<Value>(of source: SourceCore<Value>) -> UInt64 {
    snapshotState(of: source).version
  }

  /// What was computed for `vertex` since the last set and the last snapshot, if anything.
  func computedValue<Value>(of vertex: AnyObject, as _: Value.Type) -> (value: Value, changed: Bool)? {
    guard let entry = computed[ObjectIdentifier(vertex)], entry.sets == sets else { return nil }
    return (entry.value as! Value, entry.changed)
  }

  /// Remembers what was computed for `vertex`.
  func remember<Value>(_ value: Value, changed: Bool, of vertex: AnyObject) {
    computed[ObjectIdentifier(vertex)] = (sets, value, changed)
  }
}

/// A vertex's committed state, as a transaction's read copies it.
@usableFromInline
struct CommittedState {
  /// The vertex.
  @usableFromInline let vertex: any GraphVertex
  /// The committed value (`nil` for a source outside the graph, which a read takes from its latest value).
  @usableFromInline let value: Any?
  /// A source's ``SourceCore/committedVersion``; 0 for a derived vertex.
  @usableFromInline let version: UInt64
  /// The vertex's inputs.
  @usableFromInline let inputs: [any GraphVertex]

  /// Under the graph's lock: the state of `vertex` now.
  @usableFromInline
  init(of vertex: any GraphVertex) {
    self.vertex = vertex
    (value, version) = vertex.committedValueAndVersion()
    inputs = vertex.links.inputs
  }
}
