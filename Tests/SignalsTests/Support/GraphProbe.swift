import Foundation
import Testing

/// Runs `signals-graph-probe` (built with the tests) as a child process, under a watchdog: for scenarios in
/// which a regression would crash or hang, or whose output goes to standard error.
enum GraphProbe {
  /// What a run of the probe printed, and how it ended.
  struct Run {
    /// The lines it wrote to standard output.
    var output: [String]
    /// The lines it wrote to standard error.
    var errors: [String]
    /// Whether it exited with status 0 (rather than crashing or failing).
    var exitedNormally: Bool
  }

  /// Runs `scenario`; `nil` (and an issue) if the probe is missing or outlived the 20 s watchdog.
  static func run(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Run? {
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
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      Issue.record("the \(scenario) scenario hung: killed after 20 s", sourceLocation: sourceLocation)
      return nil
    }
    func lines(_ pipe: Pipe) -> [String] {
      String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(separator: "\n").map(String.init)
    }
    return Run(
      output: lines(output), errors: lines(errors),
      exitedNormally: process.terminationReason == .exit && process.terminationStatus == 0)
  }
}
