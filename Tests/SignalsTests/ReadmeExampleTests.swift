import Signals
import SignalsTestSupport
import Testing

/// The README's example, verbatim between the markers (scripts/check-readme-example.sh keeps them equal).
@Suite(.watchingThePool) struct ReadmeExampleTests {
  @Test func exampleRunsAsTheReadmeSays() {
    #expect(readmeExample() == ["LI LEI · 13812345678"])
  }
}

/// Runs the example, and returns what it printed: its `print` is caught, so that the log of `swift test` shows
/// nothing that is not a test's.
private func readmeExample() -> [String] {
  var printed: [String] = []
  func print(_ item: Any) { printed.append("\(item)") }
  // README-EXAMPLE-BEGIN
  // A hot stream: a pipe, and the input you send into.
  let (guestNames, guestNameInput) = Signal<String, Never>.pipe()

  // State with a current value.
  let name = MutableProperty("")
  let phone = MutableProperty("")

  // Bind the stream into the state: the binding ends when `name` goes away.
  name <~ guestNames.map { $0.uppercased() }

  // Compose: a summary that follows both inputs (RAC's combineLatest:reduce:).
  let summary = Property.combineLatest(name, phone) { name, phone in
    "\(name) · \(phone)"
  }

  // A label bound to the summary: one-way binding.
  let label = MutableProperty("")
  label <~ summary

  guestNameInput.send(value: "li lei")
  phone.value = "13812345678"
  print(label.value)  // LI LEI · 13812345678
  // README-EXAMPLE-END
  return printed
}
