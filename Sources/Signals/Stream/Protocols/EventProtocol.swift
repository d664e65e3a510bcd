/// An event of a stream, for extensions on streams of events (`Value: EventProtocol`), as ReactiveSwift's: a
/// ``Signal/Event`` conforms and gives itself as ``event``.
/// ```swift
/// extension Signal where Value: EventProtocol, Failure == Never {
///   /// The failures among the events, as values.
///   func failures() -> Signal<Value.Failure, Never> { compactMap { $0.event.error } }
/// }
/// ```
public protocol EventProtocol<Value, Failure> {
  /// The type of the values.
  associatedtype Value
  /// The type of the failure.
  associatedtype Failure: Swift.Error

  /// The event itself.
  var event: Signal<Value, Failure>.Event { get }
}

extension Signal.Event: EventProtocol {
  /// This event itself: what ``EventProtocol`` asks for.
  public var event: Signal<Value, Failure>.Event { self }
}

extension Signal.Event {
  /// Whether this event is `completed`.
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Whether this event is `failed`; ``error`` gives its error.
  public var isFailed: Bool {
    if case .failed = self { return true }
    return false
  }

  /// Whether this event is `interrupted`.
  public var isInterrupted: Bool {
    if case .interrupted = self { return true }
    return false
  }
}
