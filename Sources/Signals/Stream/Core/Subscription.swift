import Synchronization

/// The disposable that detaches one user's observer from a ``SignalCore``: all the caller keeps of it.
///
/// The observer itself is its box (``EventObserverBox``, ``ValueObserverBox``), which the core's list holds and
/// which does not know the subscription: a subscription the caller drops is freed at once, and the observer
/// stays attached. One the caller keeps never keeps the closure, or what it captured, alive once the observer
/// was removed or the signal ended. The box holds its switch (``ObserverBox/coreAddress``), which `dispose()` clears
/// under the core's lock as it takes the box out of the list; the box checks it before entering the closure,
/// so no event starts in an observer after its `dispose()` has returned.
///
/// The subscription holds its core strongly until it is disposed, so that a disposable kept after everything
/// else was dropped can still detach; letting go at disposal lets a derived signal that nobody references any
/// more be freed. Not weak: a weak reference gives the core a side table.
@usableFromInline
final class Subscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  /// The core the observer is attached to; `nil` once disposed. Read and cleared only by `detach`, which
  /// runs once.
  @usableFromInline var core: SignalCore<Value, Failure>?
  /// The identity of the observer's box: its address, reached only under the core's lock while the core's
  /// list holds it (see ``SignalCore/remove(observer:)``).
  @usableFromInline let box: ObjectIdentifier
  /// `core.remove(observer: box)`, made in the specialised `init`: `dispose()` runs unspecialised.
  @usableFromInline let detach: (Subscription) -> Void

  @inlinable
  init(core: SignalCore<Value, Failure>, box: ObserverBox) {
    self.core = core
    self.box = ObjectIdentifier(box)
    detach = { subscription in
      guard let core = subscription.core else { return }
      subscription.core = nil
      core.remove(observer: subscription.box)
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

/// What every box of a user's observer has: its core, retained while the observer is attached, which is also
/// its switch (see ``Subscription``).
///
/// The core is kept as an address rather than a reference, so that one word is both the reference and the
/// flag a delivery checks.
@usableFromInline
class ObserverBox {
  /// The address of the core, retained, while the observer may still be called; 0 once its subscription
  /// detached it (``SignalCore/remove(observer:)``, under the core's lock). Checked before each event.
  @usableFromInline final let coreAddress: Atomic<Int>

  /// A box keeping `core` alive while it is attached: a derived property that only its observer holds goes on.
  @inlinable
  init(core: AnyObject) {
    coreAddress = Atomic(Int(bitPattern: Unmanaged.passRetained(core).toOpaque()))
  }

  deinit {
    let address = coreAddress.load(ordering: .acquiring)
    if address != 0 { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
  }

  /// Whether the observer may still be called.
  @inlinable @inline(__always)
  final var isActive: Bool { coreAddress.load(ordering: .acquiring) != 0 }

  /// Under the core's lock, as the observer leaves the list: switches it off, and hands over the reference to
  /// the core, for the caller to let go of after the lock.
  @inlinable
  final func switchOff() -> Unmanaged<AnyObject>? {
    let address = coreAddress.exchange(0, ordering: .acquiringAndReleasing)
    return address == 0 ? nil : Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
  }
}

/// A user's observer of every event, as its core's list holds it: the closure, and the core, which it keeps
/// alive while it is attached (a derived property that only its observer holds goes on).
@usableFromInline
final class EventObserverBox<Value, Failure: Error>: ObserverBox {
  @usableFromInline let action: (Signal<Value, Failure>.Event) -> Void

  @inlinable
  init(_ core: SignalCore<Value, Failure>, _ action: @escaping (Signal<Value, Failure>.Event) -> Void) {
    self.action = action
    super.init(core: core)
  }

  @inlinable
  var entry: ObserverEntry<Value, Failure> {
    ObserverEntry(key: self) { [self] event in
      if isActive { action(event) }
    }
  }
}

/// A user's observer of values only, its closure kept as it is rather than wrapped in a closure that drops the
/// terminal event; see ``EventObserverBox``.
@usableFromInline
final class ValueObserverBox<Value, Failure: Error>: ObserverBox {
  @usableFromInline let action: (Value) -> Void

  @inlinable
  init(_ core: SignalCore<Value, Failure>, _ action: @escaping (Value) -> Void) {
    self.action = action
    super.init(core: core)
  }

  @inlinable
  var entry: ObserverEntry<Value, Failure> {
    ObserverEntry(key: self) { [self] event in
      guard case .value(let value) = event else { return }
      if isActive { action(value) }
    }
  }
}
