// The vocabulary of the property-graph model tests: a random graph of properties, and what is done to it.

/// A graph of `Int` properties and a script of sets and transactions.
///
/// Nodes are numbered: the sources (`MutableProperty`) first, `0..<sourceCount`, then the derived
/// properties in the order of ``nodes``; a derived node only reads nodes numbered below it, so the graph is a
/// DAG built in order.
struct GraphCase: Equatable {
  /// Each source's initial value.
  var initial: [Int]
  var nodes: [GraphNode]
  var steps: [GraphStep]
  /// A node bound to a `MutableProperty` (`label <~ node`) and observed through its `producer` too.
  var bound: Int?

  var sourceCount: Int { initial.count }
  var nodeCount: Int { initial.count + nodes.count }

  /// The derived node numbered `index`.
  func derived(_ index: Int) -> GraphNode { nodes[index - sourceCount] }

  /// The nodes that exist while step `step` runs (sources always; a derived node once created).
  func existing(atStep step: Int) -> [Int] {
    Array(0..<sourceCount) + nodes.indices.filter { nodes[$0].createdAt <= step }.map { $0 + sourceCount }
  }

  /// Stages, steps and operations, for shrinking: smaller is simpler.
  var size: Int { nodes.count + initial.count + steps.map(\.size).reduce(0, +) + (bound == nil ? 0 : 1) }
}

/// A derived property, and before which step it is created (`createdAt == steps.count`: after the last).
struct GraphNode: Equatable {
  var kind: GraphNodeKind
  var createdAt: Int
}

enum GraphNodeKind: Equatable {
  /// `input.map(function)`.
  case map(Int, GraphFunction)
  /// `Property.combineLatest` of 2 or 3 inputs reduced to a weighted sum (the pack form), or the list form
  /// `Property.combineLatest([…]).map(weightedSum)`.
  case combine([Int], list: Bool)
  /// `input.skipRepeats()`.
  case skipRepeats(Int)
  /// `outer.flatMap(.latest) { inners[value mod inners.count] }`.
  case flatMapLatest(outer: Int, inners: [Int])

  /// The nodes it reads.
  var inputs: [Int] {
    switch self {
    case .map(let input, _), .skipRepeats(let input): [input]
    case .combine(let inputs, _): inputs
    case .flatMapLatest(let outer, let inners): [outer] + inners
    }
  }

  /// The same kind reading `mapping(input)` instead of each input.
  func renumbered(_ mapping: (Int) -> Int) -> GraphNodeKind {
    switch self {
    case .map(let input, let function): .map(mapping(input), function)
    case .combine(let inputs, let list): .combine(inputs.map(mapping), list: list)
    case .skipRepeats(let input): .skipRepeats(mapping(input))
    case .flatMapLatest(let outer, let inners): .flatMapLatest(outer: mapping(outer), inners: inners.map(mapping))
    }
  }
}

/// The transforms of `map`: some keep values apart, some fold them together (so that `skipRepeats` skips).
enum GraphFunction: Equatable, CaseIterable {
  case increment, double, modulo3, negate, half

  func callAsFunction(_ value: Int) -> Int {
    switch self {
    case .increment: value &+ 1
    case .double: value &* 2
    case .modulo3: ((value % 3) + 3) % 3
    case .negate: 0 &- value
    case .half: value / 2
    }
  }

  var code: String {
    switch self {
    case .increment: "{ $0 + 1 }"
    case .double: "{ $0 * 2 }"
    case .modulo3: "{ $0 mod 3 }"
    case .negate: "{ -$0 }"
    case .half: "{ $0 / 2 }"
    }
  }
}

/// What `combine` nodes compute: a weighted sum, so that every input counts and the order matters.
func weightedSum(_ values: [Int]) -> Int {
  var sum = 0
  for (index, value) in values.enumerated() { sum = sum &+ value &* (2 &* index &+ 1) }
  return sum
}

/// Which inner node a `flatMapLatest` node follows for an outer value.
func innerIndex(for value: Int, among count: Int) -> Int { ((value % count) + count) % count }

/// One step of the script.
enum GraphStep: Equatable {
  /// `sources[source].value = value`, outside any transaction.
  case set(Int, Int)
  /// `withTransaction { ops }`; if `throws`, the body throws after its operations, and everything is rolled back.
  case transaction([TransactionOp], throws: Bool)

  var size: Int {
    switch self {
    case .set: 1
    case .transaction(let ops, _): 1 + ops.map(\.size).reduce(0, +)
    }
  }
}

/// An operation inside a transaction.
indirect enum TransactionOp: Equatable {
  case set(Int, Int)
  /// Reads a node's `value` (recorded and compared with the model).
  case read(Int)
  /// A nested `withTransaction`; if `throws`, it throws after its operations, and the outer one catches.
  case nested([TransactionOp], throws: Bool)

  var size: Int {
    switch self {
    case .set, .read: 1
    case .nested(let ops, _): 1 + ops.map(\.size).reduce(0, +)
    }
  }
}

// MARK: - Generating

