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
/// - Outputs: ``label``, ``placeholder``, ``validationError``, ``isValid`` and ``notice``.
///
/// An input may refuse part of what is typed (the phone takes digits only): it sets ``text`` back to what it
/// accepts, which the two-way binding shows in the field, and ``notice`` says what was refused.
///
/// It is `Sendable`, so that a form's commands can use it: every stored property is a `let` of a `Sendable`
/// type. The compiler checks that only for a final class, hence `@unchecked`; a subclass must add no mutable
/// state (``NameInputViewModel`` and ``PhoneInputViewModel`` add none).
open class InputViewModel: @unchecked Sendable {
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
  /// What the input refused of the last edit, such as `"digits only"`, or `nil` when it took all of it. The
  /// next edit it takes whole clears it, and so does ``endEditing()``: it is a hint for the edit in progress.
  public let notice: Property<String?>

  /// An input labelled `label` whose text is checked by `validate`.
  ///
  /// - Parameters:
  ///   - label: shown beside the field.
  ///   - placeholder: shown while the field is empty.
  ///   - text: the initial text.
  ///   - accept: what the input keeps of an edited text, and what it says about the rest (`nil` if it kept
  ///     all of it); by default, it keeps everything.
  ///   - validate: why a text cannot be submitted, or `nil` if it can; `@Sendable`, as the closure of any
  ///     property operator is.
  public init(
    label: String,
    placeholder: String,
    text: String? = nil,
    accept: @escaping (String) -> (text: String, notice: String?) = { ($0, nil) },
    validate: @escaping @Sendable (String?) -> InputError?
  ) {
    self.label = label
    self.placeholder = placeholder
    self.text = MutableProperty(text)
    validationError = self.text.map(validate)
    isValid = validationError.map { $0 == nil }
    let notice = MutableProperty<String?>(nil)
    self.notice = Property(notice)
    clearNotice = { if notice.value != nil { notice.value = nil } }
    // An edit the input does not take whole is set back to what it keeps: a second change, which comes back
    // here and keeps the notice. Any other edit clears it.
    var keptText: String?
    self.text.signal.observeValues { [weak text = self.text] edited in
      let isCorrection = keptText != nil && edited == keptText
      keptText = nil
      if isCorrection { return }  // the input's own correction, coming back: the notice stays
      guard let edited else { return notice.value = nil }
      let accepted = accept(edited)
      notice.value = accepted.notice
      guard accepted.text != edited else { return }
      keptText = accepted.text
      text?.value = accepted.text
    }
  }

  /// Empties the input.
  public func clear() {
    text.value = nil
  }

  /// Sets what ``notice`` follows back to `nil`: a closure, not a second stored property, so that the view
  /// model's outputs (what a dump or an exhaustive spec finds) are the ones it shows.
  private let clearNotice: @Sendable () -> Void

  /// The user is done with the field (the focus left it, or the form was submitted): what the input said about
  /// the last edit (``notice``) is cleared. The text stays.
  public func endEditing() {
    clearNotice()
  }
}

/// The guest-name input: any text that is not empty.
public final class NameInputViewModel: InputViewModel, @unchecked Sendable {
  /// A guest-name input showing `text`.
  public init(text: String? = nil) {
    super.init(label: "Guest", placeholder: "guest name", text: text) { text in
      guard let text, !text.isEmpty else { return InputError("Guest name must not be empty") }
      return nil
    }
  }
}

/// The phone input: a mainland China mobile number. It takes digits only, 11 at most.
public final class PhoneInputViewModel: InputViewModel, @unchecked Sendable {
  /// A phone input showing `text`.
  public init(text: String? = nil) {
    super.init(label: "Phone", placeholder: "11 digits", text: text, accept: Self.acceptDigits) { text in
      guard let text, !text.isEmpty else { return InputError("Phone number must not be empty") }
      guard Self.isValidPhoneNumber(text) else {
        return InputError("Phone number \(text) is not valid: use 11 digits starting 13, 15 or 18")
      }
      return nil
    }
  }

  /// The length of a mainland China mobile number.
  public static let digitCount = 11

  /// What the phone keeps of an edited text: its ASCII digits, the first ``digitCount`` of them; and what it
  /// says when that is not all of it.
  public static func acceptDigits(_ text: String) -> (text: String, notice: String?) {
    let digits = text.filter { $0.isASCII && $0.isNumber }
    if digits.count != text.count { return (String(digits.prefix(digitCount)), "digits only") }
    if digits.count > digitCount { return (String(digits.prefix(digitCount)), "\(digitCount) digits at most") }
    return (text, nil)
  }

  /// Whether `text` is a mainland China mobile number: `^1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}$`.
  public static func isValidPhoneNumber(_ text: String) -> Bool {
    text.wholeMatch(of: #/1(3[0-9]|5[0-35-9]|8[0-25-9])\d{8}/#) != nil
  }
}
