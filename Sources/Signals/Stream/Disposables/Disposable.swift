/// Something that can be ended once: a subscription, a started producer, a binding.
///
/// `dispose()` is idempotent and thread-safe. Disposing an observation detaches its observer: once
/// `dispose()` returns, no new event starts in that observer (an event another thread had already begun
/// delivering to it may still finish). Disposing a started producer interrupts it.
///
/// A class protocol, as ReactiveSwift's is: a disposable is something with an identity. A
/// ``CompositeDisposable`` (a lifetime) adds one once and removes it again by that identity, code may hold one
/// `weak`ly or compare it with `===`, and an `any Disposable` is a single reference, retained and released
/// without going through its type: it is made and dropped on every start and observation.
///
/// So a struct cannot adopt it (RxSwift lets one: RxExample's `ActivityToken`). A value type that ends
/// something keeps its own `dispose()` and hands that to the library, which runs it once:
///
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

/// A disposable that runs a closure the first time it is disposed.
///
/// The closure runs exactly once, on the thread that disposes first, and is released afterwards so that
/// nothing it captured stays alive.
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

/// The disposable of something that had already ended when it was handed out, such as a start of a producer
/// whose events were all delivered during the start: it is disposed, and disposing it does nothing.
@usableFromInline
final class EndedDisposable: Disposable {
  /// The one instance.
  @usableFromInline static let shared = EndedDisposable()

  private init() {}

  @usableFromInline var isDisposed: Bool { true }

  @usableFromInline func dispose() {}
}
