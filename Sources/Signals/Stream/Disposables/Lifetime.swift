import Synchronization

/// The span of an object's or an operation's life, which ends exactly once.
///
/// Create one with ``make()``: it ends when its ``Token`` is released, so an object keeping the token gives a
/// lifetime that ends in its `deinit`. What is added with `+=` or ``observeEnded(_:)`` is disposed when it
/// ends, or at once if it already has.
public final class Lifetime: Sendable {
  /// What ends the lifetime: a composite, or a producer start, which makes its composite at the first
  /// addition.
  @usableFromInline
  enum Source: Sendable {
    case disposables(CompositeDisposable)
    case start(any LifetimeOwner)
  }

  @usableFromInline let source: Source
  /// The signal of ``ended``, made at its first access.
  private let endedSignal = AtomicLazyReference<Signal<Never, Never>>()

  /// A lifetime that ends when `disposables` is disposed.
  public init(_ disposables: CompositeDisposable) {
    source = .disposables(disposables)
  }

  /// The lifetime of a producer start, which ends when the start's stream does.
  @inlinable
  init(owner: any LifetimeOwner) {
    source = .start(owner)
  }

  /// What is disposed when the lifetime ends; a start makes it at the first call.
  @inlinable
  var disposables: CompositeDisposable {
    switch source {
    case .disposables(let disposables): disposables
    case .start(let owner): owner.lifetimeDisposables()
    }
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
  @inlinable
  public var hasEnded: Bool {
    switch source {
    case .disposables(let disposables): disposables.isDisposed
    case .start(let owner): owner.hasEndedLifetime
    }
  }

  /// Runs `action` when the lifetime ends, or at once if it already has. Returns a disposable that cancels it,
  /// or `nil` if `action` has already run.
  @discardableResult
  public func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
    disposables.add(action)
  }

  /// A signal that completes, sending no value, when the lifetime ends (one per lifetime, made at the first
  /// access); observed after the end, it is interrupted at once. Disposing an observation detaches that one.
  public var ended: Signal<Never, Never> {
    if let signal = endedSignal.load() { return signal }
    let (made, input) = Signal<Never, Never>.pipe()
    let signal = endedSignal.storeIfNil(made)
    // Only the stored signal is completed by the end; a pipe that lost a race to another thread is dropped.
    if signal === made { observeEnded { input.sendCompleted() } }
    return signal
  }

  /// Disposes `disposable` when the lifetime ends, or at once if it already has; like `+=`, without making
  /// the handle that removes it, which the library's own additions never use.
  @inlinable
  func hold(_ disposable: (any Disposable)?) {
    if let disposable { disposables.insert(disposable) }
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

/// A producer start as the owner of its ``Lifetime`` (see ``StartCore``).
@usableFromInline
protocol LifetimeOwner: AnyObject, Sendable {
  /// The lifetime's disposables: made at the first call and disposed when the start ends; already disposed
  /// if it has ended.
  func lifetimeDisposables() -> CompositeDisposable
  /// Whether the start's stream has ended.
  var hasEndedLifetime: Bool { get }
}
