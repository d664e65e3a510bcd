extension Signal {
  /// Drops every value and forwards the terminal event: the stream reduced to how it ends.
  /// ```
  /// input:          -1-2-3-|
  /// ignoreValues(): -------|
  /// ```
  /// - Emits: nothing; its `Value` is `Never`, so the type says so.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: an interrupted source interrupts the result; ending or abandoning the result
  ///   detaches it from the source.
  public func ignoreValues(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Never, Failure> {
    madeAt(relaying(IgnoreValuesStep<Value, Failure>()), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Drops every value of every start and forwards its terminal event; see ``Signal/ignoreValues(fileID:line:)``.
  public func ignoreValues(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Never, Failure> {
    lifting(#function, fileID, line) { $0.ignoreValues() }
  }
}

/// `ignoreValues`'s step: relays no value.
struct IgnoreValuesStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  func receive(_ value: Value, into downstream: SignalCore<Never, Failure>) -> Signal<Never, Failure>.Event? {
    nil
  }

  mutating func release() {}
}
