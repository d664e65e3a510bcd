import Dispatch
import Synchronization

/// The traces started with ``Property/traceChanges(logger:)`` and ``PropertyChange/traceAll(logger:)``, and
/// what reports their changes: a wave asks it between computing and committing, when every changed node still
/// holds both its new value and its previous one, and the lineage of the wave is at hand.
///
/// A wave reaches it through ``TracingHook``, which the first trace installs.
enum ChangeTracing {
  private struct Trace {
    let id: Int
    /// The traced node; `nil` for a trace of everything.
    weak var node: GraphNode?
    let isEverything: Bool
    let logger: (@Sendable (PropertyChange) -> Void)?
  }

  /// How often a node changed in the current call of user code (see ``PropertyChange/changesInThisCall``).
  private struct CallCount {
    /// The node counted: a node freed since, whose address a new one took, is not the same node.
    weak var node: GraphNode?
    var call: Call
    var count: Int
  }

  /// One call of user code: a turn of the main queue, or a burst of changes on one other thread.
  enum Call: Equatable {
    case mainTurn(UInt64)
    case burst(thread: ThreadID, started: UInt64)
  }

  private struct State {
    var traces: [Trace] = []
    var nextID = 0
    var counts: [ObjectIdentifier: CallCount] = [:]
    /// The main queue's turn, advanced by a marker enqueued at the first change of a turn.
    var mainTurn: UInt64 = 0
    var isMarkerPending = false
    /// Per thread other than the main one: the burst in progress, and when its last change was.
    var bursts: [ThreadID: (started: UInt64, last: ContinuousClock.Instant)] = [:]
    var burstCount: UInt64 = 0
  }

  private static let state = Locked(State())

  /// Changes closer together than this on a thread other than the main one belong to one call.
  private static let burstGap = Duration.milliseconds(1)

  /// Starts a trace of `node` (of everything when `nil`) reporting to `logger`.
  static func start(node: GraphNode?, logger: (@Sendable (PropertyChange) -> Void)?) -> any Disposable {
    let id = state.withLock { state in
      state.nextID += 1
      state.traces.append(Trace(id: state.nextID, node: node, isEverything: node == nil, logger: logger))
      return state.nextID
    }
    TracingHook.install { ChangeTracing.report($0) }
    TracingHook.activeCount.add(1, ordering: .relaxed)
    return AnyDisposable {
      let removed = state.withLock { state in
        guard let index = state.traces.firstIndex(where: { $0.id == id }) else { return false }
        state.traces.remove(at: index)
        if state.traces.isEmpty { state.counts.removeAll() }
        return true
      }
      if removed { TracingHook.activeCount.subtract(1, ordering: .relaxed) }
    }
  }

  /// By the owner of `wave`'s domain, between computing and committing it: reports the changes of traced
  /// nodes.
  static func report(_ wave: Propagation) {
    let changed = (0..<wave.changed.count).map { wave.changed[$0].takeUnretainedValue() }
    let loggers = state.withLock { state -> [(GraphNode, [(@Sendable (PropertyChange) -> Void)?])] in
      state.traces.removeAll { !$0.isEverything && $0.node == nil }
      var found: [(GraphNode, [(@Sendable (PropertyChange) -> Void)?])] = []
      for node in changed {
        let traces = state.traces.filter { $0.node === node || ($0.isEverything && isShown(node)) }
        if !traces.isEmpty { found.append((node, traces.map(\.logger))) }
      }
      return found
    }
    guard !loggers.isEmpty else { return }
    let call = currentCall()
    for (node, nodeLoggers) in loggers {
      let change = describe(node, in: wave, call: call)
      for logger in nodeLoggers {
        if let logger { logger(change) } else { StandardError.writeLine(change.description) }
      }
    }
  }

  /// Whether a trace of everything reports `node`: it has a name or observers.
  private static func isShown(_ node: GraphNode) -> Bool {
    node.inGraph.hasObservers || DebugInfo.name(of: node) != nil
  }

  // MARK: Describing a change

  /// The change of `node` in `wave`, counted in `call`; `call` is `nil` for a wave already committed (whose
  /// nodes hold their new value as committed and the previous one as the wave's), which is not counted.
  static func describe(_ node: GraphNode, in wave: Propagation, call: Call?, isCommitted: Bool? = nil) -> PropertyChange
  {
    let values = ChangeDescription()
    node.perform(node, .describeChange(values))
    if isCommitted ?? (call == nil) { swap(&values.value, &values.previous) }
    let sources = wave.sources
    let path = self.path(to: node, in: wave)
    let upstream = sources.filter { isUpstream($0, of: node, in: wave) }
    let ownSources = Set(sources.map { ObjectIdentifier($0) })
    let causedBy = wave.lineage.compactMap { vertex -> String? in
      guard let node = vertex.graphNode,
        !ownSources.contains(ObjectIdentifier(node))
      else { return nil }
      return displayName(of: node)
    }
    let setter: PropertyChange.Setter
    switch wave.origin {
    case .user: setter = .user
    case .binding: setter = .binding
    case .channel: setter = .twoWayBinding
    }
    let count = state.withLock { state -> Int in
      guard let call else { return 1 }
      let key = ObjectIdentifier(node)
      var entry = state.counts[key] ?? CallCount(node: node, call: call, count: 0)
      if entry.call != call || entry.node !== node { entry = CallCount(node: node, call: call, count: 0) }
      entry.count += 1
      state.counts[key] = entry
      return entry.count
    }
    return PropertyChange(
      property: displayName(of: node), site: DebugInfo.site(of: node), value: values.value,
      previousValue: values.previous,
      isEqualToPrevious: values.isEqual, sources: (upstream.isEmpty ? sources : upstream).map(displayName(of:)),
      path: path.map(displayName(of:)), setBy: setter, causedBy: causedBy, changesInThisCall: count)
  }

