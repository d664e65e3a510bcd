import Foundation
import Signals
import SignalsSamples
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct PropertyGraphDumpTests {
  @Test func aDiamondIsShownWithEachOperatorValueAndObserverCount() {
    let first = MutableProperty("Ann")
    let nights = MutableProperty(2)
    let label = Property.combineLatest(first, nights.map { "\($0) nights" }) { "\($0), \($1)" }.named("label")
    let observer = label.producer.startWithValues { _ in }
    let dump = PropertyGraphDump(["label": label, "first": first])
    #expect(
      dump.description == """
        label: Property<String> = "Ann, 2 nights"  [combineLatest]  1 observer
        ├─ first: MutableProperty<String> = "Ann"
        └─ (map): Property<String> = "2 nights"
           └─ (MutableProperty): MutableProperty<Int> = 2
        first: MutableProperty<String> = "Ann"
        """)
    observer.dispose()
    _ = nights
  }

  @Test func theDotOutputHasABoxPerPropertyAndAnArrowPerInput() {
    let first = MutableProperty("").named("first")
    let upper = first.map { $0.uppercased() }.named("upper")
    let dot = PropertyGraphDump(["upper": upper]).dot
    #expect(dot.contains(#"n0 [label="upper\nmap: Property<String>\n\"\"", style=bold];"#))
    #expect(dot.contains(#"n1 [label="first\nMutableProperty: MutableProperty<String>\n\"\""];"#))
    #expect(dot.contains("n1 -> n0;"))
    #expect(dot.hasPrefix("digraph properties {") && dot.hasSuffix("}"))
  }

  @Test func theHotelOrderViewModelIsFoundByReflectionWithItsChildViewModels() {
    let viewModel = HotelOrderViewModel(title: "Seaside", guestName: "Ann", phone: "")
    let dump = PropertyGraphDump(of: viewModel)
    #expect(
      dump.description.contains(
        """
        summary: Property<String> = "Ann will stay at Seaside\\nPhone: "  [combineLatest]
        ├─ title: MutableProperty<String> = "Seaside"  ended
        ├─ name.text: MutableProperty<Optional<String>> = "Ann"  2 observers
        └─ phone.text: MutableProperty<Optional<String>> = ""  2 observers
        """))
    #expect(
      dump.description.contains(
        """
        phone.validationError: Property<Optional<InputError>> = Phone number must not be empty  [map]
        └─ phone.text: MutableProperty<Optional<String>> = ""  2 observers
        phone.isValid: Property<Bool> = false  [map]
        └─ phone.validationError (above)
        """))
    for name in ["submitCommand.isEnabled", "submitCommand.isExecuting", "clearCommand.isEnabled", "message"] {
      #expect(dump.nodes.contains { $0.name == name })
    }
    let summary = dump.nodes.firstIndex { $0.name == "summary" }!
    #expect(dump.nodes[summary].inputs.map { dump.nodes[$0].name } == ["title", "name.text", "phone.text"])
    #expect(dump.dot.contains("n\(dump.nodes[summary].inputs[1]) -> n\(summary);"))
    // Docs/images/hotel-order-graph.svg is drawn from this DOT: `SIGNALS_WRITE_DOT=path swift test --filter …`.
    if let path = ProcessInfo.processInfo.environment["SIGNALS_WRITE_DOT"] {
      try? dump.dot.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }
}
