import Signals

/// A headless text field, standing in for `UITextField`, that tells code's text from the user's: setting
/// ``text`` (a binding) emits nothing on ``userEdits``; ``userDidEdit(_:)`` (the user typing) does. So a
/// two-way binding, `field.reactive.textTerminal <~> viewModel.text`, never echoes.
public final class TextField: ReactiveObject {
  /// The text shown, as last set by code or edited by the user. Setting it emits nothing.
  public var text: String?

  /// A placeholder shown while the text is empty.
  public var placeholder: String?

  /// Every edit the user made, as the field's new text. It completes when the field is released.
  public let userEdits: Signal<String?, Never>

  /// Ends when the field is released.
  public let lifetime: Lifetime
  private let token: Lifetime.Token
  private let editsInput: Signal<String?, Never>.Observer

  /// An empty text field.
  public init(text: String? = nil, placeholder: String? = nil) {
    self.text = text
    self.placeholder = placeholder
    (lifetime, token) = Lifetime.make()
    (userEdits, editsInput) = Signal.pipe()
  }

  deinit {
    editsInput.sendCompleted()
  }

  /// The user replaced the text with `newText`: the field shows it and emits it on ``userEdits``.
  public func userDidEdit(_ newText: String?) {
    text = newText
    editsInput.send(value: newText)
  }

  /// The user typed `characters` at the end of the text.
  public func userDidType(_ characters: String) {
    userDidEdit((text ?? "") + characters)
  }

  /// The user deleted the last character, if any.
  public func userDidDeleteBackward() {
    guard let text, !text.isEmpty else { return }
    userDidEdit(String(text.dropLast()))
  }
}

extension Reactive where Base: TextField {
  /// Sets the field's text, as code does: nothing is emitted on ``TextField/userEdits``.
  public var text: BindingTarget<String?> { self[\.text] }

  /// The field's text as a two-way terminal: out come the user's edits (nothing replayed); what is sent in
  /// sets the text without coming out. `field.reactive.textTerminal <~> viewModel.text` first shows the
  /// model's text. It ends, with its bindings, when the field is released.
  public var textTerminal: ChannelTerminal<String?> {
    let base = self.base
    // The field is not `Sendable`: what is sent in, from any thread, reaches it through a pipe it observes.
    let (sets, setsInput) = Signal<String?, Never>.pipe()
    sets.observeValues { [weak base] text in base?.text = text }
    return ChannelTerminal(producer: SignalProducer(base.userEdits), lifetime: base.lifetime) { event in
      guard case .value(let text) = event else { return }
      setsInput.send(value: text)
    }
  }
}
