import Signals

/// A headless message area: the place a form shows its latest confirmation or error, like a toast or an
/// alert.
public final class MessageArea: ReactiveObject {
  /// What a message area shows.
  public enum Message: Equatable, Sendable {
    /// Something went well, such as a confirmation.
    case info(String)
    /// Something went wrong, such as a validation failure.
    case error(String)

    /// The message's text.
    public var text: String {
      switch self {
      case .info(let text), .error(let text): return text
      }
    }
  }

  /// The message shown, or `nil` when there is none.
  public var message: Message?

  /// Ends when the message area is released.
  public let lifetime: Lifetime
  private let token: Lifetime.Token

  /// An empty message area.
  public init() {
    (lifetime, token) = Lifetime.make()
  }
}

extension Reactive where Base: MessageArea {
  /// Shows each bound message, replacing the previous one; `nil` clears it.
  public var message: BindingTarget<MessageArea.Message?> { self[\.message] }

  /// Shows each bound text as an error, RAC's error binding: `messages.reactive.errors <~ command.errors`.
  public var errors: BindingTarget<String> {
    makeBindingTarget { area, text in area.message = .error(text) }
  }

  /// Shows each bound text as information, such as a confirmation.
  public var infos: BindingTarget<String> {
    makeBindingTarget { area, text in area.message = .info(text) }
  }
}
