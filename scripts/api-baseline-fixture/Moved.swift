// The same public API as Before.swift, written differently: declarations in another order and other
// files' lines, other comments, other bodies, another internal helper. Nothing here may be reported.

public enum Strategy {
  case merge

  case concat
}

extension Stream: Sendable where Value: Sendable {}

/// A stream of values, said another way.
public final class Stream<Value> {
  func anotherInternalHelper() -> Int { 1 }

  public func take(first count: Int) -> Stream<Value> {
    precondition(count >= 0)
    return self
  }

  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Stream<Value> { Stream() }

  public func map<U>(_ transform: @escaping (Value) -> U) -> Stream<U> {
    Stream<U>()
  }

  public init() {}
}
