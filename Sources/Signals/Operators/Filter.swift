extension Signal {
  /// Lets through only the values that satisfy `isIncluded`.
  /// ```
  /// input:        -1-2-3-4-|
  /// filter(even): ---2---4-|
  /// ```
  /// - Emits: each value for which `isIncluded` returns `true`.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  @inlinable @inline(__always)
  public func filter(
    fileID: StaticString = #fileID, line: UInt = #line, _ isIncluded: @escaping (Value) -> Bool
  ) -> Signal {
    madeAt(relaying(FilterStep(isIncluded)), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Lets through only the values that satisfy `isIncluded`; see ``Signal/filter(fileID:line:_:)``.
  @inlinable
  public func filter(
    fileID: StaticString = #fileID, line: UInt = #line, _ isIncluded: @escaping @Sendable (Value) -> Bool
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.filter(isIncluded) }
  }
}

/// `filter`'s step: relays the values `isIncluded` accepts.
@usableFromInline
struct FilterStep<Value, Failure: Error>: RelayStep, ~Copyable {
  @usableFromInline typealias InputFailure = Failure

  @usableFromInline var isIncluded: (Value) -> Bool

  @inlinable
  init(_ isIncluded: @escaping (Value) -> Bool) {
    self.isIncluded = isIncluded
  }

  @inlinable @inline(__always)
  func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    if isIncluded(value) { downstream.relayValue(value) }
    return nil
  }

  @inlinable
  mutating func release() {
    isIncluded = { _ in relayClosureCalledAfterTheEnd() }
  }
}
