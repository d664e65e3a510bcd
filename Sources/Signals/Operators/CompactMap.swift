extension Signal {
  /// Transforms every value and forwards the results that are not `nil`.
  /// ```
  /// input:                -a-b-c-|   (a = "1", b = "x", c = "3")
  /// compactMap(Int.init): -1---3-|
  /// ```
  /// - Emits: `transform(value)` for each value where it is not `nil`; values that give `nil` are dropped.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  @inlinable @inline(__always)
  public func compactMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> U?
  ) -> Signal<U, Failure> {
    madeAt(relaying(CompactMapStep(transform)), #function, fileID, line)
  }

  /// Forwards the values that are not `nil`, unwrapped.
  /// ```
  /// input:   -1-n-3-|   (n = nil)
  /// skipNil: -1---3-|
  /// ```
  /// - Emits: every non-`nil` value, unwrapped.
  /// - Completes, fails, interruption and disposal: as ``compactMap(fileID:line:_:)``.
  @inlinable
  public func skipNil<Wrapped>(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Wrapped, Failure>
  where Value == Wrapped? {
    madeAt(compactMap { $0 }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Transforms every value of every start and forwards the non-`nil` results; see ``Signal/compactMap(fileID:line:_:)``.
  @inlinable
  public func compactMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) -> U?
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.compactMap(transform) }
  }

  /// Forwards the non-`nil` values of every start, unwrapped; see ``Signal/skipNil(fileID:line:)``.
  @inlinable
  public func skipNil<Wrapped>(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Wrapped, Failure>
  where Value == Wrapped? {
    lifting(#function, fileID, line) { $0.skipNil() }
  }
}

/// `compactMap`'s step: relays `transform(value)` where it is not `nil`.
@usableFromInline
struct CompactMapStep<Input, Output, Failure: Error>: RelayStep, ~Copyable {
  @usableFromInline typealias InputFailure = Failure

  @usableFromInline var transform: (Input) -> Output?

  @inlinable
  init(_ transform: @escaping (Input) -> Output?) {
    self.transform = transform
  }

  @inlinable @inline(__always)
  func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event? {
    if let transformed = transform(value) { downstream.relayValue(transformed) }
    return nil
  }

  @inlinable
  mutating func release() {
    transform = { _ in relayClosureCalledAfterTheEnd() }
  }
}
