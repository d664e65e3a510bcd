import Signals

/// A headless text field, standing in for `UITextField`: text set by code, and text edited by the user, told
/// apart.
///
/// - Setting ``text`` (what a binding does) changes what the field shows and emits nothing on
///   ``userEdits``.
/// - ``userDidEdit(_:)`` (what the terminal demo and tests do when the user types) changes the text and
///   emits the new text on ``userEdits``.
///
/// That is what lets a two-way binding never echo: `field.reactive.textTerminal <~> viewModel.text` sends
/// the user's edits to the model and the model's changes to the field, and neither comes back.
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

  /// The field's text as a two-way terminal: what comes out is the user's edits (nothing is replayed); what
  /// is sent in sets the text without coming out again. Bind it to a view model with
  /// `field.reactive.textTerminal <~> viewModel.text`, which first shows the model's text in the field.
  ///
  /// It ends when the field is released, and so do the bindings made with it.
  public var textTerminal: ChannelTerminal<String?> {
    let base = self.base
    // A terminal may be sent into from any thread, and the field is not `Sendable`: what is sent in reaches the
    // field through a pipe it observes, one value at a time, on the sending thread, as a binding would.
    let (sets, setsInput) = Signal<String?, Never>.pipe()
    sets.observeValues { [weak base] text in base?.text = text }
    return ChannelTerminal(producer: SignalProducer(base.userEdits), lifetime: base.lifetime) { event in
      guard case .value(let text) = event else { return }
      setsInput.send(value: text)
    }
  }
}
