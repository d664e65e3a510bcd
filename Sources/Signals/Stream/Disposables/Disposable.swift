/// Something that can be ended once: a subscription, a started producer, a binding.
///
/// `dispose()` is idempotent and thread-safe. Once it returns, no new event starts in a disposed observation's
/// observer (one already being delivered may finish); a disposed start is interrupted.
///
/// A class protocol, as ReactiveSwift's: a disposable has an identity (a ``CompositeDisposable`` removes one by
/// it), and `any Disposable` is a single reference. A value type that ends something hands its `dispose` over:
/// ```swift
/// struct Token: Sendable {
///   let end: AnyDisposable
///   func dispose() { end.dispose() }
/// }
///
/// let tracked = SignalProducer<Int, Never> { observer, lifetime in  // RxSwift's Observable.using
///   let token = Token(end: AnyDisposable { print("ended") })
///   lifetime.observeEnded(token.dispose)  // or `lifetime += AnyDisposable(token.dispose)`
///   observer.send(value: 1)
/// }
/// ```
public protocol Disposable: AnyObject, Sendable {
  /// Whether `dispose()` has been called.
  var isDisposed: Bool { get }

  /// Ends what this disposable stands for. Calling it again does nothing.
  func dispose()
}

/// A disposable that runs a closure once, on the thread that disposes first, then releases it.
public final class AnyDisposable: Disposable, @unchecked Sendable {
  @usableFromInline let action: Locked<(() -> Void)?>

  /// A disposable that runs `action` when first disposed.
  public init(_ action: @escaping () -> Void) {
    self.action = Locked(action)
  }

  /// A disposable with nothing to do; it only records that it was disposed.
  public init() {
    self.action = Locked({})
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { action.withLock { $0 == nil } }

  /// Runs the action if this is the first call; later calls do nothing.
  public func dispose() {
    let run = action.withLock { action -> (() -> Void)? in
      defer { action = nil }
      return action
    }
    run?()
  }
}

/// The disposable of something already ended when handed out (a start whose events were all delivered during
/// it): disposed, and disposing it does nothing.
@usableFromInline
final class EndedDisposable: Disposable {
  /// The one instance.
  @usableFromInline static let shared = EndedDisposable()

  private init() {}

  @usableFromInline var isDisposed: Bool { true }

  @usableFromInline func dispose() {}
}
