// Runs a graph case on the library and in the model, compares, and shrinks a disagreement.

/// A case on which the library and the model disagree.
struct GraphMismatch {
  var graphCase: GraphCase
  var expected: GraphTrace
  var actual: GraphTrace

  /// The case as code, and where the traces first differ.
  var report: String {
    "\(graphCase)\n\(firstDifference)"
  }

  var firstDifference: String {
    func name(_ node: Int) -> String { "n\(node)" }
    if expected.initial != actual.initial {
      return "values right after creation: expected \(expected.initial), got \(actual.initial)"
    }
    for step in expected.emissions.indices {
      for node in expected.emissions[step].indices where expected.emissions[step][node] != actual.emissions[step][node]
      {
        return
          "step \(step): \(name(node)) emitted \(actual.emissions[step][node]), expected \(expected.emissions[step][node])"
      }
      if expected.statesRead[step] != actual.statesRead[step] {
        let nodes = graphCase.existing(atStep: step).map(name).joined(separator: ", ")
        return "step \(step): observers read the states \(actual.statesRead[step]) of (\(nodes)), expected "
          + "\(expected.statesRead[step])"
      }
      if expected.reads[step] != actual.reads[step] {
        return
          "step \(step): reads inside the transaction returned \(actual.reads[step]), expected \(expected.reads[step])"
      }
      if expected.labelValues[step] != actual.labelValues[step] {
        return "step \(step): the label bound to \(name(graphCase.bound ?? -1)) received \(actual.labelValues[step]), "
          + "expected \(expected.labelValues[step])"
      }
    }
    if expected.boundProducer != actual.boundProducer {
      return
        "the producer of \(name(graphCase.bound ?? -1)) sent \(actual.boundProducer), expected \(expected.boundProducer)"
    }
    if expected.final != actual.final { return "final values: expected \(expected.final), got \(actual.final)" }
    return "still alive after the run released everything: \(actual.leaked.map(name))"
  }
}

struct GraphChecker {
  var model = GraphModel()
  var variant = GraphRunner.Variant.library

  /// The mismatch of `graphCase`, if the library and the model disagree on it.
  func check(_ graphCase: GraphCase) -> GraphMismatch? {
    let expected = model.trace(of: graphCase)
    let actual = GraphRunner.run(graphCase, variant: variant)
    guard expected != actual else { return nil }
    return GraphMismatch(graphCase: graphCase, expected: expected, actual: actual)
  }

  /// Greedily applies the first simplification that still disagrees, until none does (or `budget` checks
  /// were spent).
  func shrink(_ mismatch: GraphMismatch, budget: Int = 5_000) -> (mismatch: GraphMismatch, steps: Int) {
    let (shrunk, steps) = shrinkGreedily(
      mismatch, case: \.graphCase, candidates: GraphShrinker.candidates, check: check, budget: budget)
    return (shrunk, steps)
  }
}

/// The simplifications of a graph case, biggest first. Every candidate is a well-formed case: a node reads
/// only nodes numbered below it, and nodes are created in order.
enum GraphShrinker {
  static func candidates(_ graph: GraphCase) -> [GraphCase] {
    var result: [GraphCase] = []
    // Drop a step.
    for index in graph.steps.indices { result.append(removingStep(index, of: graph)) }
    // Drop a node nothing reads (a derived node, or a source while another remains).
    for node in 0..<graph.nodeCount where !graph.nodes.contains(where: { $0.kind.inputs.contains(node) }) {
      guard node >= graph.sourceCount || graph.sourceCount > 1 else { continue }
      result.append(removingNode(node, of: graph))
    }
    // Unbind.
    if graph.bound != nil {
      var smaller = graph
      smaller.bound = nil
      result.append(smaller)
    }
    // Simpler transactions.
    for index in graph.steps.indices {
      guard case .transaction(let ops, let throwing) = graph.steps[index] else { continue }
      for op in ops {
        if case .set(let source, let value) = op {
          result.append(replacingStep(index, of: graph, with: .set(source, value)))
        }
      }
      if throwing { result.append(replacingStep(index, of: graph, with: .transaction(ops, throws: false))) }
      for simpler in simplifications(of: ops) {
        result.append(replacingStep(index, of: graph, with: .transaction(simpler, throws: throwing)))
      }
    }
    // Read an input's input instead (shorter chains), fewer inputs, simpler kinds.
    for (offset, node) in graph.nodes.enumerated() {
      for kind in simplifications(of: node.kind, in: graph) {
        var smaller = graph
        smaller.nodes[offset].kind = kind
        result.append(smaller)
      }
    }
    // Create earlier (as early as the node before it).
    for offset in graph.nodes.indices {
      let earliest = offset == 0 ? 0 : graph.nodes[offset - 1].createdAt
      guard graph.nodes[offset].createdAt > earliest else { continue }
      var smaller = graph
      smaller.nodes[offset].createdAt = earliest
      result.append(smaller)
    }
    // Smaller values.
    for index in graph.initial.indices where graph.initial[index] != 0 {
      var smaller = graph
      smaller.initial[index] = 0
      result.append(smaller)
    }
    for index in graph.steps.indices {
      if case .set(let source, let value) = graph.steps[index], value != 0 {
        result.append(replacingStep(index, of: graph, with: .set(source, 0)))
      }
    }
    return result
  }

