import Signals

/// The login form's view model (the seed's delegate-based sample, with bindings instead).
///
/// - Inputs: ``username`` and ``password`` (bound both ways to the fields), ``loginCommand``.
/// - Outputs: ``loginCommand``'s `isEnabled` (both fields non-empty) and `values` (the welcome message), and
///   ``message``.
public final class LoginViewModel {
  /// The username the user typed.
  public let username = MutableProperty<String?>(nil)
  /// The password the user typed.
  public let password = MutableProperty<String?>(nil)
  /// Whether both fields are filled in.
  public let canLogIn: Property<Bool>
  /// Logs in: enabled only when ``canLogIn``; sends the success message.
  public let loginCommand: Command<Void, String, Never>
  /// The welcome message of the last login, until the username or the password changes; `nil` otherwise.
  public let message: Property<String?>

  /// An empty login form.
  public init() {
    let username = self.username
    canLogIn = Property.combineLatest(username, password) { username, password in
      !(username ?? "").isEmpty && !(password ?? "").isEmpty
    }
    loginCommand = Command(
      enabledIf: canLogIn,
      work: { (_: Void) in "Welcome, \(username.value ?? "")! You are logged in." }
    )
    let edits = username.signal.merging(with: password.signal).map { _ in String?.none }
    message = Property(initial: nil, then: loginCommand.values.map { Optional($0) }.merging(with: edits)).skipRepeats()
  }
}
