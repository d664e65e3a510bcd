/// A picture of part of the property graph, for a person: what each property is computed from, its operator,
/// its current value and how many observers it has — as an indented text tree, or as Graphviz DOT.
///
/// Make one from properties, or from a view model, whose properties and commands' `isEnabled` and `isExecuting`
/// are found by reflection and named by their labels (`title`, `submit.isEnabled`, `name.text`). Reading the
/// graph changes nothing, and is safe while other threads set properties.
/// ```swift
/// print(PropertyGraphDump(of: viewModel))          // the text tree
/// print(PropertyGraphDump(of: viewModel).dot)      // paste into `dot -Tsvg`
/// ```
public struct PropertyGraphDump: CustomStringConvertible, Sendable {
  /// One property of the dump.
  public struct Node: Sendable, Equatable {
    /// The label it was found under (`title`, `submit.isEnabled`), or the name given with
    /// ``Property/named(_:)``; `nil` for a property in between that has neither.
    public var name: String?
    /// The operator that computes it (`map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`), or what it
    /// is (`MutableProperty`, `Property`: a constant or a property fed by a stream).
    public var kind: String
    /// Its type: `MutableProperty<String>`, `Property<Int>`.
    public var type: String
    /// Its current value, shown as ``LogEvent/describe(_:)`` shows one.
    public var value: String
    /// How many observers its `signal` and `producer` have (bindings from it included).
    public var observers: Int
    /// The positions in ``nodes`` of the properties it is computed from, in order.
    public var inputs: [Int]
    /// Whether it has ended (its sources ended).
    public var hasEnded: Bool
    /// The bindings into and from it (one-way, `<~`, and two-way, `<~>`), live and ended; recorded in debug
    /// builds of Signals only.
    public var bindings: [Binding] = []
    /// The line of your code that made it; debug builds only (`nil` in a release build, or when made inside
    /// the library).
    public var site: CreationSite?
  }

  /// A binding into or from a property of the dump: one-way (`<~`) or two-way (`<~>`).
  public struct Binding: Sendable, Equatable {
    /// Whether the property is the binding's target (`from` the other side) or its source (`into` it); a
    /// two-way binding is ``with`` the other side.
    public enum Direction: String, Sendable, Equatable {
      /// The property is the target: `property <~ other`.
      case from
      /// The property is the source: `other <~ property`.
      case into
      /// A two-way binding: `property <~> other` or `other <~> property`.
      case with
    }

    /// Which side of the binding the property is.
    public var direction: Direction
    /// The other side: a property's name (or operator and type), a signal's name (or operator and type:
    /// `(map) Signal<String, Never>`), or the target's type (`Label`).
    public var other: String
    /// Why the binding ended (`its target's lifetime ended`, `its source completed`, `one side completed`, …);
    /// `nil` while it is live.
    public var endReason: String?
    /// Where the other side was made, when it is a property or a stream made in your code (debug builds only).
    public var otherSite: CreationSite?
    /// Where a method that records its caller's line made the binding (SignalsMVVM's `KeyValueBinder.bind`);
    /// `nil` for the operators `<~` and `<~>`.
    public var site: CreationSite?
    /// For a binding from a property computed from this one outside the dump (a view's `emailError.map { … }`
    /// bound into a label): that property, `(map) Property<String> at SignUpView.swift:12`; else `nil`.
    public var through: String?

    /// `bound into Label`, `bound from typed [Form.swift:12] (ended: its source completed)`,
    /// `bound with field [Form.swift:14]`, `bound into \Label.text through (map) Property<String> at
    /// SignUpView.swift:12`.
    public var description: String {
      var text = "bound \(direction.rawValue) \(other)"
      if let otherSite { text += " [\(otherSite)]" }
      if let through { text += " through \(through)" }
      if let site { text += " by the binding at \(site)" }
      if let endReason { text += " (ended: \(endReason))" }
      return text
    }
  }

  /// Every property reached, the ones asked for first, then what they are computed from.
  public let nodes: [Node]
  /// The positions in ``nodes`` of the properties asked for.
  public let roots: [Int]

  /// A dump of `properties`, each under its label, and of everything they are computed from.
  public init(_ properties: KeyValuePairs<String, any PropertyProtocol>) {
    var builder = Builder()
    for (label, property) in properties { builder.addRoot(property, label: label) }
    (nodes, roots) = builder.finish()
  }

