// Property.combineLatest (with a closure or without) and combiningLatest(with:), two to six properties: two and
// three inputs over nodes of their own (PropertyCombination.swift), more over the parameter-pack node
// (CombineLatest.swift); why they exist: CombineLatestOverloads.swift. The inputs are `some PropertyProtocol<B>`,
// not `B: PropertyProtocol` with `B.Value` in the closure's type, which the type checker solves more slowly.

extension Property {
  /// A property whose value is the tuple of the current values of three properties.
  ///
  /// - Emits, completes and disposal: as ``combineLatest(_:_:fileID:line:)``, of which this is the
  ///   three-input overload.
  @inlinable
  public static func combineLatest<B, C>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C)> {
    latestTriple(a, b, c, fileID: fileID, line: line) { ($0, $1, $2) }
  }

  /// A property whose value is the tuple of the current values of four properties.
  ///
  /// - Emits, completes and disposal: as ``combineLatest(_:_:fileID:line:)``, of which this is the
  ///   four-input overload.
  @inlinable
  public static func combineLatest<B, C, D>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D)> {
    latestTuple(a, b, c, d, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of the current values of five properties.
  ///
  /// - Emits, completes and disposal: as ``combineLatest(_:_:fileID:line:)``, of which this is the
  ///   five-input overload.
  @inlinable
  public static func combineLatest<B, C, D, E>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E)> {
    latestTuple(a, b, c, d, e, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of the current values of six properties.
  ///
  /// - Emits, completes and disposal: as ``combineLatest(_:_:fileID:line:)``, of which this is the
  ///   six-input overload.
  @inlinable
  public static func combineLatest<B, C, D, E, F>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E, F)> {
    latestTuple(a, b, c, d, e, f, fileID: fileID, line: line)
  }

  /// A property whose value is `reduce` applied to the current values of two properties.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combineLatest`, of which this is the
  ///   two-input overload, the one the type checker takes first.
  @inlinable
  public static func combineLatest<B, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B) -> Result
  ) -> Property<Result> {
    latestPair(a, b, fileID: fileID, line: line, combine: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of three properties.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combineLatest`, of which this is the
  ///   three-input overload, the one the type checker takes first.
  @inlinable
  public static func combineLatest<B, C, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C) -> Result
  ) -> Property<Result> {
    latestTriple(a, b, c, fileID: fileID, line: line, combine: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of four properties.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combineLatest`, of which this is the
  ///   four-input overload, the one the type checker takes first.
  @inlinable
  public static func combineLatest<B, C, D, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, c, d, fileID: fileID, line: line, reduce: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of five properties.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combineLatest`, of which this is the
  ///   five-input overload, the one the type checker takes first.
  @inlinable
  public static func combineLatest<B, C, D, E, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, c, d, e, fileID: fileID, line: line, reduce: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of six properties.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combineLatest`, of which this is the
  ///   six-input overload, the one the type checker takes first.
  @inlinable
  public static func combineLatest<B, C, D, E, F, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E, F) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, c, d, e, f, fileID: fileID, line: line, reduce: reduce)
  }
}

extension PropertyProtocol {
  /// A property whose value is the tuple of this property's value and those of 1 other.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combiningLatest(with:)`, of which
  ///   this is the two-input overload, the one the type checker takes first.
  @inlinable
  public func combiningLatest<B>(
    with b: some PropertyProtocol<B>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B)> {
    Property<Value>.latestPair(self, b, fileID: fileID, line: line) { ($0, $1) }
  }

  /// A property whose value is the tuple of this property's value and those of 2 others.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combiningLatest(with:)`, of which
  ///   this is the three-input overload, the one the type checker takes first.
  @inlinable
  public func combiningLatest<B, C>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C)> {
    Property<Value>.latestTriple(self, b, c, fileID: fileID, line: line) { ($0, $1, $2) }
  }

  /// A property whose value is the tuple of this property's value and those of 3 others.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combiningLatest(with:)`, of which
  ///   this is the four-input overload, the one the type checker takes first.
  @inlinable
  public func combiningLatest<B, C, D>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D)> {
    Property<Value>.latestTuple(self, b, c, d, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 4 others.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combiningLatest(with:)`, of which
  ///   this is the five-input overload, the one the type checker takes first.
  @inlinable
  public func combiningLatest<B, C, D, E>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    _ e: some PropertyProtocol<E>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E)> {
    Property<Value>.latestTuple(self, b, c, d, e, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 5 others.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `combiningLatest(with:)`, of which
  ///   this is the six-input overload, the one the type checker takes first.
  @inlinable
  public func combiningLatest<B, C, D, E, F>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E, F)> {
    Property<Value>.latestTuple(self, b, c, d, e, f, fileID: fileID, line: line)
  }
}
