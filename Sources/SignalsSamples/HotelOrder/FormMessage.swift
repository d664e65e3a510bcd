/// The message a form shows under its buttons: what the last submission did, for as long as it still applies.
public enum FormMessage: Equatable, Sendable {
  /// The submission went through: the confirmation to show.
  case confirmation(String)
  /// The submission was refused: why.
  case error(String)
}