  /// A dump of the properties (and commands' `isEnabled` and `isExecuting`) stored in `object`, and in what it
  /// holds one level deep, found by reflection, and of everything they are computed from.
  public init(of object: Any) {
    var builder = Builder()
    builder.addChildren(of: object)
    (nodes, roots) = builder.finish()
  }

  /// The text tree: each property asked for, then what it is computed from, indented; a property already
  /// shown is shown again by name only.
  public var description: String {
    var lines: [String] = []
    var shown = Set<Int>()
    func write(_ index: Int, prefix: String, childPrefix: String) {
      let node = nodes[index]
      let title = node.name ?? "(\(node.kind))"
      if shown.contains(index), !node.inputs.isEmpty {
        lines.append("\(prefix)\(title) (above)")
        return
      }
      shown.insert(index)
      var line = "\(prefix)\(title): \(node.type) = \(node.value)"
      if node.name != nil, node.kind != "MutableProperty" { line += "  [\(node.kind)]" }
      if let site = node.site { line += (line.hasSuffix("]") ? " " : "  ") + site.description }
      if node.observers > 0 { line += "  \(node.observers) observer\(node.observers == 1 ? "" : "s")" }
      if node.hasEnded { line += "  ended" }
      for binding in node.bindings { line += "  " + binding.description }
      lines.append(line)
      for (position, input) in node.inputs.enumerated() {
        let isLast = position == node.inputs.count - 1
        write(
          input, prefix: childPrefix + (isLast ? "└─ " : "├─ "), childPrefix: childPrefix + (isLast ? "   " : "│  "))
      }
    }
    for root in roots { write(root, prefix: "", childPrefix: "") }
    return lines.joined(separator: "\n")
  }

