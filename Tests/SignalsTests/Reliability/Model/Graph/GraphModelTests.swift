import SignalsTestSupport
import Testing

/// Model-based random testing of the property graph (Contracts §16): random DAGs of `map`, `combineLatest`
/// (pack and list forms), `skipRepeats` and `flatMap(.latest)` over 1–4 `MutableProperty` sources, some
/// created between steps, one bound to a label; random sets (equal values common) and transactions (nested,
/// some throwing, with reads) from one thread. The reference model recomputes every node from the sources.
///
/// Checked for every step: each node emits exactly once if it changed and never otherwise, with its value in
/// the state after the step (so at most one emission per set or transaction, and never a mixed state); every
/// observer, reading every node's `value` while it is told, reads that one state; reads inside a transaction
/// see its values; a label bound to a node and a `producer` observer of it receive the same; the final values
/// are the model's; and once the run lets go of everything, every property is freed.
///
/// Reproduce a failure with the seed it prints: `SIGNALS_GRAPH_SEED=<seed> swift test --filter GraphModelTests`.
/// `SIGNALS_GRAPH_CASES` overrides the number of cases (2,000).
@Suite(.watchingThePool, .onItsOwnThread) struct GraphModelTests {
  static var caseCount: Int { ModelBasedTests.environment("SIGNALS_GRAPH_CASES").flatMap { Int($0) } ?? 2_000 }

  /// The run's seed, drawn once per process so that every partition runs the cases of the same run.
  static let runSeed =
    ModelBasedTests.environment("SIGNALS_GRAPH_SEED").flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)

  static let partitions = 4

  static func firstMismatch(
    seed: UInt64, indices: some Sequence<Int>, checker: GraphChecker
  ) -> (index: Int, original: GraphMismatch, shrunk: GraphMismatch, steps: Int)? {
    for index in indices {
      var generator = GraphCaseGenerator(seed: SplitMix64.caseSeed(run: seed, index: index))
      guard let mismatch = checker.check(generator.makeCase()) else { continue }
      let (shrunk, steps) = checker.shrink(mismatch)
      return (index, mismatch, shrunk, steps)
    }
    return nil
  }

  @Test(arguments: 0..<partitions)
  func randomPropertyGraphsAgreeWithTheReferenceModel(partition: Int) {
    let (seed, count) = (Self.runSeed, Self.caseCount)
    let indices = stride(from: partition, to: count, by: Self.partitions)
    guard let found = Self.firstMismatch(seed: seed, indices: indices, checker: GraphChecker()) else { return }
    Issue.record(
      """
      The property graph disagrees with the reference model.
      Reproduce: SIGNALS_GRAPH_SEED=\(seed) swift test --filter GraphModelTests (case \(found.index) of \(count))
      Shrunk in \(found.steps) steps to:
      \(found.shrunk.report)

      Original case:
      \(found.original.report)
      """)
  }

  @Test func aGlitchingLibraryIsCaughtAndShrunkToASmallDiamond() throws {
    // `combine` built from the stream layer emits once per changed input, the first time with a mixed state.
    let checker = GraphChecker(variant: .streamCombine)
    let found = try #require(Self.firstMismatch(seed: 1, indices: 0..<500, checker: checker))
    let shrunk = found.shrunk.graphCase
    // A witness like `let n1 = Property.combineLatest(n0, n0)` and one set of n0: two emissions.
    #expect(shrunk.nodes.contains { if case .combine = $0.kind { true } else { false } }, "\(found.shrunk.report)")
    #expect(shrunk.size <= 5, "\(found.shrunk.report)")
    #expect(found.original.graphCase.size >= shrunk.size, "\(found.shrunk.report)")
  }

  @Test func aWrongSkipRepeatsRuleIsCaughtAndShrunk() throws {
    let checker = GraphChecker(model: GraphModel(mutation: .skipRepeatsNeverSkips))
    let found = try #require(Self.firstMismatch(seed: 2, indices: 0..<500, checker: checker))
    let shrunk = found.shrunk.graphCase
    // A witness like `let n1 = n0.skipRepeats()` and a set of n0 to the value it has: the model expects an
    // emission the library does not make.
    #expect(shrunk.nodes.contains { if case .skipRepeats = $0.kind { true } else { false } }, "\(found.shrunk.report)")
    #expect(shrunk.size <= 4, "\(found.shrunk.report)")
    #expect(found.shrunk.firstDifference.contains("emitted []"), "\(found.shrunk.report)")
  }

  @Test func theModelComputesTheDiamondFromTheIssue() {
    // n0 = a; n1 = a + 1; n2 = a * 2 (standing in for × 10); n3 = combineLatest(n1, n2).
    let diamond = GraphCase(
      initial: [1],
      nodes: [
        GraphNode(kind: .map(0, .increment), createdAt: 0), GraphNode(kind: .map(0, .double), createdAt: 0),
        GraphNode(kind: .combine([1, 2], list: false), createdAt: 0),
      ],
      steps: [.set(0, 2)], bound: 3)
    let trace = GraphModel().trace(of: diamond)
    #expect(trace.emissions == [[[2], [3], [4], [3 + 3 * 4]]])
    #expect(trace.statesRead == [[[2, 3, 4, 15]]])
    #expect(GraphChecker().check(diamond) == nil)
  }
}
