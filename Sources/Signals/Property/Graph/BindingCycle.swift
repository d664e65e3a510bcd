import Synchronization

/// A cycle of one-way bindings that the property graph stopped.
///
/// A change travels through bindings (`b <~ a.producer.map { … }`, `a <~ b`) from property to property. When a
/// binding would set a property that this same change already changed — the change came back around a cycle —
/// the set is not made: the property keeps the value it has, every property holds a defined value, and the
/// cycle is reported here. A property bound to itself (`p <~ p.producer`) is the smallest cycle.
///
/// Only the sets of bindings are stopped. A set written in an observer (`p.signal.observeValues { p.value = … }`)
/// is your code's decision and is delivered after the change in progress, as always (`Docs/Contracts.md` §4).
///
/// ```swift
/// BindingCycle.handler = { cycle in logger.error("\(cycle)") }
/// ```
public struct BindingCycle: Sendable, CustomStringConvertible {
  /// The properties the change went through, in order, ending with the one it came back to, each as its name
  /// (given with `named(_:)`) and type, or its type alone, then, in a debug build, where the property was made:
  /// `["a: MutableProperty<Int> at Form.swift:3", "b: MutableProperty<Int> at Form.swift:4",
  /// "a: MutableProperty<Int> at Form.swift:3"]` for `a → b → a`. The sites are those of the properties:
  /// `<~` is an operator and cannot take its caller's line, so a binding's own line is not known.
  public let path: [String]

  /// Creates a report of a change that went through properties of the types in `path`.
  public init(path: [String]) {
    self.path = path
  }

  /// The report, in one line.
  public var description: String {
    let route = path.joined(separator: " → ")
    return path.count < 2
      ? "Signals: a binding cycle was stopped: a binding set \(route) while its own change was being delivered."
      : "Signals: a binding cycle was stopped: \(route). The last set was not made. If these properties "
        + "should follow each other, bind them two-way (a <~> b); otherwise remove one of the bindings."
  }

  /// What is called with each cycle stopped, on the thread where it happened, outside every lock. By default
  /// it prints ``description``. Set it to log elsewhere, or to record cycles in a test.
  public static var handler: @Sendable (BindingCycle) -> Void {
    get { currentHandler.withLock { $0 } }
    set { currentHandler.withLock { $0 = newValue } }
  }

  /// The handler ``handler`` starts with: it prints the report.
  public static let printWarning: @Sendable (BindingCycle) -> Void = { cycle in print(cycle) }

  static let currentHandler = Locked<@Sendable (BindingCycle) -> Void>(printWarning)

  /// Reports that a binding's set of `target`, caused by the changes in `path`, was stopped.
  @usableFromInline
  static func report(_ path: [any PropertyCoreProtocol], _ target: any PropertyCoreProtocol) {
    handler(BindingCycle(path: (cycle(in: path, to: target) + [target]).map(describe)))
  }

  /// The part of `path`, the chain of changes that led to a binding's set of `target`, that the change went
  /// round: from `target`'s own change on, without the properties before it (a set of another property bound
  /// into the cycle) and, in a debug build, without those that did not lead to the next one (the other sources
  /// of a transaction that set `target` with them).
  static func cycle(
    in path: [any PropertyCoreProtocol], to target: any PropertyCoreProtocol
  ) -> [any PropertyCoreProtocol] {
    guard let start = path.firstIndex(where: { $0 === target }) else { return path }
    let round = Array(path[start...])
    // From the end back: each property kept is the nearest one before it whose change reaches a binding into
    // it. Where the bindings do not tell (a release build records none), every property stays.
    var kept: [any PropertyCoreProtocol] = []
    var next: any PropertyCoreProtocol = target
    var index = round.count - 1
    while index > 0 {
      guard let feeder = (0...index).reversed().first(where: { feeds(round[$0], next) }) else { return round }
      if feeder == 0 { break }
      kept.append(round[feeder])
      next = round[feeder]
      index = feeder - 1
    }
    return [round[0]] + kept.reversed()
  }

