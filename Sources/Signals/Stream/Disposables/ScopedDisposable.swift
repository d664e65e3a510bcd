/// A disposable that disposes its inner disposable when it is itself released.
///
/// Keep one as a stored property to tie a subscription to the owner's lifetime: when the owner goes away,
/// the subscription ends.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
  /// The disposable that is disposed when this one is disposed or released.
  public let inner: Inner

  /// Wraps `inner`, disposing it on release.
  public init(_ inner: Inner) {
    self.inner = inner
  }

  deinit {
    inner.dispose()
  }

  /// Whether the inner disposable has been disposed.
  public var isDisposed: Bool { inner.isDisposed }

  /// Disposes the inner disposable now.
  public func dispose() {
    inner.dispose()
  }
}

extension ScopedDisposable where Inner == AnyDisposable {
  /// Wraps any disposable, disposing it on release.
  public convenience init(_ disposable: any Disposable) {
    self.init(AnyDisposable { disposable.dispose() })
  }
}
