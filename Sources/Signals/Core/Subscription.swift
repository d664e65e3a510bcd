import Synchronization

/// The disposable that detaches one observer from a ``SignalCore``.
///
/// `isActive` is cleared before the observer leaves the core's list, and delivery checks it before entering
/// the observer: once `dispose()` returns, no new event starts in the observer (one that another thread had
/// already begun delivering may still finish). The subscription holds the core weakly and the observer's
/// closure not at all, so keeping it keeps nothing else alive.
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline weak let core: SignalCore<Value, Failure>?

  @inlinable
  init(core: SignalCore<Value, Failure>) {
    self.core = core
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  @usableFromInline
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    core?.remove(self)
  }
}