/// Makes random graph cases.
struct GraphCaseGenerator {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// 1–4 sources, 1–10 derived nodes, 1–12 steps.
  mutating func makeCase() -> GraphCase {
    let sourceCount = random.int(1...4)
    let stepCount = random.int(1...12)
    var nodes: [GraphNode] = []
    var createdAt = 0
    for index in 0..<random.int(1...10) {
      if random.chance(20) { createdAt = min(stepCount, createdAt + random.int(1...3)) }
      nodes.append(GraphNode(kind: makeKind(below: sourceCount + index), createdAt: createdAt))
    }
    let total = sourceCount + nodes.count
    let steps = (0..<stepCount).map { _ in makeStep(sources: sourceCount, nodes: total) }
    return GraphCase(
      initial: (0..<sourceCount).map { _ in value() },
      nodes: nodes,
      steps: steps,
      bound: random.chance(50) ? random.int(0...(total - 1)) : nil)
  }

  /// Values are small, so that equal values and repeats are common.
  mutating func value() -> Int { random.int(0...3) }

  /// An input among the nodes below `count`, recent ones more often (deep chains and uneven diamonds).
  mutating func input(below count: Int) -> Int {
    random.chance(50) ? random.int(max(0, count - 3)...(count - 1)) : random.int(0...(count - 1))
  }

  mutating func makeKind(below count: Int) -> GraphNodeKind {
    switch random.int(0...99) {
    case 0..<35:
      return .map(input(below: count), GraphFunction.allCases[random.int(0...(GraphFunction.allCases.count - 1))])
    case 35..<65:
      return .combine((0..<random.int(2...3)).map { _ in input(below: count) }, list: random.chance(30))
    case 65..<85:
      return .skipRepeats(input(below: count))
    default:
      return .flatMapLatest(
        outer: input(below: count), inners: (0..<random.int(1...3)).map { _ in input(below: count) })
    }
  }

  mutating func makeStep(sources: Int, nodes: Int) -> GraphStep {
    guard random.chance(40) else { return .set(random.int(0...(sources - 1)), value()) }
    return .transaction(makeOps(sources: sources, nodes: nodes, depth: 0), throws: random.chance(10))
  }

  mutating func makeOps(sources: Int, nodes: Int, depth: Int) -> [TransactionOp] {
    (0..<random.int(1...4)).map { _ in
      switch random.int(0...99) {
      case 0..<60: return .set(random.int(0...(sources - 1)), value())
      case 60..<85: return .read(random.int(0...(nodes - 1)))
      default:
        guard depth < 2 else { return .read(random.int(0...(nodes - 1))) }
        return .nested(makeOps(sources: sources, nodes: nodes, depth: depth + 1), throws: random.chance(40))
      }
    }
  }
}

// MARK: - Describing

extension GraphCase: CustomStringConvertible {
  /// The case as the code the runner executes.
  var description: String {
    var lines = initial.enumerated().map { "let n\($0.offset) = MutableProperty(\($0.element))" }
    func name(_ index: Int) -> String { "n\(index)" }
    func describe(_ kind: GraphNodeKind) -> String {
      switch kind {
      case .map(let input, let function): "\(name(input)).map \(function.code)"
      case .combine(let inputs, let list):
        list
          ? "Property.combineLatest([\(inputs.map(name).joined(separator: ", "))]).map(weightedSum)"
          : "Property.combineLatest(\(inputs.map(name).joined(separator: ", ")), reduce: weightedSum)"
      case .skipRepeats(let input): "\(name(input)).skipRepeats()"
      case .flatMapLatest(let outer, let inners):
        "\(name(outer)).flatMap(.latest) { [\(inners.map(name).joined(separator: ", "))][$0 mod \(inners.count)] }"
      }
    }
    func describe(_ ops: [TransactionOp], indent: String) -> [String] {
      ops.flatMap { op -> [String] in
        switch op {
        case .set(let source, let value): ["\(indent)\(name(source)).value = \(value)"]
        case .read(let node): ["\(indent)read \(name(node)).value"]
        case .nested(let inner, let throwing):
          ["\(indent)withTransaction {"] + describe(inner, indent: indent + "  ")
            + (throwing ? ["\(indent)  throw"] : []) + ["\(indent)}"]
        }
      }
    }
    for step in 0...steps.count {
      for (offset, node) in nodes.enumerated() where node.createdAt == step {
        lines.append("let \(name(sourceCount + offset)) = \(describe(node.kind))")
        if bound == sourceCount + offset { lines.append("label <~ \(name(sourceCount + offset))") }
      }
      if step == 0, let bound, bound < sourceCount { lines.append("label <~ \(name(bound))") }
      guard step < steps.count else { break }
      switch steps[step] {
      case .set(let source, let value): lines.append("step \(step): \(name(source)).value = \(value)")
      case .transaction(let ops, let throwing):
        lines.append("step \(step): withTransaction {")
        lines += describe(ops, indent: "  ") + (throwing ? ["  throw"] : []) + ["}"]
      }
    }
    return lines.joined(separator: "\n")
  }
}
