import Signals

// Two of reactively's dynamic graphs (js-reactivity-benchmark's src/config.ts and src/util/dependencyGraph.ts),
// the two whose result checks do not depend on its random generator (every node static, every leaf read):
// - "wide dense": 1,000 sources and 4 layers of 1,000 computeds, each the sum of 25 nodes of the layer before
//   (node i reads i, i + 1, … i + 24, wrapping); 3,000 iterations; the leaves' sum must be 1,171,484,375,000
//   and 732,000 computations must run.
// - "deep": 5 sources and 499 layers of 5, each the sum of 3 of the layer before; 500 iterations; its values
//   overflow Int, so they are Doubles as in JavaScript; the sum must be 3.0239642676898464e241 (bit for bit,
//   summed in the public benchmark's order) and 1,246,500 computations must run.
// One iteration: source `i % width` written to `i + i % width` in a batch, then every leaf read in a batch.
// After the iterations, the leaves are summed in a batch. One operation is one such run of all the
// iterations, on a graph built once, untimed (the public benchmark builds a fresh, lazily computed graph
// inside its timing; building one here computes it, and its computations are not counted). The computations
// counted are those after the graph is built. Signals: the 25-input nodes are `Property.combineLatest`'s list
// form, then `map`; the 3-input nodes its pack form. The floor recomputes, after each write, the nodes
// downstream of the written source (listed when it is built), layer by layer.

/// A reactively graph's configuration.
struct ReactivelyGraph {
  let width: Int
  let layers: Int
  let inputs: Int
  let iterations: Int
  let expectedSum: Double
  let expectedCount: Int

  static let wideDense = ReactivelyGraph(
    width: 1_000, layers: 5, inputs: 25, iterations: 3_000, expectedSum: 1_171_484_375_000, expectedCount: 732_000)
  static let deep = ReactivelyGraph(
    width: 5, layers: 500, inputs: 3, iterations: 500, expectedSum: 3.0239642676898464e241,
    expectedCount: 1_246_500)

  /// The nodes of the layer before that node `index` sums, in the order it adds them.
  func inputs(of index: Int) -> [Int] { (0..<inputs).map { (index + $0) % width } }

  /// A run's checksum: the sum's bits (an `Int` sum as itself) plus the computations counted.
  static func checksum(sum: Int, count: Int) -> Int { sum &+ count }
  static func checksum(sum: Double, count: Int) -> Int { Int(bitPattern: UInt(sum.bitPattern)) &+ count }
}

extension Workload {
  static func reactivelyWideDense() -> Workload {
    let graph = ReactivelyGraph.wideDense
    return reactively(
      id: "reactively-wide", name: "reactively wide dense (1000x5, 25 sources)", graph: graph, goal: 10,
      checksum: ReactivelyGraph.checksum(sum: Int(graph.expectedSum), count: graph.expectedCount),
      signals: { count in
        reactivelySignals(graph, count, zero: 0) { inputs in
          Property.combineLatest(inputs).map { values in
            count.add(1)
            var sum = 0
            for value in values { sum += value }
            return sum
          }
        } checksum: {
          ReactivelyGraph.checksum(sum: $0, count: $1)
        }
      },
      handWritten: { count in
        reactivelyFloor(graph, count, zero: 0) { ReactivelyGraph.checksum(sum: $0, count: $1) }
      })
  }

  static func reactivelyDeep() -> Workload {
    let graph = ReactivelyGraph.deep
    return reactively(
      id: "reactively-deep", name: "reactively deep (5x500, 3 sources)", graph: graph, goal: 2,
      checksum: ReactivelyGraph.checksum(sum: graph.expectedSum, count: graph.expectedCount),
      signals: { count in
        reactivelySignals(graph, count, zero: 0.0) { inputs in
          Property.combineLatest(inputs[0], inputs[1], inputs[2]) { first, second, third in
            count.add(1)
            var sum = 0.0
            sum += first
            sum += second
            sum += third
            return sum
          }
        } checksum: {
          ReactivelyGraph.checksum(sum: $0, count: $1)
        }
      },
      handWritten: { count in
        reactivelyFloor(graph, count, zero: 0.0) { ReactivelyGraph.checksum(sum: $0, count: $1) }
      })
  }

