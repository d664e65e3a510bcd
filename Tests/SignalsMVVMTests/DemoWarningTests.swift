import Foundation
import SignalsTestSupport
import Synchronization
import Testing

/// The library's own demo prints no warning (issue 33): a warning that fires where nothing is wrong teaches
/// users to ignore it. Runs the built `hotel-demo` in every mode, as a user does with `swift run hotel-demo
/// </dev/null`, and reads its standard error.
@Suite(.watchingThePool) struct DemoWarningTests {
  /// Runs the demo with `arguments`, `input` on its standard input; its standard output and standard error.
  func run(_ arguments: [String], input: String) throws -> (output: String, errors: String, status: Int32) {
    let process = Process()
    process.executableURL = HotelDemoExecutableTests.executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Standard error is read on another thread, so that neither pipe fills while the other is read.
    let errors = Mutex(Data())
    let reader = Thread { errors.withLock { $0 = stderr.fileHandleForReading.readDataToEndOfFile() } }
    reader.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while reader.isExecuting || !reader.isFinished { usleep(1_000) }
    return (
      String(decoding: output, as: UTF8.self), String(decoding: errors.withLock { $0 }, as: UTF8.self),
      process.terminationStatus
    )
  }

  /// Each mode, with input that types, tabs, submits, clears and quits: what makes bindings end at exit.
  static let modes: [(arguments: [String], input: String)] = [
    ([], ""),
    ([], "type Zhuo\ntab\ntype 186a10001000\ntab\ntab\npress submit\npress clear\n"),
    (["--script", "-"], "press submit\ntype x\n"),
    (["--login"], ""),
    (["--login", "--script", "-"], "type zhuo\ntab\ntype pw\npress login\n"),
    (["--rooms"], ""),
    (["--rooms", "--script", "-"], "wait 1\npress refresh\nwait 2\npress network\npress refresh\nwait 3\n"),
    (["--help"], ""),
  ]

  @Test(arguments: 0..<modes.count) func theDemoPrintsNoWarningInAnyMode(mode: Int) throws {
    try #require(FileManager.default.isExecutableFile(atPath: HotelDemoExecutableTests.executable.path))
    let (arguments, input) = Self.modes[mode]
    let (output, errors, status) = try run(arguments, input: input)
    #expect(status == 0)
    #expect(!output.isEmpty)
    #expect(!errors.contains("Signals: warning"), "hotel-demo \(arguments) wrote: \(errors)")
    #expect(errors.isEmpty, "hotel-demo \(arguments) wrote to standard error: \(errors)")
  }
}
