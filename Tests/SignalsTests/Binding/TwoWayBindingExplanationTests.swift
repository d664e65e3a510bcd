import SignalsTestSupport
import Testing

@testable import Signals

/// Two-way bindings, named streams and named commands in the graph dump (debug builds): a `<~>` is listed on
/// both of its properties, with why it ended; a binding from a named signal names it; a named command's state
/// properties read `submit.isEnabled` wherever they appear.
@Suite(.watchingThePool) struct TwoWayBindingExplanationTests {
  @Test func aTwoWayBindingIsListedOnBothSidesWithTheLinesThatMadeThem() {
    let line = UInt(#line + 1)
    let field = MutableProperty("Ann").named("field")
    let model = MutableProperty("Bob").named("model")
    let binding = field <~> model
    let dump = PropertyGraphDump(["field": field, "model": model])
    let site = { CreationSite(fileID: #fileID, line: line + $0) }

    #expect(dump.nodes[0].bindings == [.init(direction: .with, other: "model", endReason: nil, otherSite: site(1))])
    #expect(dump.nodes[1].bindings == [.init(direction: .with, other: "field", endReason: nil, otherSite: site(0))])
    #expect(dump.description.contains("bound with model [\(site(1))]"))
    #expect(dump.dot.contains(#"label="<~>", dir=both"#))

    binding.dispose()

    #expect(
      PropertyGraphDump(["field": field]).description.contains(
        "bound with model [\(site(1))] (ended: its disposable was disposed)"))
  }

  @Test func aTwoWayBindingWhoseSideEndsSaysWhy() {
    let field = MutableProperty("Ann").named("two-way-field")
    let channel = Channel<String>()
    field <~> channel.followingTerminal

    channel.leadingTerminal.sendCompleted()

    let bindings = PropertyGraphDump(["field": field]).nodes[0].bindings
    #expect(bindings.count == 1)
    #expect(bindings.first?.direction == .with)
    #expect(bindings.first?.endReason == "one side completed")
  }

  @Test func aBindingFromANamedSignalNamesIt() {
    let (errors, input) = Signal<String, Never>.pipe()
    errors.named("errorText")
    let label = MutableProperty("").named("errorLabel")
    label <~ errors
    input.send(value: "Too short")

    #expect(label.value == "Too short")
    #expect(PropertyGraphDump(["label": label]).nodes[0].bindings.map(\.other) == ["errorText"])
    input.sendCompleted()
    #expect(PropertyGraphDump(["label": label]).nodes[0].bindings.first?.endReason == "its source completed")
  }

  @Test func aNamedCommandsStateIsNamedWhereverItAppearsWithTheLineThatMadeIt() {
    let line = UInt(#line + 1)
    let submit = Command<Void, Int, Never> { _ in 1 }.named("submit")
    let canSubmit = submit.isEnabled.map { $0 }.named("canSubmit")

    let dump = PropertyGraphDump(["canSubmit": canSubmit])

    #expect(dump.nodes.map(\.name) == ["canSubmit", "submit.isEnabled"])
    #expect(dump.nodes[1].site == CreationSite(fileID: #fileID, line: line))
    #expect(
      dump.description.hasSuffix(
        "└─ submit.isEnabled: MutableProperty<Bool> = true  TwoWayBindingExplanationTests.swift:\(line)"))
  }
}
