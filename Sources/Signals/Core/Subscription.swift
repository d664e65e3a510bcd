import Synchronization

/// One observer attached to a ``SignalCore``, and the disposable that detaches it.
///
/// `isActive` is cleared before the subscription leaves the core's list, and delivery checks it before
/// entering the observer, so no event starts in an observer after its `dispose()` has returned.
///
/// The subscription holds its core strongly. That is a cycle only while it is attached, and it is broken
/// when the subscription is removed (disposal) or the core finishes (every core finishes when its input,
/// upstream or owner goes away). A weak reference would be simpler to reason about, but it gives the core
/// a side table and makes every retain and release on the hot path take the runtime's slow path
/// (measured: send → map → filter → observer went from 84 ns to 56 ns without it).
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline let core: SignalCore<Value, Failure>

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
    core.remove(self)
  }
}
