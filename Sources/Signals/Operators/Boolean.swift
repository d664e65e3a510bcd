extension Signal where Value == Bool {
  /// The opposite of every value.
  /// ```
  /// input:     -t-f|
  /// negate():  -f-t|
  /// ```
  /// - Emits `!value`; completes, fails, interruption and disposal: as ``map(fileID:line:_:)``.
  public func negate(fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(map { !$0 }, #function, fileID, line)
  }

  /// Whether this signal's latest value and `other`'s are both `true`, once each has sent one.
  /// ```
  /// input:     -t---f|
  /// other:     --t-----|
  /// and:       --t--f--|
  /// ```
  /// - Emits `value && otherValue`; completes, fails, interruption and disposal: as `combiningLatest(with:)`.
  public func and(_ other: Signal, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(combiningLatest(with: other).map { $0 && $1 }, #function, fileID, line)
  }

  /// Whether this signal's latest value or `other`'s is `true`, once each has sent one.
  /// ```
  /// input:     -f---t|
  /// other:     --f-----|
  /// or:        --f--t--|
  /// ```
  /// - Emits `value || otherValue`; completes, fails, interruption and disposal: as `combiningLatest(with:)`.
  public func or(_ other: Signal, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(combiningLatest(with: other).map { $0 || $1 }, #function, fileID, line)
  }
}

extension SignalProducer where Value == Bool {
  /// The opposite of every value of every start; see ``Signal/negate(fileID:line:)``.
  public func negate(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line) { $0.negate() }
  }

  /// Whether the latest values of a start of this producer and of `other` are both `true`; see
  /// ``Signal/and(_:fileID:line:)``.
  public func and(_ other: SignalProducer, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line, other) { $0.and($1) }
  }

  /// Whether the latest value of a start of this producer or of `other` is `true`; see ``Signal/or(_:fileID:line:)``.
  public func or(_ other: SignalProducer, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line, other) { $0.or($1) }
  }
}

extension PropertyProtocol where Value == Bool {
  /// A property whose value is always the opposite of this one's (`map { !$0 }`): its `producer` sends `!value`
  /// now and at every change. Completes and disposes as ``PropertyProtocol/map(_:fileID:line:)``.
  public func negate(fileID: StaticString = #fileID, line: UInt = #line) -> Property<Bool> {
    map(fileID: fileID, line: line) { !$0 }
  }

  /// A property whose value is whether this property's value and `other`'s are both `true`
  /// (`Property.combineLatest(self, other) { $0 && $1 }`, glitch-free): its `producer` sends the current
  /// result, then one at every change of either. Completes and disposes as
  /// ``Property/combineLatest(_:_:fileID:line:)``.
  public func and<Other: PropertyProtocol<Bool>>(
    _ other: Other, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<Bool> {
    Property.combineLatest(self, other, fileID: fileID, line: line) { $0 && $1 }
  }

  /// A property whose value is whether this property's value or `other`'s is `true`
  /// (`Property.combineLatest(self, other) { $0 || $1 }`, glitch-free): its `producer` sends the current
  /// result, then one at every change of either. Completes and disposes as
  /// ``Property/combineLatest(_:_:fileID:line:)``.
  public func or<Other: PropertyProtocol<Bool>>(
    _ other: Other, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<Bool> {
    Property.combineLatest(self, other, fileID: fileID, line: line) { $0 || $1 }
  }
}
