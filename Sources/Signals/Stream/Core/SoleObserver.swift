/// The closure of a core's one observer, kept beside its list so that the thread that owns the delivery calls
/// it in place (see ``SignalCore/soleObserver``).
///
/// Noncopyable, so that the call goes through a borrow. The borrow is safe because nobody writes the variable
/// while it is read: a busy core queues every change of its list for the deliverer, and a sealed core keeps
/// it as it is until its end (see ``SignalCore/sealIfAlone(_:)``).
@usableFromInline
enum SoleObserver<Value, Failure: Error>: ~Copyable {
  /// None, or several observers: deliveries take a snapshot of the list.
  case none
  /// The one observer's closure.
  case one((Signal<Value, Failure>.Event) -> Void)

  @inlinable @inline(__always)
  borrowing func receive(_ event: Signal<Value, Failure>.Event) {
    switch self {
    case .none: break
    case .one(let action): action(event)
    }
  }
}

/// The states of a core's ``SignalCore/soleObserver``, kept in ``SignalCore/soleState``.
@usableFromInline
enum SoleState {
  /// No observer, or several: deliveries take a snapshot of the list.
  @usableFromInline static let none: UInt8 = 0
  /// The sole observer is the list's one observer: deliveries call it in place.
  @usableFromInline static let valid: UInt8 = 1
  /// The list changed during a delivery: deliveries take a snapshot until the deliverer refreshes it.
  @usableFromInline static let stale: UInt8 = 2
}

/// Whom the thread that owns a core's delivery calls, decided under the lock: the one observer, in place, or
/// a snapshot of the list (no observer, or several).
@usableFromInline
enum Recipients<Value, Failure: Error> {
  /// The core's own observer: a start's (``StartCore/receive(_:)``).
  case own
  /// The core's ``SignalCore/soleObserver``, with no snapshot.
  case sole
  /// A snapshot of the observers.
  case list(ObserverList<Value, Failure>)
}

/// What attaching a replaying observer must do once the lock is released.
@usableFromInline
enum ReplayStep<Value> {
  /// The core ended: send its last value and complete.
  case ended(Value?)
  /// The core is busy: the attachment was queued.
  case queued
  /// The core was idle and is now ours: replay the current value, then drain.
  case replayNow(Value?)
}
