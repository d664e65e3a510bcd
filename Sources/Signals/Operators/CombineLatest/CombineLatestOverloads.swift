// combineLatest and combiningLatest(with:) for two to six inputs: declarations only, over the one engine
// (`latestTuple` / `latestReduced`, the pack forms' implementation in CombineLatest.swift).
//
// Why they exist: a closure is type-checked together with the declaration it is passed to. Behind a
// parameter-pack declaration (`repeat each V`), an everyday five-input closure of interpolations and
// ternaries made Swift 6.3 give up ("unable to type-check this expression in reasonable time"); behind
// these it checks in milliseconds. Overload resolution takes a declaration without a pack over one with a
// pack, so the pack forms now serve seven inputs and more. `scripts/check-type-check-budget.sh` keeps it so.
//
// The static tuple forms (`Signal.combineLatest(a, b, c)`, no closure) stay parameter packs, on purpose: a
// fixed tuple form of n + 1 inputs is a candidate for every call of n inputs and a trailing closure (Swift
// matches the closure to its last input), and rejecting that candidate took the type checker as long as
// the pack declaration did: the five-input closure failed again beside a six-input tuple form. A pack
// parameter is skipped by a trailing closure, so the pack tuple forms cost nothing. For a tuple then
// `map`, `a.combiningLatest(with: b, c)` has fixed-arity forms (it has no closure form to collide with).

extension Signal {
  /// Combines the latest values of two signals with `reduce`.
  ///
  /// The two-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, Result>(
    _ a: Signal, _ b: Signal<B, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, reduce: reduce), #function, fileID, line)
  }

  /// Combines the latest values of three signals with `reduce`.
  ///
  /// The three-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, c, reduce: reduce), #function, fileID, line)
  }

  /// Combines the latest values of four signals with `reduce`.
  ///
  /// The four-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, reduce: reduce), #function, fileID, line)
  }

  /// Combines the latest values of five signals with `reduce`.
  ///
  /// The five-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, E, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D, E) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, reduce: reduce), #function, fileID, line)
  }

  /// Combines the latest values of six signals with `reduce`.
  ///
  /// The six-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, E, F, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping (Value, B, C, D, E, F) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, f, reduce: reduce), #function, fileID, line)
  }

  /// Combines this signal's latest values with those of 1 other, as tuples.
  ///
  /// The two-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B>(
    with b: Signal<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B), Failure> {
    madeAt(Signal.latestTuple(self, b), #function, fileID, line)
  }

  /// Combines this signal's latest values with those of 2 others, as tuples.
  ///
  /// The three-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C), Failure> {
    madeAt(Signal.latestTuple(self, b, c), #function, fileID, line)
  }

  /// Combines this signal's latest values with those of 3 others, as tuples.
  ///
  /// The four-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Signal<(Value, B, C, D), Failure> {
    madeAt(Signal.latestTuple(self, b, c, d), #function, fileID, line)
  }

  /// Combines this signal's latest values with those of 4 others, as tuples.
  ///
  /// The five-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D, E>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E), Failure> {
    madeAt(Signal.latestTuple(self, b, c, d, e), #function, fileID, line)
  }

  /// Combines this signal's latest values with those of 5 others, as tuples.
  ///
  /// The six-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D, E, F>(
    with b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E, F), Failure> {
    madeAt(Signal.latestTuple(self, b, c, d, e, f), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Starts every producer, in argument order, and combines the latest values of two producers with `reduce`.
  ///
  /// The two-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and combines the latest values of three producers with `reduce`.
  ///
  /// The three-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, c, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and combines the latest values of four producers with `reduce`.
  ///
  /// The four-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and combines the latest values of five producers with `reduce`.
  ///
  /// The five-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, E, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, reduce: reduce), #function, fileID, line)
  }

  /// Starts every producer, in argument order, and combines the latest values of six producers with `reduce`.
  ///
  /// The six-input overload of the parameter-pack `combineLatest`, which the type checker takes first (see
  /// `Docs/Operators/CombineLatest.md`); same rules:
  ///
  /// - Emits: nothing until every input has a value; then `reduce` of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public static func combineLatest<B, C, D, E, F, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line, reduce: @escaping @Sendable (Value, B, C, D, E, F) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, f, reduce: reduce), #function, fileID, line)
  }

  /// Starts this producer and 1 other, and combines their latest values as tuples.
  ///
  /// The two-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B>(
    with b: SignalProducer<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B), Failure> {
    madeAt(SignalProducer.latestTuple(self, b), #function, fileID, line)
  }

  /// Starts this producer and 2 others, and combines their latest values as tuples.
  ///
  /// The three-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> SignalProducer<(Value, B, C), Failure> {
    madeAt(SignalProducer.latestTuple(self, b, c), #function, fileID, line)
  }

  /// Starts this producer and 3 others, and combines their latest values as tuples.
  ///
  /// The four-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D), Failure> {
    madeAt(SignalProducer.latestTuple(self, b, c, d), #function, fileID, line)
  }

  /// Starts this producer and 4 others, and combines their latest values as tuples.
  ///
  /// The five-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D, E>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    _ e: SignalProducer<E, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E), Failure> {
    madeAt(SignalProducer.latestTuple(self, b, c, d, e), #function, fileID, line)
  }

  /// Starts this producer and 5 others, and combines their latest values as tuples.
  ///
  /// The six-input overload of the parameter-pack `combiningLatest(with:)`, which the type checker takes first; same
  /// rules as `combineLatest`:
  ///
  /// - Emits: nothing until every input has a value; then the tuple of the latest values whenever one sends.
  /// - Completes: when every input has completed, or at once when one completes without a value.
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is; ending, or being abandoned,
  ///   detaches from every input.
  @inlinable
  public func combiningLatest<B, C, D, E, F>(
    with b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>, _ d: SignalProducer<D, Failure>,
    _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E, F), Failure> {
    madeAt(SignalProducer.latestTuple(self, b, c, d, e, f), #function, fileID, line)
  }
}
