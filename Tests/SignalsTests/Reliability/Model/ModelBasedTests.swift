import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import SignalsTestSupport
#endif

/// Model-based random testing of the operators: random pipelines of 1–5 operators over random timed inputs,
/// run for real on a `TestScheduler` and compared, event by event and tick by tick, with the reference model.
///
/// Reproduce a failure with the seed it prints: `SIGNALS_MODEL_SEED=<seed> swift test --filter ModelBasedTests`.
/// `SIGNALS_MODEL_CASES` overrides the number of cases (10,000).
@Suite(.watchingThePool, .onItsOwnThread) struct ModelBasedTests {
  static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  static var seed: UInt64 {
    environment("SIGNALS_MODEL_SEED").flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
  }

  static var caseCount: Int { environment("SIGNALS_MODEL_CASES").flatMap { Int($0) } ?? 10_000 }

  /// The run's seed, drawn once per process so that every partition runs the cases of the same run.
  static let runSeed = seed

  /// The cases are split into partitions that Swift Testing runs in parallel.
  static let partitions = 4

  /// Runs the cases of `indices` of the run seeded with `seed`; returns the first mismatch, shrunk, with its
  /// index.
  static func firstMismatch(
    seed: UInt64,
    indices: some Sequence<Int>,
    checker: ModelChecker
  ) -> (index: Int, original: Mismatch, shrunk: Mismatch, steps: Int)? {
    for index in indices {
      var generator = CaseGenerator(seed: SplitMix64.caseSeed(run: seed, index: index))
      let modelCase = generator.makeCase()
      guard !checker.excluded(modelCase), let mismatch = checker.check(modelCase) else { continue }
      let (shrunk, steps) = checker.shrink(mismatch)
      return (index, mismatch, shrunk, steps)
    }
    return nil
  }

  @Test(arguments: 0..<partitions)
  func operatorPipelinesAgreeWithTheReferenceModel(partition: Int) {
    let seed = Self.runSeed
    let count = Self.caseCount
    let indices = stride(from: partition, to: count, by: Self.partitions)
    guard let found = Self.firstMismatch(seed: seed, indices: indices, checker: ModelChecker()) else { return }
    Issue.record(
      """
      The library disagrees with the reference model.
      Reproduce: SIGNALS_MODEL_SEED=\(seed) swift test --filter ModelBasedTests (case \(found.index) of \(count))
      Shrunk in \(found.steps) steps to:
      \(found.shrunk.report)

      Original case:
      \(found.original.report)
      """)
  }

  @Test func aWrongZipRuleIsCaughtAndShrunkToAFewEvents() throws {
    let checker = ModelChecker(model: ReferenceModel(mutation: .zipWaitsForEveryInput))
    let found = try #require(Self.firstMismatch(seed: 1, indices: 0..<2_000, checker: checker))
    let shrunk = found.shrunk
    // A witness of at most three parts (stages and events): an input of `zip` completes while the other has
    // no value waiting, e.g. `primary.zipping(with: extra)` with `primary: -|` and a silent extra.
    #expect(shrunk.modelCase.stages.contains(.zip), "\(shrunk.report)")
    #expect(shrunk.modelCase.size <= 3, "\(shrunk.report)")
    #expect(ModelMarbles.render(shrunk.actual).hasSuffix("|"), "\(shrunk.report)")
    #expect(!ModelMarbles.render(shrunk.expected).contains("|"), "\(shrunk.report)")
  }

  @Test func aWrongSkipRepeatsRuleIsCaughtAndShrunk() throws {
    let checker = ModelChecker(model: ReferenceModel(mutation: .skipRepeatsComparesWithPrevious))
    let found = try #require(Self.firstMismatch(seed: 2, indices: 0..<5_000, checker: checker))
    let shrunk = found.shrunk
    // Three values reaching `skipRepeats` where comparing with the one just before and with the last one
    // forwarded disagree, e.g. `-(205)` within 4: the library forwards `2` only, the wrong model `2` and `5`.
    // The values may come from the primary input or through one more stage.
    let tolerant = shrunk.modelCase.stages.contains { if case .skipRepeatsWithin = $0 { true } else { false } }
    #expect(tolerant, "\(shrunk.report)")
    #expect(shrunk.modelCase.size <= 6, "\(shrunk.report)")
    #expect(found.original.modelCase.size > shrunk.modelCase.size, "\(shrunk.report)")
    #expect(abs(shrunk.expected.count - shrunk.actual.count) == 1, "\(shrunk.report)")
  }

  @Test func aWrongThrottleTimingIsCaughtAndShrunk() throws {
    let checker = ModelChecker(model: ReferenceModel(mutation: .throttleWaitsFromArrival))
    let found = try #require(Self.firstMismatch(seed: 3, indices: 0..<5_000, checker: checker))
    let shrunk = found.shrunk
    // Two values one tick apart: the second waits until `interval` after the first was sent, e.g.
    // `throttle(2)` of `-00` gives `-0-0` (the wrong model: `-0--0`). Only the tick differs.
    #expect(shrunk.modelCase.stages.count == 1, "\(shrunk.report)")
    #expect(shrunk.modelCase.size <= 4, "\(shrunk.report)")
    #expect(shrunk.expected.map(\.event) == shrunk.actual.map(\.event), "\(shrunk.report)")
  }

  @Test func theModelReproducesTheDocumentedMarbles() {
    // combineLatest completes at once when an input completes without a value; zip when an exhausted input
    // completes; debounce sends a waiting value before completing.
    let zipCase = ModelCase(
      primary: HotInput(events: [
        HotEvent(time: 1, sequence: 0, event: .value(1)), HotEvent(time: 1, sequence: 1, event: .completed),
      ]),
      stages: [.zip], extras: [.hot(HotInput(events: [HotEvent(time: 1, sequence: 2, event: .value(2))]))],
      inners: [[]])
    #expect(ModelMarbles.render(ReferenceModel().output(of: zipCase)) == "-(8|)")
    #expect(ModelChecker().check(zipCase) == nil)
    let debounceCase = ModelCase(
      primary: HotInput(events: [
        HotEvent(time: 1, sequence: 0, event: .value(1)), HotEvent(time: 2, sequence: 1, event: .value(2)),
        HotEvent(time: 3, sequence: 2, event: .completed),
      ]),
      stages: [.debounce(2)], extras: [.none], inners: [[]])
    #expect(ModelMarbles.render(ReferenceModel().output(of: debounceCase)) == "---(2|)")
    #expect(ModelChecker().check(debounceCase) == nil)
  }
}
