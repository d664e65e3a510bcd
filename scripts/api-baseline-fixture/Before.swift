// The public API of a module before a change (scripts/check-api-baseline.sh --self-test).

/// A stream of values.
public final class Stream<Value> {
  public init() {}

  /// Transforms every value.
  public func map<U>(_ transform: @escaping (Value) -> U) -> Stream<U> { Stream<U>() }

  /// Keeps the values that pass.
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Stream<Value> { self }

  public func take(first count: Int) -> Stream<Value> { self }

  func internalHelper() {}
}

extension Stream: Sendable where Value: Sendable {}

public enum Strategy {
  case merge
  case concat
}
