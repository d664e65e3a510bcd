// zip: the n-th values of every input, together.
//
// The rules, shared by every form below:
// - Emits: a tuple (or array) of the oldest unpaired value of each input, as soon as every input has one.
//   Values wait in a queue per input until they are paired; an input's `nil` is a value.
// - Completes: as soon as an input has completed and has no queued value left — it can never pair again.
// - Fails: at once, when any input fails. Interrupted: at once, when any input is interrupted.
// - Ending (for any reason, disposal included) detaches from every input and drops the queues.

extension Signal {
  /// Pairs the values of two signals by index, as tuples; three to six signals have an overload each
  /// (ZipOverloads.swift), seven or more the parameter-pack form below.
  ///
  /// ```
  /// a:   -1-2-|
  /// b:   --x---y-z|
  /// zip: --A---(B|)   (A = (1, x), B = (2, y))
  /// ```
  ///
  /// - Emits: `(a, b, …)` of the n-th value of every input, once every input has sent its n-th value.
  /// - Completes: as soon as an input has completed and every value it sent has been paired — at once if it
  ///   had none waiting (as ReactiveSwift, RAC and Combine; RxSwift waits for every input).
  /// - Fails: at once when any input fails, with its error; unpaired values are dropped.
  /// - Interruption and disposal: interrupted at once when any input is interrupted; ending, or being
  ///   abandoned, detaches from every input.
  /// - Note: safe under concurrent sends from the inputs; each tuple is taken atomically, and tuples are sent
  ///   in the order they were taken.
  @inlinable
  public static func zip<B>(
    _ a: Signal, _ b: Signal<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B), Failure> {
    madeAt(zipTuple(a, b), #function, fileID, line)
  }

  /// The tuple form of seven or more inputs: the parameter pack, for more inputs than the overloads (two to six)
  /// take; same rules as ``zip(_:_:fileID:line:)``.
  @inlinable
  public static func zip<B, C, D, E, F, G, each V>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, _ g: Signal<G, Failure>,
    _ rest: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E, F, G, repeat each V), Failure> {
    madeAt(zipTuple(a, b, c, d, e, f, g, repeat each rest), #function, fileID, line)
  }

  /// Pairs the values of seven or more signals by index (two to six have an overload each) and combines each set
  /// with `reduce`; see
  /// ``zip(_:_:fileID:line:)``. `reduce` runs once per set, outside any lock.
  @inlinable
  public static func zip<B, C, D, E, F, G, each V, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, _ g: Signal<G, Failure>,
    _ rest: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line,
    reduce: @escaping (Value, B, C, D, E, F, G, repeat each V) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, f, g, repeat each rest, reduce: reduce), #function, fileID, line)
  }

  /// Pairs this signal's values with those of `others` by index; see ``zip(_:_:fileID:line:)``.
  ///
  /// Not spelled `zip(with:)` for the reason given at `combiningLatest(with:)`.
  @inlinable
  public func zipping<each V>(
    with others: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, repeat each V), Failure> {
    madeAt(Signal.zipTuple(self, repeat each others), #function, fileID, line)
  }

  /// Pairs the values of a list of signals of one type by index, as arrays in the list's order.
  ///
  /// ```
  /// a:   -1-2---|
  /// b:   ---3-4-|
  /// zip: ---A-B-|   (A = [1, 3], B = [2, 4])
  /// ```
  ///
  /// Same rules as ``zip(_:_:fileID:line:)``. An **empty list** sends `[]` and completes; for a signal that happens as it
  /// is created, so observers see `interrupted` (see ``combineLatest(_:fileID:line:)``).
  @inlinable
  public static func zip(
    _ signals: some Collection<Signal>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<[Value], Failure> {
    let inputs = Array(signals)
    let slots = inputs.map { _ in QueueSlot<Value>() }
    return madeAt(
      combiningList(inputs, into: slots, machine: ZipState()) { slots.map { $0.dequeue() } }, #function, fileID, line)
  }

  /// The tuple forms' implementation, for every arity: see ``zipCombination(_:_:output:)``.
  @inlinable
  static func zipTuple<each V>(
    _ first: Signal, _ rest: repeat Signal<each V, Failure>
  ) -> Signal<(Value, repeat each V), Failure> {
    let output: ((Value, (repeat each V))) -> (Value, repeat each V) = { ($0.0, repeat each $0.1) }
    return zipCombination(first, repeat each rest, output: output)
  }

  /// The `reduce` forms' implementation, for every arity: see ``zipCombination(_:_:output:)``.
  @inlinable
  static func zipReduced<each V, Result>(
    _ first: Signal, _ rest: repeat Signal<each V, Failure>, reduce: @escaping (Value, repeat each V) -> Result
  ) -> Signal<Result, Failure> {
    let output: ((Value, (repeat each V))) -> Result = { reduce($0.0, repeat each $0.1) }
    return zipCombination(first, repeat each rest, output: output)
  }

  /// The pack forms' implementation: the oldest unpaired values of `first` and `rest` (``QueueSlot``s), with
  /// ``ZipState`` deciding; see ``combining(_:into:_:into:machine:snapshot:output:)``.
  @inlinable
  static func zipCombination<each V, Output>(
    _ first: Signal,
    _ rest: repeat Signal<each V, Failure>,
    output: @escaping ((Value, (repeat each V))) -> Output
  ) -> Signal<Output, Failure> {
    let firstSlot = QueueSlot<Value>()
    let restSlots = (repeat QueueSlot<each V>())
    return combining(
      first, into: firstSlot, repeat each rest, into: repeat each restSlots, machine: ZipState(),
      snapshot: { (firstSlot.dequeue(), (repeat (each restSlots).dequeue())) }, output: output)
  }
}

extension SignalPack {
  /// `zip` over the signals of this pack; for the producer forms.
  @inlinable
  func zip<Output>(_ output: @escaping ((First, (repeat each Rest))) -> Output) -> Signal<Output, Failure> {
    Signal<First, Failure>.zipCombination(first, repeat each rest, output: output)
  }
}

extension SignalProducer {
  /// Starts every producer, in argument order, and pairs their values by index; see ``Signal/zip(_:_:fileID:line:)``.
  /// Producers after one that ends the result synchronously are not started; disposing the result interrupts
  /// them all.
  @inlinable
  public static func zip<B>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B), Failure> {
    madeAt(zipTuple(a, b), #function, fileID, line)
  }

  /// The tuple form of seven or more inputs: the parameter pack, for more inputs than the overloads (two to six)
  /// take; same rules as ``zip(_:_:fileID:line:)``.
  @inlinable
  public static func zip<B, C, D, E, F, G, each V>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    _ g: SignalProducer<G, Failure>,
    _ rest: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E, F, G, repeat each V), Failure> {
    madeAt(zipTuple(a, b, c, d, e, f, g, repeat each rest), #function, fileID, line)
  }

  /// Starts every producer of seven or more, pairs their values by index and combines each set with `reduce` (two
  /// to six have an overload each); see
  /// `Signal.zip(_:_:reduce:)`.
  @inlinable
  public static func zip<B, C, D, E, F, G, each V, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    _ g: SignalProducer<G, Failure>,
    _ rest: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line,
    reduce: @escaping @Sendable (Value, B, C, D, E, F, G, repeat each V) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(zipReduced(a, b, c, d, e, f, g, repeat each rest, reduce: reduce), #function, fileID, line)
  }

  /// Starts this producer and `others`, and pairs their values by index; see ``Signal/zip(_:_:fileID:line:)``.
  @inlinable
  public func zipping<each V>(
    with others: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, repeat each V), Failure> {
    madeAt(SignalProducer.zipTuple(self, repeat each others), #function, fileID, line)
  }

  /// The tuple forms' implementation, for every arity.
  @inlinable
  static func zipTuple<each V>(
    _ first: SignalProducer, _ rest: repeat SignalProducer<each V, Failure>
  ) -> SignalProducer<(Value, repeat each V), Failure> {
    let output: ((Value, (repeat each V))) -> (Value, repeat each V) = { ($0.0, repeat each $0.1) }
    return ProducerPack<Value, repeat each V, Failure>(first, repeat each rest).lift { $0.zip(output) }
  }

  /// The `reduce` forms' implementation, for every arity.
  @inlinable
  static func zipReduced<each V, Result>(
    _ first: SignalProducer, _ rest: repeat SignalProducer<each V, Failure>,
    reduce: @escaping @Sendable (Value, repeat each V) -> Result
  ) -> SignalProducer<Result, Failure> {
    let output: ((Value, (repeat each V))) -> Result = { reduce($0.0, repeat each $0.1) }
    return ProducerPack<Value, repeat each V, Failure>(first, repeat each rest).lift { $0.zip(output) }
  }

  /// Starts every producer of the list and pairs their values by index, as arrays; see
  /// ``Signal/zip(_:fileID:line:)``. An empty list sends `[]`, then completes.
  @inlinable
  public static func zip(
    _ producers: some Collection<SignalProducer>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<[Value], Failure> {
    let producers = Array(producers)
    guard !producers.isEmpty else { return SignalProducer<[Value], Failure>(value: []) }
    return madeAt(SignalProducer.lift(producers) { Signal<Value, Failure>.zip($0) }, #function, fileID, line)
  }
}
