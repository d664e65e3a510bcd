import Signals

/// A headless label: text a view shows, standing in for `UILabel` in tests and the terminal demo.
///
/// Bind into it with `label.reactive.text <~ viewModel.title`; the binding ends when the label is released.
public final class Label: ReactiveObject {
  /// The text shown; `nil` shows nothing.
  public var text: String?

  /// Ends when the label is released.
  public let lifetime: Lifetime
  private let token: Lifetime.Token

  /// A label showing `text`.
  public init(_ text: String? = nil) {
    self.text = text
    (lifetime, token) = Lifetime.make()
  }
}

extension Reactive where Base: Label {
  /// Sets the label's text, until the label is released.
  public var text: BindingTarget<String?> { self[\.text] }
}
