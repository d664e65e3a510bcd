import Signals
import SignalsMVVM

/// The login form: two fields, a button bound to the login command, and a message area.
public final class LoginView {
  /// The view model it shows.
  public let viewModel: LoginViewModel
  /// The username field.
  public let usernameField = TextField(placeholder: "username")
  /// The password field.
  public let passwordField = TextField(placeholder: "password")
  /// Runs the login command; enabled only when both fields are filled in.
  public let loginButton = Button("Log in")
  /// Shows the view model's message: the welcome, until an input changes.
  public let messageArea = MessageArea()

  /// The form, bound to `viewModel`.
  public init(viewModel: LoginViewModel) {
    self.viewModel = viewModel
    usernameField.reactive.textTerminal <~> viewModel.username
    passwordField.reactive.textTerminal <~> viewModel.password
    loginButton.command = viewModel.loginCommand
    messageArea.reactive.message <~ viewModel.message.map { $0.map(MessageArea.Message.info) }
  }
}