  private static func reactively(
    id: String,
    name: String,
    graph: ReactivelyGraph,
    goal: Double,
    checksum: Int,
    signals: @escaping (Sink) -> () -> Int,
    handWritten: @escaping (Sink) -> () -> Int
  ) -> Workload {
    func implementation(_ library: Library, _ build: @escaping (Sink) -> () -> Int) -> Implementation {
      Implementation(
        library,
        make: {
          let count = Sink()
          let run = build(count)
          return { iterations in
            var checksum = 0
            for _ in 0..<iterations { checksum &+= run() }
            return checksum
          }
        })
    }
    var workload = Workload(
      id: id, title: name, unit: "run", fastestPeer: nil, expected: { $0 &* checksum },
      implementations: [implementation(.signals, signals), implementation(.closures, handWritten)])
    workload.group = .signalsWorld(
      SignalsWorldShape(
        name: name, operationsPerFigure: 1, figure: "run of \(grouped(graph.iterations)) iterations",
        goal: goal))
    workload.fixedIterations = (full: 1, quick: 1)  // one run per sample, as the public benchmark times one
    workload.countedIterations = 1
    return workload
  }
}

/// A reactively graph on Signals; returns one run, which returns its checksum. `count` counts computations.
func reactivelySignals<Value: Numeric & Sendable>(
  _ graph: ReactivelyGraph,
  _ count: Sink,
  zero: Value,
  node: ([Property<Value>]) -> Property<Value>,
  checksum: @escaping (Value, Int) -> Int
) -> () -> Int {
  let sources = (0..<graph.width).map { MutableProperty(Value(exactly: $0)!) }
  var layer = sources.map { Property($0) }
  for _ in 1..<graph.layers {
    let previous = layer
    layer = (0..<graph.width).map { index in node(graph.inputs(of: index).map { previous[$0] }) }
  }
  let leaves = layer
  let reads = Sink()
  return {
    count.reset()
    for iteration in 0..<graph.iterations {
      let source = iteration % graph.width
      withTransaction { sources[source].value = Value(exactly: iteration + source)! }
      withTransaction {
        for leaf in leaves { reads.add(leaf.value == zero ? 0 : 1) }
      }
    }
    var sum = zero
    withTransaction {
      for leaf in leaves { sum = leaf.value + sum }
    }
    return checksum(sum, count.value)
  }
}

/// A reactively graph by hand: cells summing their inputs; each source knows the cells downstream of it, layer
/// by layer, and a write recomputes those. Returns one run, which returns its checksum.
func reactivelyFloor<Value: Numeric & Sendable>(
  _ graph: ReactivelyGraph,
  _ count: Sink,
  zero: Value,
  checksum: @escaping (Value, Int) -> Int
) -> () -> Int {
  let sources = (0..<graph.width).map { FloorCell.source(Value(exactly: $0)!) }
  var layers = [sources]
  for _ in 1..<graph.layers {
    let previous = layers[layers.count - 1]
    layers.append(
      (0..<graph.width).map { index in
        let inputs = graph.inputs(of: index).map { previous[$0] }
        return FloorCell { [inputs] in
          count.add(1)
          var sum = zero
          for input in inputs { sum += input.value }
          return sum
        }
      })
  }
  // Downstream of source s: in each layer, the nodes that read a changed node of the layer before.
  var readers = [[Int]](repeating: [], count: graph.width)
  for index in 0..<graph.width {
    for input in graph.inputs(of: index) { readers[input].append(index) }
  }
  let downstream = (0..<graph.width).map { source in
    var changed: Set<Int> = [source]
    var cells: [FloorCell<Value>] = []
    for layer in layers.dropFirst() {
      changed = Set(changed.flatMap { readers[$0] })
      cells += changed.sorted().map { layer[$0] }
    }
    return cells
  }
  let leaves = layers[layers.count - 1]
  let reads = Sink()
  return {
    count.reset()
    for iteration in 0..<graph.iterations {
      let source = iteration % graph.width
      sources[source].value = Value(exactly: iteration + source)!
      for cell in downstream[source] { cell.recompute() }
      for leaf in leaves { reads.add(leaf.value == zero ? 0 : 1) }
    }
    var sum = zero
    for leaf in leaves { sum = leaf.value + sum }
    return checksum(sum, count.value)
  }
}
