/// A disposable holding at most one inner disposable, which it replaces on demand.
///
/// Setting `inner` disposes the previous inner disposable. Once the serial disposable is disposed, its inner
/// disposable is disposed, and any disposable set afterwards is disposed at once.
public final class SerialDisposable: Disposable, @unchecked Sendable {
  @usableFromInline struct State {
    var inner: (any Disposable)?
    var isDisposed = false
  }

  @usableFromInline let state: Locked<State>

  /// A serial disposable starting with `inner`.
  public init(_ inner: (any Disposable)? = nil) {
    state = Locked(State(inner: inner))
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The current inner disposable. Setting it disposes the previous one (outside the lock), or disposes the
  /// new one at once if this serial disposable is already disposed.
  public var inner: (any Disposable)? {
    get { state.withLock { $0.inner } }
    set {
      let toDispose = state.withLock { state -> (any Disposable)? in
        if state.isDisposed { return newValue }
        defer { state.inner = newValue }
        return state.inner === newValue ? nil : state.inner
      }
      toDispose?.dispose()
    }
  }

  /// Disposes the inner disposable; later inner disposables are disposed as they are set.
  public func dispose() {
    let inner = state.withLock { state -> (any Disposable)? in
      state.isDisposed = true
      defer { state.inner = nil }
      return state.inner
    }
    inner?.dispose()
  }
}
