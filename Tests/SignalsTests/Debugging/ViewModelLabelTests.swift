import SignalsTestSupport
import Synchronization
import Testing

@testable import Signals

/// A view model's labels without `.named()` (issue 33): `PropertyChange.traceAll(of:)` names each property
/// after its label, as `PropertyGraphDump(of:)` does, for the traces, the cycle reports and the delivery in
/// flight; and the dump lists the bindings from properties a view computed from the view model's.
@Suite(.watchingThePool) struct ViewModelLabelTests {
  /// A sign-up form with no `.named()` anywhere.
  final class SignUpForm: Sendable {
    let email = MutableProperty("")
    let password = MutableProperty("")
    let emailError: Property<String>
    let canSubmit: Property<Bool>

    init() {
      emailError = email.map { $0.contains("@") ? "" : "Enter an email address" }
      canSubmit = Property.combineLatest(email, password) { $0.contains("@") && $1.count >= 8 }
    }
  }

  final class Changes: Sendable {
    let all = Mutex<[PropertyChange]>([])
    func append(_ change: PropertyChange) { all.withLock { $0.append(change) } }
    var list: [PropertyChange] { all.withLock { $0 } }
  }

  @Test func aTraceOfAViewModelNamesItsPropertiesByTheirLabels() {
    let form = SignUpForm()
    let changes = Changes()
    let trace = PropertyChange.traceAll(of: form) { changes.append($0) }
    defer { trace.dispose() }

    form.email.value = "ann@example.com"

    #expect(changes.list.map(\.property) == ["email", "emailError", "canSubmit"])
    #expect(changes.list.last?.path == ["email", "canSubmit"])
    #expect(
      changes.list.last?.description
        == "canSubmit = false (was false, an equal value), because email was set: email → canSubmit")
  }

  @Test func theLabelsStayForTheDeliveryInFlightAndTheCycleReports() {
    let form = SignUpForm()
    PropertyChange.traceAll(of: form).dispose()
    let seen = Mutex<[String]>([])
    let observer = form.canSubmit.signal.observeValues { _ in
      seen.withLock { $0 = PropertyChange.inFlight().map(\.property) }
    }
    form.password.value = "secret-password"
    #expect(seen.withLock { $0 } == ["password", "canSubmit"])
    observer?.dispose()
  }

  final class Label: @unchecked Sendable {
    var text: String?
    let (lifetime, token) = Lifetime.make()
  }

  @Test func theDumpListsABindingFromAPropertyAViewComputedFromTheViewModelsWithItsLine() {
    let form = SignUpForm()
    let label = Label()
    let line = UInt(#line + 1)
    let shown = form.emailError.map { $0.isEmpty ? "ok" : "⚠ \($0)" }
    BindingTarget(on: label, lifetime: label.lifetime, keyPath: \.text) <~ shown

    let dump = PropertyGraphDump(of: form)
    let emailError = dump.nodes.first { $0.name == "emailError" }
    #expect(
      emailError?.bindings == [
        .init(
          direction: .into, other: "BindingTarget<Optional<String>>", endReason: nil, otherSite: nil,
          through: "(map) Property<String> at ViewModelLabelTests.swift:\(line)")
      ])
    #expect(
      dump.description.contains(
        "bound into BindingTarget<Optional<String>> through (map) Property<String> at ViewModelLabelTests.swift:\(line)"
      ))
    #expect(label.text == "⚠ Enter an email address")
  }
}
