@testable import Signals

/// A value that is deliberately not `Equatable`, so loop prevention cannot rely on comparing values.
struct Note: CustomStringConvertible {
  let text: String
  init(_ text: String) { self.text = text }
  var description: String { text }
}

/// The seed's phone-input view model, as a fixture: a text that a view binds both ways, and whether it is a
/// mainland mobile number.
final class PhoneInputViewModel {
  let text = MutableProperty<String?>(nil)
  let isPhoneValid: Property<Bool>

  init() {
    isPhoneValid = text.map { text in
      guard let text else { return false }
      return text.wholeMatch(of: #/1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}/#) != nil
    }
  }
}

/// Counts the values a signal delivers, e.g. how often a property was set.
final class Counter<Value>: @unchecked Sendable {
  private(set) var count = 0
  private(set) var last: Value?

  init(_ signal: Signal<Value, Never>) {
    signal.observeValues { [self] value in
      count += 1
      last = value
    }
  }
}

/// A text field as a view library would expose it: typing emits through its terminal; text set through the
/// terminal is displayed and, like a real field's programmatic set, emits nothing.
final class FakeTextField {
  private(set) var displayed: [String] = []
  private let (typed, typing) = Signal<String, Never>.pipe()
  private let token = Lifetime.Token()

  var terminal: ChannelTerminal<String> {
    // What is sent in reaches the field through a pipe it observes, as SignalsMVVM's TextField does: a
    // terminal may be sent into from any thread, and the field is not `Sendable`.
    let (sets, setsInput) = Signal<String, Never>.pipe()
    sets.observeValues { [weak self] text in self?.displayed.append(text) }
    return ChannelTerminal(producer: SignalProducer(typed), lifetime: Lifetime(token.disposables)) { event in
      if case .value(let text) = event { setsInput.send(value: text) }
    }
  }

  /// The user types `text`.
  func type(_ text: String) {
    typing.send(value: text)
  }
}