  /// What ``PropertyChange/inFlight()`` lists while the calling thread computes `wave` (a debug build): every
  /// change computed so far, then the node whose operator is running, with its operator and the values of its
  /// inputs as the operator sees them.
  static func describeComputing(_ wave: Propagation) -> [PropertyChange] {
    let changes = (0..<wave.changed.count).map { index in
      describe(wave.changed[index].takeUnretainedValue(), in: wave, call: nil, isCommitted: false)
    }
    #if DEBUG
    if let node = wave.computingNode?.takeUnretainedValue() { return changes + [describeComputing(node, in: wave)] }
    #endif
    return changes
  }

  /// The change of `node`, whose operator is running in `wave`: not computed yet, so its value is the one it
  /// had; with its operator, and its inputs' values as the operator sees them.
  private static func describeComputing(_ node: GraphNode, in wave: Propagation) -> PropertyChange {
    var change = describe(node, in: wave, call: nil, isCommitted: false)
    let previous = ChangeDescription()
    node.perform(node, .describeChange(previous))
    change.value = previous.previous
    change.previousValue = previous.previous
    change.isEqualToPrevious = nil
    change.isBeingComputed = true
    change.computedBy = node.operatorName
    node.inputs.forEach { input in
      let values = ChangeDescription()
      input.perform(input, .describeChange(values))
      change.inputs.append("\(displayName(of: input)) = \(input.changed(in: wave) ? values.value : values.previous)")
    }
    return change
  }

  /// From a source changed in `wave` to `node`, through inputs that changed in it: the first changed input
  /// of each node, walked back.
  private static func path(to node: GraphNode, in wave: Propagation) -> [GraphNode] {
    var path = [node]
    var current = node
    while !current.isSource {
      var next: GraphNode?
      current.inputs.forEach { input in
        if next == nil, input.changed(in: wave) { next = input }
      }
      guard let next, !path.contains(where: { $0 === next }) else { break }
      path.append(next)
      current = next
    }
    return path.reversed()
  }

  /// Whether `source` reaches `node` through nodes changed in `wave`.
  private static func isUpstream(_ source: GraphNode, of node: GraphNode, in wave: Propagation) -> Bool {
    var stack = [node]
    var seen = Set<ObjectIdentifier>()
    while let current = stack.popLast() {
      if current === source { return true }
      guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
      current.inputs.forEach { input in
        if input.changed(in: wave) { stack.append(input) }
      }
    }
    return false
  }

  /// A node as a change names it: its name, or its operator and type, and where it was made when a debug
  /// build recorded it (`(map) Property<Int> at Form.swift:12`).
  static func displayName(of node: GraphNode) -> String {
    let (name, site) = DebugInfo.info(of: node)
    return name ?? "(\(node.operatorName)) \(node.typeDescription)" + (site.map { " at \($0)" } ?? "")
  }

  // MARK: Calls of user code

  /// Ends the calling thread's call of user code: its next change starts a new one. SignalsTesting calls it at
  /// each step of a spec, so that a `@MainActor` spec's separate actions, one turn of the main queue, are not
  /// counted as one call.
  static func endCall() {
    guard TracingHook.activeCount.load(ordering: .relaxed) != 0 else { return }
    let isMain = MainScheduler.shared.isOnMainQueue
    let thread = currentThreadID()
    state.withLock { state in
      if isMain { state.mainTurn += 1 }
      state.bursts[thread] = nil
    }
  }

  /// The call of user code the calling thread is in.
  static func currentCall() -> Call {
    if MainScheduler.shared.isOnMainQueue {
      let (turn, enqueue) = state.withLock { state -> (UInt64, Bool) in
        defer { state.isMarkerPending = true }
        return (state.mainTurn, !state.isMarkerPending)
      }
      if enqueue {
        DispatchQueue.main.async {
          state.withLock { state in
            state.mainTurn += 1
            state.isMarkerPending = false
          }
        }
      }
      return .mainTurn(turn)
    }
    let thread = currentThreadID()
    let now = ContinuousClock.now
    return state.withLock { state in
      if let burst = state.bursts[thread], now - burst.last < burstGap {
        state.bursts[thread] = (burst.started, now)
        return .burst(thread: thread, started: burst.started)
      }
      state.burstCount += 1
      if state.bursts.count > 64 { state.bursts.removeAll() }
      state.bursts[thread] = (state.burstCount, now)
      return .burst(thread: thread, started: state.burstCount)
    }
  }
}
