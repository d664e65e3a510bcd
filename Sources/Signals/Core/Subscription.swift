import Synchronization

/// One observer attached to a ``SignalCore``, and the disposable that detaches it.
///
/// `isActive` is cleared before the subscription leaves the core's list, and delivery checks it before
/// entering the observer, so no event starts in an observer after its `dispose()` has returned.
///
/// The observer's closure is not stored here but beside the subscription in the core's list (an
/// ``ObserverEntry``), so that a disposable someone keeps never keeps the closure, or what it captured, alive
/// once the observer was removed or the signal ended.
///
/// The subscription holds its core strongly. That is a cycle only while it is attached, and it is broken
/// when the subscription is removed (disposal) or the core finishes (every core finishes when its input,
/// upstream or owner goes away). A weak reference would be simpler to reason about, but it gives the core
/// a side table and makes every retain and release on the hot path take the runtime's slow path
/// (measured: send → map → filter → observer went from 84 ns to 56 ns without it).
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline let core: SignalCore<Value, Failure>

  @inlinable
  init(core: SignalCore<Value, Failure>) {
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

/// An observer as the core keeps it: the closure to call, and the subscription that can switch it off.
@usableFromInline
struct ObserverEntry<Value, Failure: Error> {
  @usableFromInline let subscription: Subscription<Value, Failure>
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void

  @inlinable
  init(_ subscription: Subscription<Value, Failure>, _ action: @escaping (Signal<Value, Failure>.Event) -> Void) {
    self.subscription = subscription
    self.action = action
  }

  @inlinable
  var isActive: Bool { subscription.isActive.load(ordering: .acquiring) }
}
