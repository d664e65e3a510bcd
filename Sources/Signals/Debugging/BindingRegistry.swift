import Synchronization

/// The bindings (one-way, `<~`, and two-way, `<~>`) made in a debug build of Signals, for ``PropertyGraphDump``
/// (which lists each property's bindings, and why an ended one ended) and for the warning about a one-way
/// binding that ends in the call that made it. A release build keeps none: `<~` and `<~>` then only bind.
enum BindingRegistry {
  /// Why a binding ended.
  enum End: String, Sendable {
    case sourceCompleted = "its source completed"
    case sourceInterrupted = "its source was interrupted"
    case targetLifetimeEnded = "its target's lifetime ended"
    case disposed = "its disposable was disposed"
    case sideCompleted = "one side completed"
    case sideInterrupted = "one side was interrupted"
    case sideLifetimeEnded = "one side's lifetime ended"
  }

  /// One binding.
  final class Record: @unchecked Sendable {
    let source: String
    weak var sourceNode: GraphNode?
    let sourceSite: CreationSite?
    let target: String
    weak var targetNode: GraphNode?
    let targetSite: CreationSite?
    /// Where the binding was made, for a binding method that takes its caller's line; `nil` for `<~`.
    let site: CreationSite?
    /// A two-way binding (`<~>`): `source` is its left side, `target` its right.
    let isTwoWay: Bool
    /// The call of user code that made it (see ``ChangeTracing``).
    let call: ChangeTracing.Call
    /// Why it ended; guarded by the registry's lock.
    var end: End?
    /// Whether the target is a property (its lifetime ends when it is released, which is no mistake).
    let targetIsProperty: Bool
    /// How many values it delivered, up to 2.
    let delivered = Atomic<Int>(0)

    init(
      source: (name: String, node: GraphNode?), target: (name: String, node: GraphNode?), site: CreationSite?,
      isTwoWay: Bool, call: ChangeTracing.Call, sourceStreamSite: CreationSite? = nil
    ) {
      self.source = source.name
      sourceNode = source.node
      sourceSite = source.node.flatMap(DebugInfo.site(of:)) ?? sourceStreamSite
      self.target = target.name
      targetNode = target.node
      targetSite = target.node.flatMap(DebugInfo.site(of:))
      targetIsProperty = target.node != nil
      self.site = site
      self.isTwoWay = isTwoWay
      self.call = call
    }

    /// Counts a value delivered.
    func deliver() {
      if delivered.load(ordering: .relaxed) < 2 { delivered.add(1, ordering: .relaxed) }
    }

    /// Whether the target's lifetime had ended before the binding was made.
    var endedBeforeBinding = false

    /// Records that the binding ended, for `reason`, once; warns about one whose target's lifetime ended in the
    /// call that made it.
    func ended(_ reason: End) {
      let first = BindingRegistry.records.withLock { _ -> Bool in
        guard end == nil else { return false }
        end = reason
        return true
      }
      guard first, reason == .targetLifetimeEnded, !targetIsProperty, !isTwoWay else { return }
      // On the main thread, a turn of the main queue is one call of UI code: a binding that ended in it, having
      // delivered no change after its first value, was never of use. Elsewhere there is no such turn, and
      // only a target that had ended before the binding was made is sure to be a mistake.
      if !endedBeforeBinding {
        guard case .mainTurn = call, delivered.load(ordering: .relaxed) <= 1, ChangeTracing.currentCall() == call
        else { return }
      }
      BindingRegistry.warn(
        "Signals: warning: the binding \(target) <~ \(source) ended in the call that made it: \(reason.rawValue). "
          + "Was the target's Lifetime.Token (or the object that owns it) released at once?")
    }
  }

  static let records = Locked<[Record]>([])

  /// Where warnings go: standard error, and the listeners specs add.
  static let listeners = Locked<[@Sendable (String) -> Void]>([])

  static func warn(_ message: String) {
    let listeners = listeners.withLock { $0 }
    StandardError.writeLine(message)
    for listener in listeners { listener(message) }
  }

  /// Whether bindings are recorded: in a debug build of Signals.
  static var isOn: Bool {
    #if DEBUG
    true
    #else
    false
    #endif
  }

  /// Records a binding of `source` into `target` (both ways, between `source` and `target`, when `isTwoWay`),
  /// made at `site` when a binding method knows its caller's line.
  static func register(
    source: Any, target: Any, targetName: String?, site: CreationSite? = nil, isTwoWay: Bool = false
  ) -> Record {
    func side(_ side: Any, _ name: String?) -> (name: String, node: GraphNode?) {
      guard let node = (side as? any GraphNodeProviding)?.graphNode else {
        // A stream made by an operator in your code shows it, as a property does: `(map) Signal<String, Never>`.
        let operatorName = (side as? any DebugNamed).flatMap { DebugInfo.operatorName(of: $0.debugObject) }
        return (name ?? (operatorName.map { "(\($0)) " } ?? "") + "\(type(of: side))", nil)
      }
      return (DebugInfo.name(of: node) ?? "(\(node.operatorName)) \(node.typeDescription)", node)
    }
    let record = Record(
      source: side(source, (source as? any DebugNamed)?.debugName), target: side(target, targetName), site: site,
      isTwoWay: isTwoWay, call: ChangeTracing.currentCall(),
      sourceStreamSite: (source as? any DebugNamed).flatMap { DebugInfo.site(of: $0.debugObject) })
    records.withLock { records in
      // Forget, now and then, the ended bindings whose properties are gone.
      if records.count >= 64, records.count.nonzeroBitCount == 1 {
        records.removeAll { $0.end != nil && $0.sourceNode == nil && $0.targetNode == nil }
      }
      records.append(record)
    }
    return record
  }

  /// The bindings from, into and with `node`, as the dump shows them: first those it is the target of, then
  /// those it is the source of, each in the order they were made.
  static func bindings(of node: GraphNode) -> [PropertyGraphDump.Binding] {
    records.withLock { records in
      var from: [PropertyGraphDump.Binding] = []
      var into: [PropertyGraphDump.Binding] = []
      for record in records {
        let reason = record.end?.rawValue
        if record.targetNode === node {
          from.append(
            PropertyGraphDump.Binding(
              direction: record.isTwoWay ? .with : .from, other: record.source, endReason: reason,
              otherSite: record.sourceSite, site: record.site))
        }
        if record.sourceNode === node {
          into.append(
            PropertyGraphDump.Binding(
              direction: record.isTwoWay ? .with : .into, other: record.target, endReason: reason,
              otherSite: record.targetSite, site: record.site))
        }
      }
      return from + into
    }
  }
}
