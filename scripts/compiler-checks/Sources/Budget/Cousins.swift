import Signals

// The badge's four- and three-input cousins, and zip, written as users write them.

struct Summary: Equatable, Sendable {
  var headline: String
  var detail: String
  var isValid: Bool
}

final class SignUpViewModel {
  let email = MutableProperty("")
  let password = MutableProperty("")
  let confirmation = MutableProperty("")
  let acceptsTerms = MutableProperty(false)

  let summary: Property<Summary>
  let canSubmit: Property<Bool>
  let passwordHint: Signal<String, Never>
  let strength: SignalProducer<String, Never>
  let pairs: Signal<String, Never>
  let zippedProducer: SignalProducer<String, Never>

  init() {
    summary = Property.combineLatest(email, password, confirmation, acceptsTerms) {
      email, password, confirmation, terms in
      Summary(
        headline: email.isEmpty ? "Sign up" : "Sign up as \(email.lowercased())",
        detail: password.count < 8
          ? "\(8 - password.count) more character\(8 - password.count == 1 ? "" : "s")"
          : (password == confirmation ? "Passwords match" : "Passwords differ"),
        isValid: email.contains("@") && password.count >= 8 && password == confirmation && terms)
    }

    canSubmit = Property.combineLatest(email, password, acceptsTerms) { email, password, terms in
      email.contains("@") && !email.hasPrefix("@") && password.count >= 8 && terms || email == "admin" && terms
    }

    passwordHint = Signal.combineLatest(password.signal, confirmation.signal, email.signal) {
      password, confirmation, email in
      password.isEmpty
        ? "Choose a password"
        : password == confirmation
          ? "\(password.count) characters, \(password.lowercased() == email.lowercased() ? "same as e-mail" : "ok")"
          : "The confirmation differs by \(abs(password.count - confirmation.count)) character(s)"
    }

    strength = password.producer.combiningLatest(with: email.producer, acceptsTerms.producer)
      .map { password, email, terms in
        let score = password.count * 4 + (password.contains("!") ? 10 : 0) - (password.contains(email) ? 20 : 0)
        return terms ? (score > 40 ? "strong (\(score))" : score > 20 ? "fair (\(score))" : "weak (\(score))") : "-"
      }

    pairs = Signal.zip(email.signal, password.signal, confirmation.signal, acceptsTerms.signal) {
      email, password, confirmation, terms in
      "\(email): \(password.count)/\(confirmation.count)\(terms ? " ✓" : "")\(password == confirmation ? "" : " ≠")"
    }

    zippedProducer = email.producer.zipping(with: password.producer, acceptsTerms.producer)
      .map { email, password, terms in
        "\(email.isEmpty ? "-" : email) \(String(repeating: "•", count: password.count)) \(terms ? "✓" : "✗")"
      }
  }
}
