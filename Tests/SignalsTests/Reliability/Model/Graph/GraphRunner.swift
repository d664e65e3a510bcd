@testable import Signals

/// What a nested transaction of a case throws.
struct GraphAbort: Error {}

/// Runs a graph case on the library and records its trace.
enum GraphRunner {
  /// How to build the graph.
  enum Variant {
    /// With the library's property operators.
    case library
    /// A deliberately wrong library: `combine` nodes built from the stream layer
    /// (`Property(unsafeProducer: SignalProducer.combineLatest(…))`), which glitches. The checker must catch it.
    case streamCombine
  }

  static func run(_ graph: GraphCase, variant: Variant = .library) -> GraphTrace {
    let run = GraphRun(graph, variant: variant)
    run.perform()
    return run.finish()
  }
}

/// One run of a case; observers reach it weakly, so that it never keeps the graph alive.
final class GraphRun {
  let graph: GraphCase
  let variant: GraphRunner.Variant
  var sources: [MutableProperty<Int>]
  var nodes: [Property<Int>]
  var label: MutableProperty<Int>?
  /// Every observation the run made: disposed at the end, as a view that goes away disposes its own.
  var disposables: [any Disposable] = []
  /// The nodes created so far, by number.
  var existing: [Int]
  var step = 0
  var trace = GraphTrace()

  init(_ graph: GraphCase, variant: GraphRunner.Variant) {
    self.graph = graph
    self.variant = variant
    sources = graph.initial.map { MutableProperty($0) }
    nodes = sources.map { Property($0) }
    existing = Array(0..<graph.sourceCount)
    trace.initial = graph.initial
    trace.emissions = Array(repeating: Array(repeating: [], count: graph.nodeCount), count: graph.steps.count)
    trace.statesRead = Array(repeating: [], count: graph.steps.count)
    trace.reads = Array(repeating: [], count: graph.steps.count)
    trace.labelValues = Array(repeating: [], count: graph.steps.count)
    for index in 0..<graph.sourceCount { observe(index) }
  }

  func perform() {
    for (index, action) in graph.steps.enumerated() {
      step = index
      create(before: index)
      switch action {
      case .set(let source, let value):
        sources[source].value = value
      case .transaction(let ops, let throwing):
        transaction(ops, throwing: throwing)
      }
    }
    step = graph.steps.count
    create(before: graph.steps.count)
  }

  /// Records the final values, disposes every observation, releases every property and reports what is
  /// still alive.
  func finish() -> GraphTrace {
    trace.final = nodes.map(\.value)
    let cores = nodes.map { Weak($0.graphInput.node) }
    for disposable in disposables { disposable.dispose() }
    disposables = []
    label = nil
    nodes = []
    sources = []
    trace.leaked = cores.indices.filter { cores[$0].object != nil }
    return trace
  }

  // MARK: Building

  func create(before step: Int) {
    for (offset, node) in graph.nodes.enumerated() where node.createdAt == step {
      let index = graph.sourceCount + offset
      nodes.append(make(node.kind))
      existing.append(index)
      trace.initial.append(nodes[index].value)
      observe(index)
    }
    if let bound = graph.bound, label == nil, existing.contains(bound) { bind(bound) }
  }

  func make(_ kind: GraphNodeKind) -> Property<Int> {
    switch kind {
    case .map(let input, let function):
      return nodes[input].map { function($0) }
    case .combine(let inputs, let list):
      if variant == .streamCombine {
        return Property(
          unsafeProducer: SignalProducer.combineLatest(inputs.map { nodes[$0].producer }).map(weightedSum))
      }
      if list { return Property.combineLatest(inputs.map { nodes[$0] }).map(weightedSum) }
      if inputs.count == 2 {
        return Property.combineLatest(nodes[inputs[0]], nodes[inputs[1]]) { weightedSum([$0, $1]) }
      }
      return Property.combineLatest(nodes[inputs[0]], nodes[inputs[1]], nodes[inputs[2]]) {
        weightedSum([$0, $1, $2])
      }
    case .skipRepeats(let input):
      return nodes[input].skipRepeats()
    case .flatMapLatest(let outer, let inners):
      let candidates = inners.map { nodes[$0] }
      return nodes[outer].flatMap(.latest) { candidates[innerIndex(for: $0, among: candidates.count)] }
    }
  }

  /// Records what `node`'s observers receive, and the whole graph's state each time.
  func observe(_ node: Int) {
    disposables.append(nodes[node].signal.observeValues { [weak self] value in self?.received(value, from: node) }!)
  }

  func received(_ value: Int, from node: Int) {
    guard step < graph.steps.count else { return }
    trace.emissions[step][node].append(value)
    let state = existing.map { nodes[$0].value }
    if !trace.statesRead[step].contains(state) { trace.statesRead[step].append(state) }
  }

  func bind(_ bound: Int) {
    let label = MutableProperty(Int.min)
    label <~ nodes[bound]
    let observation = label.signal.observeValues { [weak self] value in
      guard let self, step < graph.steps.count else { return }
      trace.labelValues[step].append(value)
    }
    disposables.append(observation!)
    disposables.append(
      nodes[bound].producer.startWithValues { [weak self] value in self?.trace.boundProducer.append(value) })
    self.label = label
  }

  // MARK: Transactions

  func transaction(_ ops: [TransactionOp], throwing: Bool) {
    do {
      try withTransaction { () throws(GraphAbort) in
        perform(ops)
        if throwing { throw GraphAbort() }
      }
    } catch {}
  }

  func perform(_ ops: [TransactionOp]) {
    for op in ops {
      switch op {
      case .set(let source, let value):
        sources[source].value = value
      case .read(let node):
        guard existing.contains(node) else { continue }
        trace.reads[step].append(nodes[node].value)
      case .nested(let inner, let throwing):
        transaction(inner, throwing: throwing)
      }
    }
  }
}
