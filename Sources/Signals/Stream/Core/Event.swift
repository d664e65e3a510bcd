extension Signal {
  /// One thing that happens on a stream: a value, or one of the three terminal events.
  ///
  /// Every stream obeys the grammar `value* (failed | completed | interrupted)?`: any number of values,
  /// then at most one terminal event, after which nothing more is delivered.
  public enum Event {
    /// A value.
    case value(Value)
    /// The stream failed with an error. Terminal.
    case failed(Failure)
    /// The stream finished normally. Terminal.
    case completed
    /// The stream was cut short: its producer was disposed, or it was observed after it had ended. Terminal.
    case interrupted

    /// Whether this event ends the stream (`failed`, `completed` or `interrupted`).
    @inlinable
    public var isTerminating: Bool {
      if case .value = self { return false }
      return true
    }

    /// The value this event carries, or `nil` for a terminal event.
    @inlinable
    public var value: Value? {
      if case .value(let value) = self { return value }
      return nil
    }

    /// The error this event carries, or `nil` unless it is `failed`.
    @inlinable
    public var error: Failure? {
      if case .failed(let error) = self { return error }
      return nil
    }

    /// The same event with its value transformed; terminal events pass through unchanged.
    @inlinable
    public func map<U>(_ transform: (Value) throws -> U) rethrows -> Signal<U, Failure>.Event {
      switch self {
      case .value(let value): return .value(try transform(value))
      case .failed(let error): return .failed(error)
      case .completed: return .completed
      case .interrupted: return .interrupted
      }
    }

    /// The same event with its error transformed; values and other terminal events pass through unchanged.
    @inlinable
    public func mapError<F>(_ transform: (Failure) throws -> F) rethrows -> Signal<Value, F>.Event {
      switch self {
      case .value(let value): return .value(value)
      case .failed(let error): return .failed(try transform(error))
      case .completed: return .completed
      case .interrupted: return .interrupted
      }
    }
  }
}

extension Signal.Event: Equatable where Value: Equatable, Failure: Equatable {}

extension Signal.Event: CustomStringConvertible {
  /// `value(…)`, `failed(…)`, `completed` or `interrupted`.
  public var description: String {
    switch self {
    case .value(let value): return "value(\(value))"
    case .failed(let error): return "failed(\(error))"
    case .completed: return "completed"
    case .interrupted: return "interrupted"
    }
  }
}

extension Signal.Event: Sendable where Value: Sendable {}
