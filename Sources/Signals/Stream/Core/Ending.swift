/// How a core ended: the one record of its end (``SignalCore/State/ending``), from which whether it ended,
/// whether an event ended it, and the terminal event ``SignalCore/observeForwardingEnd(_:)`` hands on are all
/// read.
///
/// Not the event itself: a core's state must not depend on its value type in layout, since a core's `deinit`
/// runs unspecialised. A failure's error is kept in a box, made only when a core fails.
@usableFromInline
enum Ending<Failure: Error> {
  case completed
  case interrupted
  case failed(FailureBox<Failure>)
  /// Ended with no event: nobody could observe the core any more (``SignalCore/endIfAbandoned(_:)``).
  case abandoned

  @inlinable
  init<Value>(_ event: Signal<Value, Failure>.Event) {
    switch event {
    case .failed(let error): self = .failed(FailureBox(error))
    case .completed: self = .completed
    case .value, .interrupted: self = .interrupted
    }
  }

  @inlinable
  func event<Value>(of _: Value.Type = Value.self) -> Signal<Value, Failure>.Event {
    switch self {
    case .completed: .completed
    case .interrupted, .abandoned: .interrupted
    case .failed(let box): .failed(box.error)
    }
  }

  /// Whether a terminal event ended the core (rather than the loss of its last observer and handle).
  @inlinable
  var isEvent: Bool {
    if case .abandoned = self { return false }
    return true
  }
}

/// The error of a core that failed (see ``Ending``).
@usableFromInline
final class FailureBox<Failure: Error> {
  @usableFromInline let error: Failure

  @inlinable
  init(_ error: Failure) {
    self.error = error
  }
}
