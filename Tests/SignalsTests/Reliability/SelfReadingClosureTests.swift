import SignalsTestSupport
import Testing

/// Contracts §15 and §16: an operator's closure that reads the property it defines (a running total) reads the
/// value from before the change, outside a transaction and inside one alike, on every operator that takes a
/// closure; it neither crashes nor hangs. Each scenario runs in a child process (`signals-graph-probe`, built
/// with the tests) under a watchdog, so that a regression (a read that recomputes the property, which reads it
/// again, for ever) fails its spec rather than the run.
@Suite(.watchingThePool) struct SelfReadingClosureTests {
  /// What the probe printed for `scenario`, or `nil` if it crashed or outlived the watchdog.
  static func run(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]? {
    guard let run = try GraphProbe.run(scenario, sourceLocation: sourceLocation) else { return nil }
    guard run.exitedNormally else {
      Issue.record("the \(scenario) scenario crashed: \(run.output)", sourceLocation: sourceLocation)
      return nil
    }
    return run.output
  }

  @Test func aMapThatReadsItsOwnPropertyReadsTheValueBeforeTheChange() throws {
    // A running total: 0, then 5 + 0, 7 + 5; inside a transaction 10 + 12, read and committed alike.
    #expect(try Self.run("map") == ["outside: 12", "inside: 22", "after: 22"])
  }

  @Test func aSkipRepeatsComparisonThatReadsItsOwnPropertyNeitherCrashesNorHangs() throws {
    #expect(try Self.run("skipRepeats") == ["inside: 3", "after: 3"])
  }

  @Test func aCombineLatestThatReadsItsOwnPropertyReadsTheValueBeforeTheChange() throws {
    // 1 + 2 + 0 = 3; a = 10: 10 + 2 + 3 = 15; inside, b = 20: 10 + 20 + 15 = 45.
    #expect(try Self.run("combineLatest") == ["outside: 15", "inside: 45", "after: 45"])
  }

  @Test func aCombineLatestListThatReadsItsOwnPropertyReadsTheValueBeforeTheChange() throws {
    #expect(try Self.run("combineLatestList") == ["outside: [5, 2, 3]", "inside: [5, 6, 3]", "after: [5, 6, 3]"])
  }

  @Test func aFlatMapWhoseTransformReadsItsOwnPropertyNeitherCrashesNorHangs() throws {
    #expect(try Self.run("flatMap") == ["outside: b", "inside: a", "after: a"])
  }
}
