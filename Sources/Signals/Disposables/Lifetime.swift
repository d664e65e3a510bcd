import Synchronization

/// The span of an object's or an operation's life, which ends exactly once.
///
/// Create one with ``make()``: the lifetime ends when its ``Token`` is released, so an object that keeps the
/// token as a stored property gives everyone a lifetime that ends in its `deinit`. Anything added to a
/// lifetime with `+=` or ``observeEnded(_:)`` is disposed when it ends; a lifetime that already ended disposes
/// additions at once.
public final class Lifetime: Sendable {
  @usableFromInline let disposables: CompositeDisposable
  /// The signal of ``ended``, made at its first access.
  private let endedSignal = AtomicLazyReference<Signal<Never, Never>>()

  /// A lifetime that ends when `disposables` is disposed.
  public init(_ disposables: CompositeDisposable) {
    self.disposables = disposables
  }

  /// A new lifetime and the token that ends it when released.
  public static func make() -> (lifetime: Lifetime, token: Token) {
    let token = Token()
    return (Lifetime(token.disposables), token)
  }

  /// A lifetime that has already ended.
  public static let empty: Lifetime = {
    let disposables = CompositeDisposable()
    disposables.dispose()
    return Lifetime(disposables)
  }()

  /// Whether the lifetime has ended.
  public var hasEnded: Bool { disposables.isDisposed }

  /// Runs `action` when the lifetime ends, or at once if it already has.
  ///
  /// - Returns: a disposable that cancels the observation without running `action`, or `nil` if the lifetime
  ///   had already ended (and `action` has run).
  @discardableResult
  public func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
    disposables.add(action)
  }

  /// A signal that completes when the lifetime ends, and sends no value. Observed after the end, it is
  /// interrupted at once, like any signal that already ended.
  ///
  /// It is one signal per lifetime, made at the first access: later accesses return the same signal and
  /// allocate nothing, so reading `ended` in a loop does not pile up work for the lifetime's end. Disposing
  /// an observation of it detaches that observer only.
  public var ended: Signal<Never, Never> {
    if let signal = endedSignal.load() { return signal }
    let (made, input) = Signal<Never, Never>.pipe()
    let signal = endedSignal.storeIfNil(made)
    // Only the stored signal is completed by the end; a pipe that lost a race to another thread is dropped.
    if signal === made { observeEnded { input.sendCompleted() } }
    return signal
  }

  /// Disposes `disposable` when `lifetime` ends.
  @discardableResult
  public static func += (lifetime: Lifetime, disposable: (any Disposable)?) -> (any Disposable)? {
    lifetime.disposables.add(disposable)
  }

  /// The owner's side of a ``Lifetime``: its release ends the lifetime.
  public final class Token: Sendable {
    @usableFromInline let disposables = CompositeDisposable()

    /// A token whose lifetime has not ended yet.
    public init() {}

    /// Ends the lifetime now, without waiting for release.
    public func dispose() {
      disposables.dispose()
    }

    deinit {
      disposables.dispose()
    }
  }
}
