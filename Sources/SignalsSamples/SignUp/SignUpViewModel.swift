import Signals

/// What a sign-up form says about one input.
public enum ValidationResult: Equatable, Sendable {
  /// Nothing typed yet.
  case empty
  /// Being checked, for example with the server.
  case validating
  /// Acceptable, with a message to show.
  case ok(String)
  /// Not acceptable, with the reason.
  case failed(String)

  /// Whether the input is acceptable.
  public var isValid: Bool {
    if case .ok = self { return true }
    return false
  }
}

/// The service the sign-up form talks to. The app passes the real one; specs pass a fake on a
/// `TestScheduler`. It is `Sendable`: the form asks it from whatever thread the username changes or the
/// sign-up command executes on.
public protocol SignUpAPI: AnyObject, Sendable {
  /// Whether nobody has taken `username` yet.
  func usernameAvailable(_ username: String) -> SignalProducer<Bool, Never>
  /// Signs up; sends whether it succeeded.
  func signUp(username: String, password: String) -> SignalProducer<Bool, Never>
}

/// The sign-up form's view model (RxSwift's GitHub sign-up example).
///
/// - Inputs: ``username``, ``password``, ``repeatedPassword`` (bound both ways), ``signUpCommand``.
/// - Outputs: ``validatedUsername`` (checked with the server, the latest check winning),
///   ``validatedPassword``, ``validatedRepeatedPassword``, ``signUpEnabled``, ``signingIn``, ``signedIn``.
public final class SignUpViewModel {
  /// The username typed.
  public let username = MutableProperty<String?>(nil)
  /// The password typed.
  public let password = MutableProperty<String?>(nil)
  /// The password typed again.
  public let repeatedPassword = MutableProperty<String?>(nil)

  /// Letters and digits only, then available on the server; each change cancels the check in flight.
  public let validatedUsername: Property<ValidationResult>
  /// At least ``minimumPasswordLength`` characters.
  public let validatedPassword: Property<ValidationResult>
  /// The same as the password.
  public let validatedRepeatedPassword: Property<ValidationResult>
  /// Signs up with the username and password; enabled when all three inputs are valid and it is not running.
  public let signUpCommand: Command<Void, Bool, Never>
  /// Whether the sign-up button is enabled: all three inputs valid, and not signing up already.
  public let signUpEnabled: Property<Bool>
  /// Whether a sign-up is in flight.
  public let signingIn: Property<Bool>
  /// The result of every sign-up.
  public let signedIn: Signal<Bool, Never>

  /// The shortest acceptable password.
  public static let minimumPasswordLength = 5

  /// A sign-up form talking to `api`, which it holds.
  public init(api: any SignUpAPI) {
    let username = self.username
    let password = self.password
    validatedUsername = Property(
      initial: .empty,
      then: username.producer.flatMap(.latest) { text -> SignalProducer<ValidationResult, Never> in
        let text = text ?? ""
        if text.isEmpty { return SignalProducer(value: .empty) }
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
          return SignalProducer(value: .failed("Username can only contain letters or digits"))
        }
        return api.usernameAvailable(text)
          .map { $0 ? ValidationResult.ok("Username available") : .failed("Username already taken") }
          .prefix(value: .validating)
      }
    ).skipRepeats()
    validatedPassword = password.map { text in
      let count = (text ?? "").count
      if count == 0 { return .empty }
      if count < Self.minimumPasswordLength {
        return .failed("Password must be at least \(Self.minimumPasswordLength) characters")
      }
      return .ok("Password acceptable")
    }
    validatedRepeatedPassword = Property.combineLatest(password, repeatedPassword) { password, repeated in
      guard let repeated, !repeated.isEmpty else { return .empty }
      return repeated == password ? .ok("Password repeated") : .failed("Password different")
    }
    let allValid = Property.combineLatest(validatedUsername, validatedPassword, validatedRepeatedPassword) {
      $0.isValid && $1.isValid && $2.isValid
    }
    signUpCommand = Command(enabledIf: allValid) { (_: Void) -> SignalProducer<Bool, Never> in
      api.signUp(username: username.value ?? "", password: password.value ?? "")
    }
    signUpEnabled = signUpCommand.isEnabled
    signingIn = signUpCommand.isExecuting
    signedIn = signUpCommand.values
  }
}
