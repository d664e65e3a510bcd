// zip (with a closure or without) and zipping(with:) for two to six inputs: declarations only, over the one
// `zipReduced`, the pack forms' implementation in Zip.swift). Why they exist: see
// CombineLatest/CombineLatestOverloads.swift.

extension Signal {
  /// Pairs by index the values of three signals, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   three-input overload.
  @inlinable
  public static func zip<B, C>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C), Failure> {
    madeAt(zipTuple(a, b, c), #function, fileID, line)
  }

  /// Pairs by index the values of four signals, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   four-input overload.
  @inlinable
  public static func zip<B, C, D>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D), Failure> {
    madeAt(zipTuple(a, b, c, d), #function, fileID, line)
  }

  /// Pairs by index the values of five signals, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   five-input overload.
  @inlinable
  public static func zip<B, C, D, E>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E), Failure> {
    madeAt(zipTuple(a, b, c, d, e), #function, fileID, line)
  }

  /// Pairs by index the values of six signals, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   six-input overload.
  @inlinable
  public static func zip<B, C, D, E, F>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E, F), Failure> {
    madeAt(zipTuple(a, b, c, d, e, f), #function, fileID, line)
  }

  /// Pairs by index the values of two signals with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the two-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, Result>(
    _ a: Signal, _ b: Signal<B, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, reduce: reduce), #function, fileID, line)
  }

  /// Pairs by index the values of three signals with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the
  ///   three-input overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, c, reduce: reduce), #function, fileID, line)
  }

  /// Pairs by index the values of four signals with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the four-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, reduce: reduce), #function, fileID, line)
  }

  /// Pairs by index the values of five signals with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the five-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, E, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D, E) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, reduce: reduce), #function, fileID, line)
  }

  /// Pairs by index the values of six signals with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the six-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, E, F, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D, E, F) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, f, reduce: reduce), #function, fileID, line)
  }

  /// Pairs this signal's values by index with those of 1 other, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   two-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B>(
    with b: Signal<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B), Failure> {
    madeAt(Signal.zipTuple(self, b), #function, fileID, line)
  }

  /// Pairs this signal's values by index with those of 2 others, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   three-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C), Failure> {
    madeAt(Signal.zipTuple(self, b, c), #function, fileID, line)
  }

  /// Pairs this signal's values by index with those of 3 others, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   four-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Signal<(Value, B, C, D), Failure> {
    madeAt(Signal.zipTuple(self, b, c, d), #function, fileID, line)
  }

  /// Pairs this signal's values by index with those of 4 others, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   five-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D, E>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E), Failure> {
    madeAt(Signal.zipTuple(self, b, c, d, e), #function, fileID, line)
  }

  /// Pairs this signal's values by index with those of 5 others, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   six-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D, E, F>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E, F), Failure> {
    madeAt(Signal.zipTuple(self, b, c, d, e, f), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Starts three producers, in argument order, and pairs their values by index, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   three-input overload.
  @inlinable
  public static func zip<B, C>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C), Failure> {
    madeAt(zipTuple(a, b, c), #function, fileID, line)
  }

  /// Starts four producers, in argument order, and pairs their values by index, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   four-input overload.
  @inlinable
  public static func zip<B, C, D>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D), Failure> {
    madeAt(zipTuple(a, b, c, d), #function, fileID, line)
  }

  /// Starts five producers, in argument order, and pairs their values by index, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   five-input overload.
  @inlinable
  public static func zip<B, C, D, E>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E), Failure> {
    madeAt(zipTuple(a, b, c, d, e), #function, fileID, line)
  }

  /// Starts six producers, in argument order, and pairs their values by index, as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``zip(_:_:fileID:line:)``, of which this is the
  ///   six-input overload.
  @inlinable
  public static func zip<B, C, D, E, F>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E, F), Failure> {
    madeAt(zipTuple(a, b, c, d, e, f), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and pairs by index the values of two producers with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the two-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and pairs by index the values of three producers with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the
  ///   three-input overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, c, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and pairs by index the values of four producers with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the four-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and pairs by index the values of five producers with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the five-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, E, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and pairs by index the values of six producers with `reduce`.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zip`, of which this is the six-input
  ///   overload, the one the type checker takes first.
  @inlinable
  public static func zip<B, C, D, E, F, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E, F) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, f, reduce: reduce), #function, fileID, line)
  }

  /// Starts this producer and 1 other, and pairs their values by index as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   two-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B>(
    with b: SignalProducer<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B), Failure> {
    madeAt(SignalProducer.zipTuple(self, b), #function, fileID, line)
  }

  /// Starts this producer and 2 others, and pairs their values by index as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   three-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> SignalProducer<(Value, B, C), Failure> {
    madeAt(SignalProducer.zipTuple(self, b, c), #function, fileID, line)
  }

  /// Starts this producer and 3 others, and pairs their values by index as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   four-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D), Failure> {
    madeAt(SignalProducer.zipTuple(self, b, c, d), #function, fileID, line)
  }

  /// Starts this producer and 4 others, and pairs their values by index as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   five-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D, E>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    _ e: SignalProducer<E, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E), Failure> {
    madeAt(SignalProducer.zipTuple(self, b, c, d, e), #function, fileID, line)
  }

  /// Starts this producer and 5 others, and pairs their values by index as tuples.
  ///
  /// - Emits, completes, fails, interruption and disposal: as the parameter-pack `zipping(with:)`, of which this is the
  ///   six-input overload, the one the type checker takes first.
  @inlinable
  public func zipping<B, C, D, E, F>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E, F), Failure> {
    madeAt(SignalProducer.zipTuple(self, b, c, d, e, f), #function, fileID, line)
  }
}
