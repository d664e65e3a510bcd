import Synchronization

/// The one-way bindings (`<~`) made in a debug build of Signals, for ``PropertyGraphDump`` (which lists each
/// property's bindings, and why an ended one ended) and for the warning about a binding that ends in the call
/// that made it. A release build keeps none: `<~` then does nothing more than bind.
enum BindingRegistry {
  /// Why a binding ended.
  enum End: String, Sendable {
    case sourceCompleted = "its source completed"
    case sourceInterrupted = "its source was interrupted"
    case targetLifetimeEnded = "its target's lifetime ended"
    case disposed = "its disposable was disposed"
  }

  /// One binding.
  final class Record: @unchecked Sendable {
    let source: String
    weak var sourceNode: GraphNode?
    let target: String
    weak var targetNode: GraphNode?
    /// The call of user code that made it (see ``ChangeTracing``).
    let call: ChangeTracing.Call
    /// Why it ended; guarded by the registry's lock.
    var end: End?
    /// Whether the target is a property (its lifetime ends when it is released, which is no mistake).
    let targetIsProperty: Bool
    /// How many values it delivered, up to 2.
    let delivered = Atomic<Int>(0)

    init(source: String, sourceNode: GraphNode?, target: String, targetNode: GraphNode?, call: ChangeTracing.Call) {
      self.source = source
      self.sourceNode = sourceNode
      self.target = target
      self.targetNode = targetNode
      targetIsProperty = targetNode != nil
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
      guard first, reason == .targetLifetimeEnded, !targetIsProperty else { return }
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

  /// Records a binding of `source` into `target`.
  static func register(source: Any, target: Any, targetName: String?) -> Record {
    let sourceNode = (source as? any GraphNodeProviding)?.graphNode
    let targetNode = (target as? any GraphNodeProviding)?.graphNode
    let record = Record(
      source: sourceNode.map(ChangeTracing.displayName(of:)) ?? "\(type(of: source))", sourceNode: sourceNode,
      target: targetNode.map(ChangeTracing.displayName(of:)) ?? targetName ?? "\(type(of: target))",
      targetNode: targetNode, call: ChangeTracing.currentCall())
    records.withLock { records in
      // Forget, now and then, the ended bindings whose properties are gone.
      if records.count >= 64, records.count.nonzeroBitCount == 1 {
        records.removeAll { $0.end != nil && $0.sourceNode == nil && $0.targetNode == nil }
      }
      records.append(record)
    }
    return record
  }

  /// The bindings from or into `node`: the other side's name, and why the binding ended (`nil`: it is live).
  static func bindings(of node: GraphNode) -> (from: [(String, End?)], into: [(String, End?)]) {
    records.withLock { records in
      var from: [(String, End?)] = []
      var into: [(String, End?)] = []
      for record in records {
        if record.targetNode === node { from.append((record.source, record.end)) }
        if record.sourceNode === node { into.append((record.target, record.end)) }
      }
      return (from, into)
    }
  }
}
