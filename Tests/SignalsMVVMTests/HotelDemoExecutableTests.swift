import Foundation
import SignalsTestSupport
import Testing

/// Runs the built `hotel-demo` executable, as the README does, with a script on its standard input.
@Suite(.watchingThePool) struct HotelDemoExecutableTests {
  /// The executable next to the test bundle, in the build's products directory.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hotel-demo")
  }

  func run(_ arguments: [String], input: String) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: output, as: UTF8.self), process.terminationStatus)
  }

  @Test func stdinThatIsNotATerminalIsReadAsAScript() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
    let (output, status) = try run([], input: "type Zhuo\ntab\ntype 18610001000\npress submit\n")
    #expect(status == 0)
    #expect(output.hasPrefix("--- start ---\n== Meituan Hotel ==\n"))
    #expect(output.hasSuffix("  ✓ Booked Meituan Hotel for Zhuo, phone 18610001000\n"))
    #expect(output.components(separatedBy: "\n--- ").count == 5)  // the first frame, then one per action
  }

  @Test func scriptDashReadsStandardInputAndUnknownArgumentsFail() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
    let (output, status) = try run(["--script", "-"], input: "press submit\n")
    #expect(status == 0)
    #expect(output.contains("✗ Guest name must not be empty"))
    let (usage, failure) = try run(["--bogus"], input: "")
    #expect(failure == 2)
    #expect(usage.contains("usage: hotel-demo"))
  }

  @Test func roomsModeShowsTheSavedRoomsThenTheNetworksOnTheDemosClock() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
    let (output, status) = try run(["--rooms", "--script", "-"], input: "wait 1\npress refresh\nwait 1\n")
    #expect(status == 0)
    let frames = output.components(separatedBy: "\n--- ")
    #expect(frames.count == 4)  // the first frame, then one per action
    #expect(frames[0].contains("Loading… (showing saved rooms)\n  | Standard King    ¥388 a night\n"))
    #expect(frames[2].hasPrefix("press refresh ---\n"))
    #expect(frames[2].contains("> [ Refresh ] (disabled)"))  // still loading: the tap is refused
    #expect(frames[3].contains("Up to date\n  | Standard King    ¥368 a night\n"))
    #expect(output.hasSuffix("  network: request, answer\n"))
    let (help, helpStatus) = try run(["--help"], input: "")
    #expect(helpStatus == 0)
    #expect(help.contains("--rooms"))
    #expect(help.contains("wait <seconds>"))
    #expect(help.contains("Shift-Tab or Up: previous"))
    #expect(help.contains("shift-tab"))
  }
}
