import Signals

/// Why an input's text cannot be submitted, with the message to show.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message to show the user.
  public let message: String

  /// An error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// The view model of one labelled text input: the base that ``NameInputViewModel`` and
/// ``PhoneInputViewModel`` specialise with their label and validation.
///
/// - Inputs: ``text``, which the view binds both ways to its text field, and ``clear()``.
/// - Outputs: ``label``, ``placeholder``, ``validationError`` and ``isValid``.
open class InputViewModel {
  /// The label shown beside the field.
  public let label: String
  /// The text shown while the field is empty.
  public let placeholder: String
  /// The text: set by the view when the user edits, and by the view model (``clear()``), shown by the view.
  public let text: MutableProperty<String?>
  /// Why the current text cannot be submitted, or `nil` when it can. It follows ``text``.
  public let validationError: Property<InputError?>
  /// Whether the current text can be submitted. It follows ``text``.
  public let isValid: Property<Bool>

  /// An input labelled `label` whose text is checked by `validate`.
  ///
  /// - Parameters:
  ///   - label: shown beside the field.
  ///   - placeholder: shown while the field is empty.
  ///   - text: the initial text.
  ///   - validate: why a text cannot be submitted, or `nil` if it can.
  public init(
    label: String,
    placeholder: String,
    text: String? = nil,
    validate: @escaping (String?) -> InputError?
  ) {
    self.label = label
    self.placeholder = placeholder
    self.text = MutableProperty(text)
    validationError = self.text.map(validate)
    isValid = validationError.map { $0 == nil }
  }

  /// Empties the input.
  public func clear() {
    text.value = nil
  }
}

/// The guest-name input: any text that is not empty.
public final class NameInputViewModel: InputViewModel {
  /// A guest-name input showing `text`.
  public init(text: String? = nil) {
    super.init(label: "Guest", placeholder: "guest name", text: text) { text in
      guard let text, !text.isEmpty else { return InputError("Guest name must not be empty") }
      return nil
    }
  }
}

/// The phone input: a mainland China mobile number.
public final class PhoneInputViewModel: InputViewModel {
  /// A phone input showing `text`.
  public init(text: String? = nil) {
    super.init(label: "Phone", placeholder: "mobile number", text: text) { text in
      guard let text, !text.isEmpty else { return InputError("Phone number must not be empty") }
      guard Self.isValidPhoneNumber(text) else {
        return InputError("Phone number \(text) is not valid: use 11 digits starting 13, 15 or 18")
      }
      return nil
    }
  }

  /// Whether `text` is a mainland China mobile number: `^1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}$`.
  public static func isValidPhoneNumber(_ text: String) -> Bool {
    text.wholeMatch(of: #/1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}/#) != nil
  }
}
