import SignalsTestSupport
import Testing

@testable import Signals

/// A cycle report names only the cycle (issue 33): exactly the properties the change went round, whether the
/// change started from a plain set, a transaction, or a binding into the cycle.
@Suite(.watchingThePool) struct BindingCycleRouteTests {
  struct Route: Equatable { var text: String }
  /// Markers that keep each test's reports apart (`BindingCycleTests.cycles` routes reports by type name).
  struct InTransaction {}
  struct FromOutside {}
  struct FromInside {}

  /// `email` and `handle` bound into each other, and `password` beside them: names made unique to each test.
  struct Form {
    let email: MutableProperty<Route>
    let handle: MutableProperty<Route>
    let password: MutableProperty<Route>
    let canSubmit: Property<Bool>
    init(_ tag: String) {
      email = MutableProperty(Route(text: "")).named("email-\(tag)")
      handle = MutableProperty(Route(text: "")).named("handle-\(tag)")
      password = MutableProperty(Route(text: "")).named("password-\(tag)")
      canSubmit = Property.combineLatest(email, password) { !$0.text.isEmpty && !$1.text.isEmpty }
    }
    func names(_ path: [String]) -> [String] { path.map { String($0.prefix { $0 != ":" }) } }
  }

  @Test func aTransactionThatSetsAPropertyBesideTheCycleReportsOnlyTheCycle() {
    let form = Form("InTransaction")
    let cycles = BindingCycleTests.cycles(of: InTransaction.self) {
      form.handle <~ form.email.map { Route(text: "@" + $0.text) }
      form.email <~ form.handle.map { Route(text: String($0.text.dropFirst())) + "!" }
      withTransaction {
        form.email.value = Route(text: "ann")
        form.password.value = Route(text: "secret")
      }
    }
    // The bind-time trip, then the transaction's: each names email and handle only.
    #expect(
      cycles.map { form.names($0.path) }
        == Array(
          repeating: ["email-InTransaction", "handle-InTransaction", "email-InTransaction"], count: 2))
    _ = form.canSubmit
  }

  @Test func aPlainSetOfAPropertyBoundIntoTheCycleReportsOnlyTheCycle() {
    let form = Form("FromOutside")
    let typed = MutableProperty(Route(text: "")).named("typed-FromOutside")
    let cycles = BindingCycleTests.cycles(of: FromOutside.self) {
      form.handle <~ form.email.map { Route(text: "@" + $0.text) }
      form.email <~ form.handle.map { Route(text: String($0.text.dropFirst())) + "!" }
      form.email <~ typed.signal
      typed.value = Route(text: "ann")
    }
    #expect(!cycles.isEmpty)
    #expect(
      cycles.last.map { form.names($0.path) } == ["email-FromOutside", "handle-FromOutside", "email-FromOutside"])
    #expect(!cycles.contains { $0.description.contains("typed-FromOutside") })
  }

  @Test func aPlainSetInsideTheCycleReportsTheCycle() {
    let form = Form("FromInside")
    let cycles = BindingCycleTests.cycles(of: FromInside.self) {
      form.handle <~ form.email.map { Route(text: "@" + $0.text) }
      form.email <~ form.handle.map { Route(text: String($0.text.dropFirst())) + "!" }
      form.email.value = Route(text: "ann")
    }
    #expect(!cycles.isEmpty)
    #expect(cycles.last.map { form.names($0.path) } == ["email-FromInside", "handle-FromInside", "email-FromInside"])
  }
}

extension BindingCycleRouteTests.Route {
  static func + (route: Self, suffix: String) -> Self { Self(text: route.text + suffix) }
}
