import SignalsMVVM

/// The login form as a ``FormSession``: a ``LoginView`` bound to a fresh ``LoginViewModel``, with the controls
/// `username`, `password` and `login`.
public final class LoginSession: FormSession {
  /// The form.
  public let view: LoginView

  /// A session on an empty login form.
  public init() {
    let view = LoginView(viewModel: LoginViewModel())
    self.view = view
    super.init(controls: [
      ("username", .field(view.usernameField)), ("password", .field(view.passwordField)),
      ("login", .button(view.loginButton)),
    ])
  }

  /// Why the login button is disabled.
  public override func whyDisabled(_ name: String) -> String? {
    "type a username and a password first"
  }

  /// The form as plain text, the focused control marked with `>`; the password is masked.
  public override var frame: String {
    let lines = [
      "== Log in ==", draw("username"), draw("password", masked: true), draw("login"), draw(view.messageArea),
    ]
    return lines.compactMap { $0 }.joined(separator: "\n")
  }
}
