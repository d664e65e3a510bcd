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
        label: Property<String> = "Ann, 2 nights"  [combineLatest] PropertyGraphDumpTests.swift:11  1 observer
        ├─ first: MutableProperty<String> = "Ann"  PropertyGraphDumpTests.swift:9
        └─ (map): Property<String> = "2 nights"  PropertyGraphDumpTests.swift:11
           └─ (MutableProperty): MutableProperty<Int> = 2  PropertyGraphDumpTests.swift:10
        first: MutableProperty<String> = "Ann"  PropertyGraphDumpTests.swift:9
        """)
    observer.dispose()
    _ = nights
  }

  @Test func theDotOutputHasABoxPerPropertyAndAnArrowPerInput() {
    let first = MutableProperty("").named("first")
    let upper = first.map { $0.uppercased() }.named("upper")
    let dot = PropertyGraphDump(["upper": upper]).dot
    #expect(
      dot.contains(#"n0 [label="upper\nmap: Property<String>\n\"\"\nat PropertyGraphDumpTests.swift:28", style=bold];"#)
    )
    #expect(
      dot.contains(
        #"n1 [label="first\nMutableProperty: MutableProperty<String>\n\"\"\nat PropertyGraphDumpTests.swift:27"];"#))
    #expect(dot.contains("n1 -> n0;"))
    #expect(dot.hasPrefix("digraph properties {") && dot.hasSuffix("}"))
  }

  @Test func theHotelOrderViewModelIsFoundByReflectionWithItsChildViewModels() {
    let viewModel = HotelOrderViewModel(title: "Seaside", guestName: "Ann", phone: "")
    let dump = PropertyGraphDump(of: viewModel)
    // The whole dump, each property with the line of the sample that made it (a debug build records them).
    #expect(
      dump.description == """
        title: MutableProperty<String> = "Seaside"  HotelOrderViewModel.swift:54  ended
        name.text: MutableProperty<Optional<String>> = "Ann"  InputViewModel.swift:63  2 observers
        name.validationError: Property<Optional<InputError>> = nil  [map] InputViewModel.swift:64
        └─ name.text: MutableProperty<Optional<String>> = "Ann"  InputViewModel.swift:63  2 observers
        name.isValid: Property<Bool> = true  [map] InputViewModel.swift:65
        └─ name.validationError (above)
        name.notice: MutableProperty<Optional<String>> = nil  InputViewModel.swift:66
        phone.text: MutableProperty<Optional<String>> = ""  InputViewModel.swift:63  2 observers
        phone.validationError: Property<Optional<InputError>> = Phone number must not be empty  [map] InputViewModel.swift:64
        └─ phone.text: MutableProperty<Optional<String>> = ""  InputViewModel.swift:63  2 observers
        phone.isValid: Property<Bool> = false  [map] InputViewModel.swift:65
        └─ phone.validationError (above)
        phone.notice: MutableProperty<Optional<String>> = nil  InputViewModel.swift:66
        summary: Property<String> = "Ann will stay at Seaside\\nPhone: "  [combineLatest] HotelOrderViewModel.swift:60
        ├─ title: MutableProperty<String> = "Seaside"  HotelOrderViewModel.swift:54  ended
        ├─ name.text: MutableProperty<Optional<String>> = "Ann"  InputViewModel.swift:63  2 observers
        └─ phone.text: MutableProperty<Optional<String>> = ""  InputViewModel.swift:63  2 observers
        clearCommand.isEnabled: MutableProperty<Bool> = true  HotelOrderViewModel.swift:64
        clearCommand.isExecuting: MutableProperty<Bool> = false  HotelOrderViewModel.swift:64
        submitCommand.isEnabled: MutableProperty<Bool> = true  HotelOrderViewModel.swift:72
        submitCommand.isExecuting: MutableProperty<Bool> = false  HotelOrderViewModel.swift:72
        message: Property<Optional<FormMessage>> = nil  [skipRepeats] HotelOrderViewModel.swift:85
        └─ (Property): Property<Optional<FormMessage>> = nil  HotelOrderViewModel.swift:84
        """)
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
