import Signals

// The hotel order demo, as far as the core goes today: a one-way binding (the title), a collection binding
// (combineLatest of title, guest name and phone into the summary), and bindings from input streams.
// The interactive terminal form — two-way text fields, the clear and submit commands and their errors —
// arrives with the MVVM layer (SignalsMVVM).

/// The view model: inputs are properties the view sets, outputs are properties the view binds.
final class HotelOrderViewModel {
  let title = Property(value: "Grand Hyatt Shanghai")
  let guestName = MutableProperty<String?>(nil)
  let phone = MutableProperty<String?>(nil)

  /// `"<name> will stay at <title>\nPhone: <phone>"`, nil inputs shown as empty.
  lazy var summary = Property.combineLatest(title, guestName, phone) { title, name, phone in
    "\(name ?? "") will stay at \(title)\nPhone: \(phone ?? "")"
  }
}

/// A stand-in for a label: it prints whenever its text changes.
final class ConsoleLabel {
  let name: String
  let text = MutableProperty("")
  init(name: String) {
    self.name = name
    text.signal.observeValues { print("[\(name)] \($0.replacingNewlines())") }
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " | ")
  }
}

let viewModel = HotelOrderViewModel()
let titleLabel = ConsoleLabel(name: "title")
let summaryLabel = ConsoleLabel(name: "summary")

titleLabel.text <~ viewModel.title
summaryLabel.text <~ viewModel.summary

// The user types: each keystroke arrives on a stream, as a text field's would.
let (nameKeystrokes, nameField) = Signal<String, Never>.pipe()
viewModel.guestName <~ nameKeystrokes

for prefix in ["L", "Li", "Li L", "Li Lei"] { nameField.send(value: prefix) }
viewModel.phone.value = "13812345678"
