import Synchronization

/// One observer attached to a ``SignalCore``, and the disposable that detaches it.
///
/// `isActive` is cleared before the subscription leaves the core's list, and delivery checks it before
/// entering the observer, so no event starts in an observer after its `dispose()` has returned.
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline weak let core: SignalCore<Value, Failure>?

  @inlinable
  init(_ action: @escaping (Signal<Value, Failure>.Event) -> Void, core: SignalCore<Value, Failure>) {
    self.action = action
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
