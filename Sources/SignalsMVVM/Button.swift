import Signals

/// A headless button, standing in for `UIButton`: a title, whether it is enabled, and its taps. With a
/// ``command`` (RAC's `rac_command`), it is enabled exactly when the command is, and a tap executes it.
/// ```swift
/// submitButton.command = viewModel.submitCommand
/// ```
public final class Button: ReactiveObject {
  /// The button's title.
  public var title: String

  /// Whether a tap does anything. While a ``command`` is set, it follows the command's `isEnabled`.
  public var isEnabled = true

  /// One `()` per accepted tap, from ``tap()``. It completes when the button is released.
  public let taps: Signal<Void, Never>

  /// The command a tap executes, RAC's `rac_command`: ``isEnabled`` follows its `isEnabled`. Setting another
  /// (or `nil`, which leaves the button enabled) ends those bindings first. The button holds its command; the
  /// command does not hold the button.
  public var command: (any ButtonCommand)? {
    didSet { bind(command) }
  }

  /// Ends when the button is released.
  public let lifetime: Lifetime
  private let token: Lifetime.Token
  private let tapsInput: Signal<Void, Never>.Observer
  private let commandBinding = SerialDisposable()

  /// An enabled button titled `title`.
  public init(_ title: String) {
    self.title = title
    (lifetime, token) = Lifetime.make()
    (taps, tapsInput) = Signal.pipe()
    lifetime += commandBinding
  }

  deinit {
    tapsInput.sendCompleted()
  }

  /// The user tapped the button: if it is enabled, it emits on ``taps``, executes its ``command`` and returns
  /// `true`.
  @discardableResult
  public func tap() -> Bool {
    guard isEnabled else { return false }
    tapsInput.send(value: ())
    return true
  }

  private func bind(_ command: (any ButtonCommand)?) {
    commandBinding.inner = nil
    guard let command else {
      isEnabled = true
      return
    }
    let binding = CompositeDisposable()
    binding += reactive.isEnabled <~ command.isEnabled
    binding += taps.observeValues { [weak command] in command?.execute() }
    commandBinding.inner = binding
  }
}

/// What a ``Button`` can execute: a ``/Signals/Command`` that takes no input, whatever it produces.
public protocol ButtonCommand: AnyObject {
  /// Whether an execution started now would run.
  var isEnabled: Property<Bool> { get }

  /// Starts one execution.
  @discardableResult
  func execute() -> any Disposable
}

extension Command: ButtonCommand where Input == Void {}

extension Reactive where Base: Button {
  /// Sets whether the button is enabled, until the button is released.
  public var isEnabled: BindingTarget<Bool> { self[\.isEnabled] }

  /// Sets the button's title, until the button is released.
  public var title: BindingTarget<String> { self[\.title] }
}
