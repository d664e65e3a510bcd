/// The bindings (one-way, `<~`, and two-way, `<~>`) made in a debug build of Signals, for ``PropertyGraphDump``
/// (which lists each property's bindings, and why an ended one ended) and for the warning about a one-way
/// binding made into a target whose lifetime had already ended. A release build keeps none: `<~` and `<~>` then
/// only bind.
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
    /// Why it ended; guarded by the registry's lock.
    var end: End?
    /// Whether the target is a property (its lifetime ends when it is released, which is no mistake).
    let targetIsProperty: Bool
    init(
      source: (name: String, node: GraphNode?), target: (name: String, node: GraphNode?), site: CreationSite?,
      isTwoWay: Bool, sourceStreamSite: CreationSite? = nil
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
    }

    /// Records that the binding ended, for `reason`, once.
    func ended(_ reason: End) {
      BindingRegistry.records.withLock { _ in
        if end == nil { end = reason }
      }
    }

    /// Records that the binding was made into a target whose lifetime had already ended, and warns: the one
    /// sure binding mistake (it can deliver nothing, ever). A lifetime that ends *after* the binding was made,
    /// however soon, is no mistake (a program exiting, a function's scope ending) and is not warned about.
    func endedBeforeItWasMade() {
      ended(.targetLifetimeEnded)
      guard !targetIsProperty, !isTwoWay else { return }
      let madeAt = sourceSite.map { " (made at \($0))" } ?? ""
      let message =
        "Signals: warning: the binding \(target) <~ \(source)\(madeAt) can never deliver a value: its target's "
        + "lifetime had already ended when it was made. Was the target's Lifetime.Token (or the object that "
        + "owns it) released at once, as `let (lifetime, _) = Lifetime.make()` does?"
      // Every listener is told; written to standard error unless one expected it.
      if BindingRegistry.listeners.withLock({ $0 }).filter({ $0(message) }).isEmpty {
        StandardError.writeLine(message)
      }
    }
  }

  static let records = Locked<[Record]>([])

  /// The listeners specs add: each is told every warning, and returns whether its spec expected that one (matched
  /// by a marker unique to the spec, as `BindingExplanationTests` does). So every `Signals: warning:` line in the
  /// log of `swift test` is one that no spec expected, and CI fails on it (`.ci/run`).
  static let listeners = Locked<[@Sendable (String) -> Bool]>([])

  #if DEBUG
  /// Whether bindings are recorded: in a debug build of Signals.
  static let isOn = true
  #else
  static let isOn = false
  #endif

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
      isTwoWay: isTwoWay,
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

}

/// A property of Signals, as the dump and the names reach its node.
protocol GraphNodeProviding {
  var graphNode: GraphNode { get }
}
