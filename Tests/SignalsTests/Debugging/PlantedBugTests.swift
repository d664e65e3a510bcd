import SignalsTestSupport
import Synchronization
import Testing

@testable import Signals

/// The five everyday bugs of issue 23, planted in a small sign-up view model, and the tool that finds each
/// (Docs/Debugging.md, "Five bugs and the tool that finds each"). Each spec asserts what the tool's output names
/// that was missing before. Two rows are specs elsewhere, beside the rest of their tool's specs:
///
/// | planted bug | spec |
/// |---|---|
/// | a label stops updating | ``aLabelThatStopsUpdatingIsExplainedByTheDumpAndByLogEvents()`` |
/// | a view model kept alive by `observeValues { self… }` | `LeakCheckTests.aViewModelThatObservesItsOwnStreamsCapturingItselfIsReportedWithTheLinesThatAttached` |
/// | a derived property recomputed three times | ``aDerivedPropertyRecomputedThreeTimesInOneCallIsCountedAndNamesWithTransaction()`` |
/// | a cycle of two bindings | `BindingCycleTests.aCycleOfTwoBindingsNamesBothPropertiesAndTheLinesThatMadeThem` |
/// | a crash after five operators | ``anObserverAfterFiveOperatorsSeesEachOperatorsValueAndLine()`` |
@Suite(.watchingThePool) struct PlantedBugTests {
  /// The sign-up form: three fields, what is derived from them, and the line that made each derived property.
  final class SignUpForm: Sendable {
    let email = MutableProperty("").named("email")
    let password = MutableProperty("").named("password")
    let confirmation = MutableProperty("").named("confirmation")
    let emailError: Property<String>
    let canSubmit: Property<Bool>

    init() {
      emailError = email.map { $0.contains("@") ? "" : "Enter an email address" }.named("emailError")
      canSubmit = Property.combineLatest(email, password, confirmation) { email, password, confirmation in
        email.contains("@") && password.count >= 8 && password == confirmation
      }
      .named("canSubmit")
    }
  }

  /// A label of a view: what a binding sets.
  final class Label: @unchecked Sendable {
    var text: String?
  }

  // Row 1: the binding's target lifetime ended early (the object owning the token was not stored), so the
  // label keeps its first value.
  @Test func aLabelThatStopsUpdatingIsExplainedByTheDumpAndByLogEvents() {
    let form = SignUpForm()
    let label = Label()
    func bindTheLabel() {
      // The planted bug: the token that keeps the target's lifetime is dropped when this function returns.
      let (lifetime, token) = Lifetime.make()
      BindingTarget(on: label, lifetime: lifetime, keyPath: \.text) <~ form.emailError
      _ = token
    }
    bindTheLabel()

    form.email.value = "ann@example.com"

    #expect(label.text == "Enter an email address")  // stopped: the empty error never arrived
    let dump = PropertyGraphDump(of: form).description
    #expect(dump.contains("emailError: Property<String>"))
    #expect(dump.contains("bound into BindingTarget<Optional<String>> (ended: its target's lifetime ended)"))

    // logEvents on the property shows its values, an empty string visibly.
    let lines = Mutex<[String]>([])
    let logged = form.emailError.logEvents(identifier: "emailError", events: [.value]) { _, message in
      lines.withLock { $0.append(message) }
    }
    form.email.value = "ann"
    #expect(lines.withLock { $0 } == [#"value """#, #"value "Enter an email address""#])
    _ = logged
  }

  // Row 3: three sets in one call, no transaction.
  @MainActor @Test func aDerivedPropertyRecomputedThreeTimesInOneCallIsCountedAndNamesWithTransaction() {
    let form = SignUpForm()
    let changes = Mutex<[PropertyChange]>([])
    let trace = form.canSubmit.traceChanges { change in changes.withLock { $0.append(change) } }
    defer { trace.dispose() }

    // The planted bug: three sets where one withTransaction { … } would make one change.
    form.email.value = "ann@example.com"
    form.password.value = "secret-password"
    form.confirmation.value = "secret-password"

    let seen = changes.withLock { $0 }
    #expect(seen.map(\.changesInThisCall) == [1, 2, 3])
    #expect(seen.map(\.sources) == [["email"], ["password"], ["confirmation"]])
    #expect(seen.last?.description.contains("canSubmit changed 3 times in one call") == true)
    #expect(seen.last?.description.contains("withTransaction") == true)
  }

