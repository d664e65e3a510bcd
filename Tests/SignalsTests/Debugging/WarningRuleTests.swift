import SignalsTestSupport
import Testing

@testable import Signals

/// The warning rule of Docs/Debugging.md (issue 33): a warning is printed only for a sure mistake. No false
/// alarm where nothing is wrong; the planted mistake still warned about.
@Suite(.watchingThePool) struct WarningRuleTests {
  @Test func gettingStartedsStepsInFunctionsOfAProgramThatNeverTurnsItsMainQueueWarnNothing() throws {
    let run = try #require(try GraphProbe.run("gettingStartedInFunctions"))
    #expect(run.exitedNormally)
    #expect(run.output.contains("Hello, Li Lei"))
    #expect(run.output.last == "done")
    #expect(run.errors.filter { $0.contains("Signals: warning") } == [])
  }
}