  /// Whether a change of `vertex` reaches a binding into `next`, as the bindings a debug build records tell:
  /// `true` when they cannot tell (no record, or a binding from a stream).
  private static func feeds(_ vertex: any PropertyCoreProtocol, _ next: any PropertyCoreProtocol) -> Bool {
    guard let from = vertex.graphNode, let into = next.graphNode else { return true }
    let sources = BindingRegistry.records.withLock { records -> [GraphNode?]? in
      let bindings = records.filter {
        $0.end == nil && ($0.targetNode === into || ($0.isTwoWay && $0.sourceNode === into))
      }
      guard !bindings.isEmpty else { return nil }
      return bindings.map { $0.targetNode === into ? $0.sourceNode : $0.targetNode }
    }
    guard let sources else { return true }
    return sources.contains { source in
      guard let source else { return true }
      return reaches(from, source)
    }
  }

  /// Whether `node` is `from` or computed from it.
  private static func reaches(_ from: GraphNode, _ node: GraphNode) -> Bool {
    var (stack, seen) = ([from], Set<ObjectIdentifier>())
    while let current = stack.popLast() {
      if current === node { return true }
      guard seen.insert(ObjectIdentifier(current)).inserted, current.domain != nil else { continue }
      stack += current.withRoot { _ in current.dependents.nodes }
    }
    return false
  }

  /// A property of a cycle: its name and type, or its type; then where it was made, if known.
  static func describe(_ vertex: any PropertyCoreProtocol) -> String {
    guard let node = vertex.graphNode else { return vertex.typeDescription }
    let (name, site) = DebugInfo.info(of: node)
    return (name.map { "\($0): " } ?? "") + vertex.typeDescription + (site.map { " at \($0)" } ?? "")
  }
}

/// Who made a set, which decides what happens when it comes back around a cycle.
@usableFromInline
enum SetOrigin {
  /// Your code (`value =`, `modify`): never stopped; a set from inside an observer is queued (Contracts §4).
  case user
  /// A one-way binding (`<~`): stopped at a cycle and reported to ``BindingCycle/handler``.
  case binding
  /// A two-way binding (`<~>`, a property's channel terminal): a set that comes back is its own echo, dropped
  /// without a report.
  case channel

  /// Whether a set of `target` (a source's core; `node` its node) of this origin, made while `wave` delivers
  /// on this thread, if any, came back around a cycle and is stopped: a one-way binding's if the wave's
  /// changes went through `target`, a two-way binding's only as an echo (through `target` before the wave's
  /// own sources). See PropertyGraph.md, "Binding cycles".
  @usableFromInline
  func stops(at target: AnyObject, node: GraphNode, deliveringHere: Bool, wave: Propagation?) -> Bool {
    guard let wave, self != .user else { return deliveringHere && self == .binding }
    return self == .binding
      ? deliveringHere || wave.isCaused(by: target)
      : wave.origin == .channel && wave.lineage.contains { $0 === target } && !wave.sources.contains { $0 === node }
  }
}

extension Propagation {
  /// The sources whose changes the wave propagates.
  @usableFromInline
  var sources: [GraphNode] { (0..<sourceCount).map { changed[$0].takeUnretainedValue() } }

  /// Whether a change of the property whose core is `core` led to the wave.
  @usableFromInline
  func isCaused(by core: AnyObject) -> Bool {
    lineage.contains { $0 === core } || (0..<sourceCount).contains { changed[$0].takeUnretainedValue().core === core }
  }

  /// The changes that led to the wave, in order: its ``lineage``, then its own sources, each once. A set made
  /// from inside its delivery is caused by them.
  @usableFromInline
  var path: [any PropertyCoreProtocol] {
    sources.reduce(into: lineage) { path, node in
      if let core = node.core as? any PropertyCoreProtocol, !path.contains(where: { $0 === core }) { path.append(core) }
    }
  }
}
