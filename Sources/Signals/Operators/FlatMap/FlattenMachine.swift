/// An inner start of `flatMap`, as the engine stops it.
@usableFromInline
enum InnerStart<Value, Failure: Error> {
  /// A start with a signal of its own: stopping it interrupts that signal.
  case core(StartCore<Value, Failure>)
  /// The engine observes an inner producer's signal directly (``SignalProducer/init(_:)-(Signal<Value,Failure>)``):
  /// stopping it detaches from that signal.
  case subscription(any Disposable)

  /// Stops this start.
  @inlinable
  func interrupt() {
    switch self {
    case .core(let core): core.interrupt()
    case .subscription(let subscription): subscription.dispose()
    }
  }
}

/// The one running inner start of `flatMap(.latest)` and `flatMap(.concat)`: a ``SerialDisposable`` for an
/// ``InnerStart``.
///
/// It holds the start's core (or subscription) rather than the disposable a start returns, so that replacing
/// the current start interrupts the previous one in code specialised for the operator's types. Through the
/// returned disposable (an existential) the interruption runs unspecialised, and `.latest` replaces its inner
/// start on every outer value.
///
/// Like a serial disposable: setting a new start stops the previous one, outside the lock; once disposed (the
/// result ended), it stops its start and every start set afterwards, at once.
@usableFromInline
final class CurrentStart<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline
  struct State {
    @usableFromInline var core: InnerStart<Value, Failure>?
    @usableFromInline var isDisposed = false

    @inlinable
    init() {}
  }

  @usableFromInline let state = Locked(State())

  /// No start yet.
  @inlinable
  init() {}

  /// Makes `core` the current start (none for `nil`), stopping the previous one; stops `core` at once if
  /// this was disposed. `core` is a new start, never the current one.
  @inlinable
  func replace(with core: InnerStart<Value, Failure>?) {
    let toInterrupt = state.withLock { state -> InnerStart<Value, Failure>? in
      if state.isDisposed { return core }
      return Swift.exchange(&state.core, with: core)
    }
    toInterrupt?.interrupt()
  }

  /// Whether `dispose()` has been called.
  @usableFromInline
  var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Interrupts the current start; later ones are interrupted as they are set.
  @usableFromInline
  func dispose() {
    let core = state.withLock { state -> InnerStart<Value, Failure>? in
      state.isDisposed = true
      return Swift.exchange(&state.core, with: nil)
    }
    core?.interrupt()
  }
}
