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
    let pattern = try! Regex(#"^1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}$"#)
    isPhoneValid = text.map { text in
      guard let text else { return false }
      return (try? pattern.wholeMatch(in: text)) != nil
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
    ChannelTerminal(producer: SignalProducer(typed), lifetime: Lifetime(token.disposables)) { [weak self] event in
      if case .value(let text) = event { self?.displayed.append(text) }
    }
  }

  /// The user types `text`.
  func type(_ text: String) {
    typing.send(value: text)
  }
}
