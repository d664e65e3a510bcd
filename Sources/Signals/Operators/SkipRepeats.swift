extension Signal where Value: Equatable {
  /// Drops each value equal to the last value forwarded.
  ///
  /// ```
  /// input:         -1-1-2-2-1-|
  /// skipRepeats(): -1---2---1-|
  /// ```
  ///
  /// - Emits: the first value, then each value that differs from the last one forwarded.
  /// - Completes, fails, interruption and disposal: as ``skipRepeats(_:)``.
  public func skipRepeats() -> Signal {
    skipRepeats(==)
  }
}

extension Signal {
  /// Drops each value equivalent to the last value forwarded.
  ///
  /// ```
  /// input:                            -0-3-6-9-|
  /// skipRepeats { abs($0 - $1) < 5 }: -0---6---|
  /// ```
  ///
  /// A value is compared with the last value *forwarded*, not with the one just before it, so a slow drift
  /// is still reported: what the result last sent is always equivalent to the source's latest value.
  ///
  /// - Parameter isEquivalent: called with the last forwarded value and the new one; `true` drops the new one.
  /// - Emits: the first value, then each value that `isEquivalent` does not match with the last one forwarded.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      var last: Value?
      return upstream.observe { event in
        if case .value(let value) = event {
          if let last, isEquivalent(last, value) { return }
          last = value
        }
        downstream.relay(event)
      }
    })
  }
}

extension SignalProducer where Value: Equatable {
  /// Drops each value of every start equal to the last one forwarded; see ``Signal/skipRepeats()``.
  public func skipRepeats() -> SignalProducer {
    lift { $0.skipRepeats() }
  }
}

extension SignalProducer {
  /// Drops each value of every start equivalent to the last one forwarded; see ``Signal/skipRepeats(_:)``.
  public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> SignalProducer {
    lift { $0.skipRepeats(isEquivalent) }
  }
}

extension PropertyProtocol where Value: Equatable {
  /// A property that follows this one but changes only when the value really changes.
  ///
  /// Its value is always equal to this property's value; its `signal` and `producer` skip sets of an equal
  /// value. It ends when this property ends.
  public func skipRepeats() -> Property<Value> {
    lift { $0.skipRepeats() }
  }
}

extension PropertyProtocol {
  /// A property that follows this one but changes only when the new value is not equivalent to its own.
  ///
  /// Its value is always equivalent to this property's value (it keeps the last value it took); it ends when
  /// this property ends.
  public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
    lift { $0.skipRepeats(isEquivalent) }
  }
}