  static func replacingStep(_ index: Int, of graph: GraphCase, with step: GraphStep) -> GraphCase {
    var smaller = graph
    smaller.steps[index] = step
    return smaller
  }

  static func removingStep(_ index: Int, of graph: GraphCase) -> GraphCase {
    var smaller = graph
    smaller.steps.remove(at: index)
    for offset in smaller.nodes.indices where smaller.nodes[offset].createdAt > index {
      smaller.nodes[offset].createdAt -= 1
    }
    return smaller
  }

  /// The case without `node`, which nothing reads; the nodes above it are renumbered.
  static func removingNode(_ node: Int, of graph: GraphCase) -> GraphCase {
    let renumber = { (old: Int) in old < node ? old : old - 1 }
    var smaller = graph
    if node < graph.sourceCount {
      smaller.initial.remove(at: node)
    } else {
      smaller.nodes.remove(at: node - graph.sourceCount)
    }
    smaller.nodes = smaller.nodes.map { GraphNode(kind: $0.kind.renumbered(renumber), createdAt: $0.createdAt) }
    smaller.bound = graph.bound == node ? nil : graph.bound.map(renumber)
    smaller.steps = graph.steps.compactMap { step in
      switch step {
      case .set(let source, let value):
        return source == node ? nil : .set(renumber(source), value)
      case .transaction(let ops, let throwing):
        return .transaction(without(node, in: ops, renumber: renumber), throws: throwing)
      }
    }
    return smaller
  }

  static func without(_ node: Int, in ops: [TransactionOp], renumber: (Int) -> Int) -> [TransactionOp] {
    ops.compactMap { op in
      switch op {
      case .set(let source, let value): source == node ? nil : .set(renumber(source), value)
      case .read(let read): read == node ? nil : .read(renumber(read))
      case .nested(let inner, let throwing): .nested(without(node, in: inner, renumber: renumber), throws: throwing)
      }
    }
  }

  /// `ops` with one operation dropped, one nested transaction inlined or made not to throw, at any depth.
  static func simplifications(of ops: [TransactionOp]) -> [[TransactionOp]] {
    var result: [[TransactionOp]] = []
    for index in ops.indices {
      var dropped = ops
      dropped.remove(at: index)
      result.append(dropped)
      guard case .nested(let inner, let throwing) = ops[index] else { continue }
      var inlined = ops
      inlined.replaceSubrange(index...index, with: inner)
      result.append(inlined)
      if throwing {
        var quiet = ops
        quiet[index] = .nested(inner, throws: false)
        result.append(quiet)
      }
      for simpler in simplifications(of: inner) {
        var changed = ops
        changed[index] = .nested(simpler, throws: throwing)
        result.append(changed)
      }
    }
    return result
  }

  /// Simpler kinds for a node: an input's input read instead of the input, fewer inputs, plainer operators.
  static func simplifications(of kind: GraphNodeKind, in graph: GraphCase) -> [GraphNodeKind] {
    var result: [GraphNodeKind] = []
    let inputs = kind.inputs
    for (position, input) in inputs.enumerated() where input >= graph.sourceCount {
      for deeper in graph.derived(input).kind.inputs {
        var renumbered = inputs
        renumbered[position] = deeper
        result.append(rebuilt(kind, inputs: renumbered))
      }
    }
    switch kind {
    case .map(let input, let function):
      if function != .increment { result.append(.map(input, .increment)) }
    case .combine(let inputs, let list):
      if list { result.append(.combine(inputs, list: false)) }
      if inputs.count > 2 {
        for index in inputs.indices {
          var fewer = inputs
          fewer.remove(at: index)
          result.append(.combine(fewer, list: list))
        }
      }
    case .skipRepeats:
      break
    case .flatMapLatest(let outer, let inners):
      for index in inners.indices where inners.count > 1 {
        var fewer = inners
        fewer.remove(at: index)
        result.append(.flatMapLatest(outer: outer, inners: fewer))
      }
    }
    return result
  }

  /// `kind` reading `inputs` (in the order of ``GraphNodeKind/inputs``).
  static func rebuilt(_ kind: GraphNodeKind, inputs: [Int]) -> GraphNodeKind {
    switch kind {
    case .map(_, let function): .map(inputs[0], function)
    case .combine(_, let list): .combine(inputs, list: list)
    case .skipRepeats: .skipRepeats(inputs[0])
    case .flatMapLatest: .flatMapLatest(outer: inputs[0], inners: Array(inputs.dropFirst()))
    }
  }
}
