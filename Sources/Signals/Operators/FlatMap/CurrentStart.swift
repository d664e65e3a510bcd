/// The one running inner start of `flatMap(.latest)` and `flatMap(.concat)`: a ``SerialDisposable`` for a
/// start's core.
///
/// It holds the core itself rather than the disposable a start returns, so that replacing the current start
/// interrupts the previous one in code specialised for the operator's types. Through the returned disposable
/// (an existential) the interruption runs unspecialised, and `.latest` replaces its inner start on every
/// outer value.
///
/// Like a serial disposable: setting a new core interrupts the previous one, outside the lock; once
/// disposed (the result ended), it interrupts its core and every core set afterwards, at once.
@usableFromInline
final class CurrentStart<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline
  struct State {
    @usableFromInline var core: SignalCore<Value, Failure>?
    @usableFromInline var isDisposed = false

    @inlinable
    init() {}
  }

  @usableFromInline let state = Locked(State())

  /// No start yet.
  @inlinable
  init() {}

  /// Makes `core` the current start (none for `nil`), interrupting the previous one; interrupts `core` at
  /// once if this was disposed.
  @inlinable
  func replace(with core: SignalCore<Value, Failure>?) {
    let toInterrupt = state.withLock { state -> SignalCore<Value, Failure>? in
      if state.isDisposed { return core }
      defer { state.core = core }
      return state.core === core ? nil : state.core
    }
    toInterrupt?.interrupt()
  }

  /// Whether `dispose()` has been called.
  @usableFromInline
  var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Interrupts the current start; later ones are interrupted as they are set.
  @usableFromInline
  func dispose() {
    let core = state.withLock { state -> SignalCore<Value, Failure>? in
      state.isDisposed = true
      return Swift.exchange(&state.core, with: nil)
    }
    core?.interrupt()
  }
}
