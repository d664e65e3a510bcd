import Foundation
import Testing

/// Contracts §15 and §16: an operator's closure that reads the property it defines (a running total) reads the
/// value from before the change, outside a transaction and inside one alike, on every operator that takes a
/// closure; it neither crashes nor hangs. Each scenario runs in a child process (`signals-graph-probe`, built
/// with the tests) under a watchdog, so that a regression (a read that recomputes the property, which reads it
/// again, for ever) fails its spec rather than the run.
@Suite struct SelfReadingClosureTests {
  /// What the probe printed for `scenario`, or `nil` if it crashed or outlived the watchdog.
  static func run(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map {
      $0.appendingPathComponent("signals-graph-probe")
    }
    guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      Issue.record("signals-graph-probe is not built next to the tests: \(candidates)", sourceLocation: sourceLocation)
      return nil
    }
    let process = Process()
    process.executableURL = program
    process.arguments = [scenario]
    process.environment = ["SWIFT_BACKTRACE": "enable=no"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      Issue.record("the \(scenario) scenario hung: killed after 20 s", sourceLocation: sourceLocation)
      return nil
    }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      Issue.record("the \(scenario) scenario crashed: \(printed)", sourceLocation: sourceLocation)
      return nil
    }
    return printed.split(separator: "\n").map(String.init)
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
