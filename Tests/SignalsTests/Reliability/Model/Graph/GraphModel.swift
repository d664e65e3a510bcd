// The reference model of the property graph: every node recomputed from the sources, the plain way.

/// What running a case shows; the library's run and the model's must be equal.
struct GraphTrace: Equatable {
  /// Each node's `value` right after it was created (sources: their initial value).
  var initial: [Int] = []
  /// For each step, what each node's `signal` observers received: `emissions[step][node]`.
  var emissions: [[[Int]]] = []
  /// For each step, the distinct states of the graph (every existing node's `value`, by number) read by
  /// observers while the step was delivered. One consistent state means exactly one entry.
  var statesRead: [[[Int]]] = []
  /// For each step, the values the transaction's reads returned, in order.
  var reads: [[Int]] = []
  /// For each step, the values the label bound to ``GraphCase/bound`` received.
  var labelValues: [[Int]] = []
  /// What an observer of the bound node's `producer` received, from its start.
  var boundProducer: [Int] = []
  /// Every node's `value` after the last step.
  var final: [Int] = []
  /// Nodes whose property was still alive after the run released everything (leaks).
  var leaked: [Int] = []
}

/// Computes the trace a correct library produces, from the sources' values alone.
struct GraphModel {
  /// Deliberately wrong rules, to show that the checker catches them.
  enum Mutation {
    /// `skipRepeats` emits whenever its input changed, equal or not.
    case skipRepeatsNeverSkips
  }

  var mutation: Mutation?

  /// Every node's value when the sources hold `sources`.
  func values(_ graph: GraphCase, sources: [Int]) -> [Int] {
    var values = sources
    for node in graph.nodes {
      switch node.kind {
      case .map(let input, let function): values.append(function(values[input]))
      case .combine(let inputs, _): values.append(weightedSum(inputs.map { values[$0] }))
      case .skipRepeats(let input): values.append(values[input])
      case .flatMapLatest(let outer, let inners):
        values.append(values[inners[innerIndex(for: values[outer], among: inners.count)]])
      }
    }
    return values
  }

  /// Which nodes change, given the sources that were set and the values before and after.
  func changed(_ graph: GraphCase, sourcesSet: Set<Int>, before: [Int], after: [Int]) -> [Bool] {
    var changed = (0..<graph.sourceCount).map { sourcesSet.contains($0) }
    for (offset, node) in graph.nodes.enumerated() {
      let index = graph.sourceCount + offset
      switch node.kind {
      case .map(let input, _):
        changed.append(changed[input])
      case .combine(let inputs, _):
        changed.append(inputs.contains { changed[$0] })
      case .skipRepeats(let input):
        let skips = mutation != .skipRepeatsNeverSkips && before[index] == after[input]
        changed.append(changed[input] && !skips)
      case .flatMapLatest(let outer, let inners):
        let inner = inners[innerIndex(for: after[outer], among: inners.count)]
        changed.append(changed[outer] || changed[inner])
      }
    }
    return changed
  }

  func trace(of graph: GraphCase) -> GraphTrace {
    var trace = GraphTrace()
    var sources = graph.initial
    var current = values(graph, sources: sources)
    trace.initial = Array(current[0..<graph.sourceCount])
    func create(before step: Int) {
      for (offset, node) in graph.nodes.enumerated() where node.createdAt == step {
        trace.initial.append(current[graph.sourceCount + offset])
        if graph.bound == graph.sourceCount + offset { trace.boundProducer.append(current[graph.bound!]) }
      }
    }
    if let bound = graph.bound, bound < graph.sourceCount { trace.boundProducer.append(current[bound]) }
    for (step, action) in graph.steps.enumerated() {
      create(before: step)
      let existing = graph.existing(atStep: step)
      var reads: [Int] = []
      var sourcesSet: Set<Int> = []
      switch action {
      case .set(let source, let value):
        sources[source] = value
        sourcesSet = [source]
      case .transaction(let ops, let throwing):
        var tentative = sources
        var written: Set<Int> = []
        apply(ops, graph, Set(existing), &tentative, &written, &reads)
        if !throwing {
          sources = tentative
          sourcesSet = written
        }
      }
      let after = values(graph, sources: sources)
      let changed = self.changed(graph, sourcesSet: sourcesSet, before: current, after: after)
      var emissions = Array(repeating: [Int](), count: graph.nodeCount)
      for node in existing where changed[node] { emissions[node] = [after[node]] }
      trace.emissions.append(emissions)
      trace.statesRead.append(emissions.allSatisfy(\.isEmpty) ? [] : [existing.map { after[$0] }])
      trace.reads.append(reads)
      let label = graph.bound.map { emissions[$0] } ?? []
      trace.labelValues.append(label)
      trace.boundProducer += label
      current = after
    }
    create(before: graph.steps.count)
    trace.final = current
    return trace
  }

  /// The operations of a transaction, on its tentative values: a nested one that throws is rolled back. A
  /// read of a node not created yet is skipped.
  func apply(
    _ ops: [TransactionOp], _ graph: GraphCase, _ existing: Set<Int>, _ tentative: inout [Int],
    _ written: inout Set<Int>, _ reads: inout [Int]
  ) {
    for op in ops {
      switch op {
      case .set(let source, let value):
        tentative[source] = value
        written.insert(source)
      case .read(let node):
        guard existing.contains(node) else { continue }
        reads.append(values(graph, sources: tentative)[node])
      case .nested(let inner, let throwing):
        let savepoint = (tentative, written)
        apply(inner, graph, existing, &tentative, &written, &reads)
        if throwing { (tentative, written) = savepoint }
      }
    }
  }
}
