import Synchronization

/// The disposable that detaches one user's observer from a ``SignalCore``.
///
/// `isActive` is cleared before the observer leaves the core's list, and the observer's box checks it before
/// entering the closure, so no event starts in an observer after its `dispose()` has returned.
///
/// The observer's closure is not stored here but in its box (``EventObserverBox``, ``ValueObserverBox``), which
/// only the core's list holds. A disposable someone keeps therefore never keeps the closure, or what it
/// captured, alive once the observer was removed or the signal ended. The subscription knows its box only by
/// identity: the box can be freed before the subscription, and is never reached through it.
///
/// The subscription holds its core strongly until it is disposed. That is a cycle only while it is attached,
/// and it is broken when the observer is removed (disposal) or the core finishes (every core finishes when
/// its input, upstream or owner goes away). Letting go of the core at disposal lets a derived signal that
/// nobody references any more be freed.
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  /// The core the observer is attached to; `nil` once disposed. Read and cleared only by `detach`, which
  /// runs once.
  @usableFromInline var core: SignalCore<Value, Failure>?
  /// The identity of the observer's box in the core's list; never dereferenced.
  @usableFromInline var box: ObjectIdentifier?
  /// `core.remove(key: box)`, made where the types are known.
  @usableFromInline let detach: (Subscription) -> Void

  @inlinable
  init(core: SignalCore<Value, Failure>) {
    self.core = core
    detach = { subscription in
      guard let box = subscription.box, let core = subscription.core else { return }
      subscription.core = nil
      core.remove(key: box)
    }
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  @usableFromInline
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    detach(self)
  }
}

/// One observer as a core's list keeps it: the closure that receives the events, and the identity of the
/// object it calls, by which the entry is removed.
///
/// That object is an operator's core (see ``RelayCore``) or the box of a user's closure, and the closure
/// captures nothing else.
@usableFromInline
struct ObserverEntry<Value, Failure: Error> {
  /// The identity of the object `action` calls; never dereferenced.
  @usableFromInline let key: ObjectIdentifier
  /// Delivers one event; its context is the object identified by `key`.
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void

  @inlinable
  init(key: AnyObject, action: @escaping (Signal<Value, Failure>.Event) -> Void) {
    self.key = ObjectIdentifier(key)
    self.action = action
  }

  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    action(event)
  }
}

/// The closure of a user's observer of every event, and the subscription that can switch it off.
@usableFromInline
final class EventObserverBox<Value, Failure: Error> {
  @usableFromInline let subscription: Subscription<Value, Failure>
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void

  @inlinable
  init(_ subscription: Subscription<Value, Failure>, _ action: @escaping (Signal<Value, Failure>.Event) -> Void) {
    self.subscription = subscription
    self.action = action
  }

  @inlinable
  var entry: ObserverEntry<Value, Failure> {
    ObserverEntry(key: self) { [self] event in
      if subscription.isActive.load(ordering: .acquiring) { action(event) }
    }
  }
}

/// The closure of a user's observer of values only, kept as it is rather than wrapped in a closure that
/// drops the terminal event, and the subscription that can switch it off.
@usableFromInline
final class ValueObserverBox<Value, Failure: Error> {
  @usableFromInline let subscription: Subscription<Value, Failure>
  @usableFromInline let action: (Value) -> Void

  @inlinable
  init(_ subscription: Subscription<Value, Failure>, _ action: @escaping (Value) -> Void) {
    self.subscription = subscription
    self.action = action
  }

  @inlinable
  var entry: ObserverEntry<Value, Failure> {
    ObserverEntry(key: self) { [self] event in
      guard case .value(let value) = event else { return }
      if subscription.isActive.load(ordering: .acquiring) { action(value) }
    }
  }
}
