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
    func marker(_ name: String) -> String { name == focusedName ? ">" : " " }
    func field(_ field: TextField, _ name: String, masked: Bool) -> String {
      let text = field.text ?? ""
      let shown =
        text.isEmpty ? "(\(field.placeholder ?? ""))" : masked ? String(repeating: "*", count: text.count) : text
      return "\(marker(name)) \(name): [\(shown)]"
    }
    let button = view.loginButton
    var lines = [
      "== Log in ==",
      field(view.usernameField, "username", masked: false),
      field(view.passwordField, "password", masked: true),
      "\(marker("login")) [ \(button.title) ]\(button.isEnabled ? "" : " (disabled)")",
    ]
    if let message = view.messageArea.message { lines.append("  ✓ \(message.text)") }
    return lines.joined(separator: "\n")
  }
}