  // Row 5: an observer after five property operators: which operator is which line, and which value is in
  // flight through each.
  @Test func anObserverAfterFiveOperatorsSeesEachOperatorsValueAndLine() {
    let form = SignUpForm()
    let line = UInt(#line + 1)
    let trimmed = form.email.map { $0.trimmingCharacters() }
    let lowered = trimmed.map { $0.lowercased() }
    let distinct = lowered.skipRepeats()
    let both = Property.combineLatest(distinct, form.password) { "\($0):\($1.count)" }
    let shown = both.map { "[\($0)]" }
    let inFlight = Mutex<[PropertyChange]>([])
    let observer = shown.signal.observeValues { _ in
      // Where the crash would be: what is being delivered, and through which lines.
      inFlight.withLock { $0 = PropertyChange.inFlight() }
    }
    defer { observer?.dispose() }

    form.email.value = " Ann@Example.com "

    let changes = inFlight.withLock { $0 }
    let derived = changes.filter { $0.property != "email" && $0.property != "emailError" && $0.property != "canSubmit" }
    let operators = ["map", "map", "skipRepeats", "combineLatest", "map"]
    #expect(derived.map { $0.site?.line } == (0..<5).map { line + $0 })
    #expect(
      derived.map(\.property)
        == (0..<5).map { "(\(operators[$0])) Property<String> at PlantedBugTests.swift:\(line + UInt($0))" })
    #expect(
      derived.map(\.value) == [
        #""Ann@Example.com""#, #""ann@example.com""#, #""ann@example.com""#, #""ann@example.com:0""#,
        #""[ann@example.com:0]""#,
      ])
    #expect(changes.first?.property == "email")
    #expect(changes.first?.value == #"" Ann@Example.com ""#)
  }
}

extension String {
  /// The string without leading and trailing spaces (Signals' tests import no Foundation).
  fileprivate func trimmingCharacters() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// The crash trail inside an operator's closure (issue 33): what `PropertyChange.inFlight()` lists from inside
/// the 5th operator of a chain, where a `precondition` would stop the program.
@Suite(.watchingThePool) struct InFlightInsideAClosureTests {
  @Test func insideTheFifthOperatorTheTrailListsTheSetEachComputedValueAndTheOperatorRunning() {
    let email = MutableProperty("").named("email")
    let seen = Mutex<[PropertyChange]>([])
    let line = UInt(#line + 1)
    let trimmed = email.map { $0.trimmingCharacters() }
    let lowered = trimmed.map { $0.lowercased() }
    let distinct = lowered.skipRepeats()
    let both = Property.combineLatest(distinct, email) { "\($0):\($1.count)" }
    let shown = both.map { value in
      // Where `precondition(!value.hasPrefix("ann"))` would crash: what is under way.
      if value.hasPrefix("ann") { seen.withLock { $0 = PropertyChange.inFlight() } }
      return "[\(value)]"
    }

    email.value = " Ann@Example.com "

    let changes = seen.withLock { $0 }
    let site = { (offset: UInt) in "PlantedBugTests.swift:\(line + offset)" }
    #expect(
      changes.map(\.property) == ["email"] + [
        "(map) Property<String> at \(site(0))", "(map) Property<String> at \(site(1))",
        "(skipRepeats) Property<String> at \(site(2))", "(combineLatest) Property<String> at \(site(3))",
        "(map) Property<String> at \(site(4))",
      ])
    #expect(changes.map(\.isBeingComputed) == [false, false, false, false, false, true])
    #expect(
      changes.dropLast().map(\.value) == [
        #"" Ann@Example.com ""#, #""Ann@Example.com""#, #""ann@example.com""#, #""ann@example.com""#,
        #""ann@example.com:17""#,
      ])
    let running = changes.last
    #expect(running?.computedBy == "map")
    #expect(running?.site?.line == line + 4)
    #expect(running?.inputs == [#"(combineLatest) Property<String> at \#(site(3)) = "ann@example.com:17""#])
    #expect(running?.path.first == "email")
    #expect(
      running?.description
        == #"(map) Property<String> at \#(site(4)) is being computed by map from (combineLatest) Property<String> at \#(site(3)) = "ann@example.com:17" (was "[:0]"), because email was set: email → (map) Property<String> at \#(site(0)) → (map) Property<String> at \#(site(1)) → (skipRepeats) Property<String> at \#(site(2)) → (combineLatest) Property<String> at \#(site(3)) → (map) Property<String> at \#(site(4))"#
    )
    #expect(PropertyChange.inFlight().isEmpty)  // nothing under way outside
    _ = shown
  }
}
