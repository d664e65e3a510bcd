// The public API of Before.swift after a change each kind of which must be reported: a renamed argument
// label, a removed method, an added method, an added constraint, a changed enum, a lost conformance.

/// A stream of values.
public final class Stream<Value> {
  public init() {}

  /// Transforms every value.
  public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Stream<U> { Stream<U>() }

  public func take(count: Int) -> Stream<Value> { self }

  public func skipRepeats() -> Stream<Value> where Value: Equatable { self }
}

public enum Strategy {
  case merge
  case latest
}
