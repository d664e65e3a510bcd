// Property.combineLatest with a closure and combiningLatest(with:), two to six properties: declarations only, over the
// one property-graph node (`latestTuple` / `latestReduced` in CombineLatest.swift, `combinedProperty`).
// Why they exist: see CombineLatestOverloads.swift. The inputs are `some PropertyProtocol<B>` rather than
// `B: PropertyProtocol` with `B.Value` in the closure's type: the badge closure of the type-check budget checks
// several times faster so (the commit that made them gives the measurement).

extension Property {
  /// A property whose value is `reduce` applied to the current values of two properties.
  ///
  /// The two-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source;
  ///   glitch-free (one change reaching several sources is combined once, from their new values together).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public static func combineLatest<B, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, fileID: fileID, line: line, reduce: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of three properties.
  ///
  /// The three-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source;
  ///   glitch-free (one change reaching several sources is combined once, from their new values together).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public static func combineLatest<B, C, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, c, fileID: fileID, line: line, reduce: reduce)
  }

  /// A property whose value is `reduce` applied to the current values of four properties.
  ///
  /// The four-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source;
  ///   glitch-free (one change reaching several sources is combined once, from their new values together).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
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
  /// The five-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source;
  ///   glitch-free (one change reaching several sources is combined once, from their new values together).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
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
  /// The six-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source;
  ///   glitch-free (one change reaching several sources is combined once, from their new values together).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
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
  /// The two-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes
  /// first; same rules as `Property.combineLatest`:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public func combiningLatest<B>(
    with b: some PropertyProtocol<B>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B)> {
    Property<Value>.latestTuple(self, b, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 2 others.
  ///
  /// The three-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes
  /// first; same rules as `Property.combineLatest`:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public func combiningLatest<B, C>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C)> {
    Property<Value>.latestTuple(self, b, c, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 3 others.
  ///
  /// The four-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes
  /// first; same rules as `Property.combineLatest`:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public func combiningLatest<B, C, D>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D)> {
    Property<Value>.latestTuple(self, b, c, d, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 4 others.
  ///
  /// The five-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes
  /// first; same rules as `Property.combineLatest`:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public func combiningLatest<B, C, D, E>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    _ e: some PropertyProtocol<E>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E)> {
    Property<Value>.latestTuple(self, b, c, d, e, fileID: fileID, line: line)
  }

  /// A property whose value is the tuple of this property's value and those of 5 others.
  ///
  /// The six-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes
  /// first; same rules as `Property.combineLatest`:
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public func combiningLatest<B, C, D, E, F>(
    with b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>, _ d: some PropertyProtocol<D>,
    _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E, F)> {
    Property<Value>.latestTuple(self, b, c, d, e, f, fileID: fileID, line: line)
  }
}
