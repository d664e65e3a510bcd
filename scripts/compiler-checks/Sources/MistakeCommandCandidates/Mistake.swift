import Signals

// A command's work inside the parentheses, unlabelled.
// expected: is unavailable: move the work after the parentheses: Command(enabledIf: …) { input in … }
// not expected: fileID

func book(_ isOnline: MutableProperty<Bool>) -> Command<String, String, Never> {
  Command(enabledIf: isOnline, { hotel in SignalProducer(value: "Booked \(hotel)") })
}