  /// The same graph as Graphviz DOT: a box per property (name, operator, type, value, observers, where it was
  /// made), an arrow from each input to what is computed from it.
  public var dot: String {
    var lines = ["digraph properties {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    for (index, node) in nodes.enumerated() {
      var label = [node.name ?? "(unnamed)", "\(node.kind): \(node.type)", node.value]
      if node.observers > 0 { label.append("\(node.observers) observer\(node.observers == 1 ? "" : "s")") }
      if let site = node.site { label.append("at \(site)") }
      let escaped = label.map { $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") }
      let style = roots.contains(index) ? ", style=bold" : ""
      lines.append("  n\(index) [label=\"\(escaped.joined(separator: "\\n"))\"\(style)];")
    }
    for (index, node) in nodes.enumerated() {
      for input in node.inputs { lines.append("  n\(input) -> n\(index);") }
    }
    // Bindings: dashed, to an oval for the other side; grey once ended, labelled with why.
    var bindingIndex = 0
    for (index, node) in nodes.enumerated() {
      for binding in node.bindings {
        let other = "b\(bindingIndex)"
        bindingIndex += 1
        let name = ([binding.other] + (binding.otherSite.map { ["\($0)"] } ?? []))
          .map { $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") }.joined(separator: "\\n")
        lines.append("  \(other) [label=\"\(name)\", shape=ellipse, style=dashed];")
        let arrow = binding.direction == .with ? "<~>" : "<~"
        let at = binding.site.map { " at \($0)" } ?? ""
        var attributes = "style=dashed, label=\"\(arrow)\(at)\""
        if let reason = binding.endReason { attributes = "style=dashed, color=gray, label=\"ended: \(reason)\"" }
        if binding.direction == .with { attributes += ", dir=both" }
        switch binding.direction {
        case .into, .with: lines.append("  n\(index) -> \(other) [\(attributes)];")
        case .from: lines.append("  \(other) -> n\(index) [\(attributes)];")
        }
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}

extension PropertyGraphDump {
  /// Collects the nodes, once each, by walking inputs from the roots.
  struct Builder {
    var nodes: [Node] = []
    var roots: [Int] = []
    var indices: [ObjectIdentifier: Int] = [:]
    /// The graph nodes, kept alive while the dump is made.
    var kept: [GraphNode] = []
    var labels: [ObjectIdentifier: String] = [:]

    mutating func addRoot(_ property: any PropertyProtocol, label: String?) {
      guard let node = Self.core(of: property) else { return }
      if let label, labels[ObjectIdentifier(node)] == nil { labels[ObjectIdentifier(node)] = label }
      let index = add(node)
      if nodes[index].name == nil { nodes[index].name = label }
      if !roots.contains(index) { roots.append(index) }
    }

    mutating func addChildren(of object: Any) {
      forEachStoredValue(of: object) { name, value in
        if let property = value as? any PropertyProtocol {
          addRoot(property, label: name)
        } else if let command = value as? any CommandStateReporting {
          addRoot(command.isEnabled, label: "\(name).isEnabled")
          addRoot(command.isExecuting, label: "\(name).isExecuting")
        } else {
          return false
        }
        return true
      }
    }

    /// The node of `property`, for the property types of Signals.
    static func core(of property: any PropertyProtocol) -> GraphNode? {
      (property as? any GraphNodeProviding)?.graphNode
    }

    mutating func add(_ node: GraphNode) -> Int {
      let id = ObjectIdentifier(node)
      if let index = indices[id] { return index }
      let index = nodes.count
      indices[id] = index
      kept.append(node)
      let inputs = node.domain == nil ? [] : node.withRoot { _ in node.inputs.nodes }
      nodes.append(node.dumpNode(name: labels[id] ?? DebugInfo.name(of: node)))
      nodes[index].inputs = inputs.map { add($0) }
      return index
    }

    /// The nodes and the roots, each node with the bindings from the properties computed from it outside the
    /// dump (made by a view, say), listed after its own.
    mutating func finish() -> ([Node], [Int]) {
      guard BindingRegistry.isOn else { return (nodes, roots) }
      var seen = Set(indices.keys)
      for (index, node) in kept.enumerated() {
        for outside in Self.computedOutside(from: node, skipping: &seen) {
          let through = ChangeTracing.displayName(of: outside)
          for var binding in BindingRegistry.bindings(of: outside) where binding.direction != .from {
            binding.through = through
            nodes[index].bindings.append(binding)
          }
        }
      }
      return (nodes, roots)
    }

    /// The properties computed from `node`, directly or not, that are not in `seen` (the dump's own, and
    /// those found already), in the order found; adds them to `seen`. Read under the domain's lock.
    static func computedOutside(from node: GraphNode, skipping seen: inout Set<ObjectIdentifier>) -> [GraphNode] {
      guard node.domain != nil else { return [] }
      return node.withRoot { _ in
        var found: [GraphNode] = []
        var stack = node.dependents.nodes.reversed() as [GraphNode]
        while let current = stack.popLast() {
          guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
          found.append(current)
          stack.append(contentsOf: current.dependents.nodes.reversed())
        }
        return found
      }
    }
  }
}

extension Property: GraphNodeProviding {
  var graphNode: GraphNode { node }
}

extension MutableProperty: GraphNodeProviding {
  var graphNode: GraphNode { storage.core.node }
}

/// A command, as the dump sees it: its two state properties.
protocol CommandStateReporting {
  var isEnabled: Property<Bool> { get }
  var isExecuting: Property<Bool> { get }
}

extension Command: CommandStateReporting {}

extension GraphNode {
  /// What the dump shows of this node, without its inputs.
  @usableFromInline
  func dumpNode(name: String?) -> PropertyGraphDump.Node {
    let (value, observers, ended) = dumpState()
    return PropertyGraphDump.Node(
      name: name, kind: operatorName, type: typeDescription, value: value, observers: observers, inputs: [],
      hasEnded: ended, bindings: BindingRegistry.bindings(of: self), site: DebugInfo.site(of: self))
  }

  /// The operator that computes the node, from its class: `MapNode<…>` is `map`.
  var operatorName: String {
    let type = String(describing: Swift.type(of: self))
    let base = type.prefix { $0 != "<" }
    switch base {
    case "MapNode": return "map"
    case "SkipRepeatsNode": return "skipRepeats"
    case "CombineNode", "CombinePairNode", "CombineTripleNode", "CombineListNode": return "combineLatest"
    case "FlatMapNode": return "flatMap(.latest)"
    case "ShownFlagNode": return "command state"
    case "SourceNode": return typeDescription.hasPrefix("Mutable") ? "MutableProperty" : "Property"
    default: return String(base)
    }
  }
}

extension BindingRegistry {
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
