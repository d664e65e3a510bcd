// combineLatest: the latest value of every input, whenever one of them changes.
//
// The rules, shared by every form below:
// - Emits: nothing until every input has sent a value; then the combination of all latest values, once
//   per value any input sends. An input's `nil` counts as a value.
// - Completes: when every input has completed — or at once when an input completes without ever having sent a
//   value, since no combination could ever be sent again.
// - Fails: at once, when any input fails. Interrupted: at once, when any input is interrupted.
// - Ending (for any reason, disposal included) detaches from every input.

extension Signal {
  /// Combines the latest values of two signals as a tuple; three to six signals have an overload each
  /// (CombineLatestOverloads.swift), seven or more the parameter-pack form below.
  ///
  /// ```
  /// a:             -1-2-----3-|
  /// b:             ---x--y------|
  /// combineLatest: ---A--B--C---|   (A = (2, x), B = (2, y), C = (3, y))
  /// ```
  ///
  /// - Emits: nothing until every input has a value; then `(a, b, …)` of the latest values each time any input
  ///   sends one. Optional values work: an input that sent `nil` has a value.
  /// - Completes: when all inputs have completed, or at once when an input completes without ever having
  ///   sent a value (nothing could be emitted again).
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is interrupted (or had already ended when
  ///   combined); ending, or being abandoned, detaches from every input.
  /// - Note: safe under concurrent sends from the inputs: each combination is taken atomically, and
  ///   combinations are sent in the order they were taken.
  @inlinable
  public static func combineLatest<B>(
    _ a: Signal, _ b: Signal<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B), Failure> {
    madeAt(latestTuple(a, b), #function, fileID, line)
  }

  /// The tuple form of seven or more inputs: the parameter pack, for more inputs than the overloads (two to six)
  /// take; same rules as ``combineLatest(_:_:fileID:line:)``.
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each V>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, _ g: Signal<G, Failure>,
    _ rest: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, B, C, D, E, F, G, repeat each V), Failure> {
    madeAt(latestTuple(a, b, c, d, e, f, g, repeat each rest), #function, fileID, line)
  }

  /// Combines the latest values of seven or more signals with `reduce` (RAC's `combineLatest:reduce:`); two to
  /// six signals have an overload each (CombineLatestOverloads.swift).
  ///
  /// ```swift
  /// Signal.combineLatest(title, name, phone) { title, name, phone in "\(name) will stay at \(title)" }
  /// ```
  ///
  /// Same rules as ``combineLatest(_:_:fileID:line:)``; `reduce` runs once per combination, outside any lock, in the
  /// order the combinations were taken.
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each V, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ c: Signal<C, Failure>, _ d: Signal<D, Failure>, _ e: Signal<E, Failure>,
    _ f: Signal<F, Failure>, _ g: Signal<G, Failure>,
    _ rest: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line,
    reduce: @escaping (Value, B, C, D, E, F, G, repeat each V) -> Result
  ) -> Signal<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, f, g, repeat each rest, reduce: reduce), #function, fileID, line)
  }

  /// Combines this signal's latest value with the latest values of `others`; see ``combineLatest(_:_:fileID:line:)``.
  ///
  /// Not spelled `combineLatest(with:)`: in Swift 6 mode, an instance method sharing the base name of the
  /// static `Signal.combineLatest` stops the compiler from inferring `Signal`'s generic arguments at
  /// `Signal.combineLatest(a, b)` (swiftlang/swift#80146, still present in Swift 6.3).
  @inlinable
  public func combiningLatest<each V>(
    with others: repeat Signal<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, repeat each V), Failure> {
    madeAt(Signal.latestTuple(self, repeat each others), #function, fileID, line)
  }

  /// Combines the latest values of a list of signals of one type, as an array in the list's order.
  ///
  /// ```
  /// a:             -1---3-|
  /// b:             --2----|
  /// combineLatest: --A-B--|   (A = [1, 2], B = [3, 2])
  /// ```
  ///
  /// Same rules as ``combineLatest(_:_:fileID:line:)``. An **empty list** sends `[]` and completes (every input has a
  /// value, vacuously — so `combineLatest(fields).map { $0.allSatisfy(\.isValid) }` is `true` for no fields).
  /// For a signal this happens as it is created, before anyone can observe it, so observers see
  /// `interrupted` like on any signal that already ended; the producer form delivers `[]` and `completed`.
  @inlinable
  public static func combineLatest(
    _ signals: some Collection<Signal>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<[Value], Failure> {
    let inputs = Array(signals)
    let slots = inputs.map { _ in LatestSlot<Value>() }
    return madeAt(
      combiningList(inputs, into: slots, machine: CombineLatestState()) { slots.map { $0.value } }, #function, fileID,
      line)
  }

  /// The tuple forms' implementation, for every arity: see ``latestCombination(_:_:output:)``.
  @inlinable
  static func latestTuple<each V>(
    _ first: Signal, _ rest: repeat Signal<each V, Failure>
  ) -> Signal<(Value, repeat each V), Failure> {
    let output: ((Value, (repeat each V))) -> (Value, repeat each V) = { ($0.0, repeat each $0.1) }
    return latestCombination(first, repeat each rest, output: output)
  }

  /// The `reduce` forms' implementation, for every arity: see ``latestCombination(_:_:output:)``.
  @inlinable
  static func latestReduced<each V, Result>(
    _ first: Signal, _ rest: repeat Signal<each V, Failure>, reduce: @escaping (Value, repeat each V) -> Result
  ) -> Signal<Result, Failure> {
    let output: ((Value, (repeat each V))) -> Result = { reduce($0.0, repeat each $0.1) }
    return latestCombination(first, repeat each rest, output: output)
  }

  /// The pack forms' implementation: the latest values of `first` and `rest` (``LatestSlot``s), turned into
  /// the value sent by `output`; see ``combining(_:into:_:into:machine:snapshot:output:)``.
  @inlinable
  static func latestCombination<each V, Output>(
    _ first: Signal,
    _ rest: repeat Signal<each V, Failure>,
    output: @escaping ((Value, (repeat each V))) -> Output
  ) -> Signal<Output, Failure> {
    let firstSlot = LatestSlot<Value>()
    let restSlots = (repeat LatestSlot<each V>())
    return combining(
      first, into: firstSlot, repeat each rest, into: repeat each restSlots, machine: CombineLatestState(),
      snapshot: { (firstSlot.value, (repeat (each restSlots).value)) }, output: output)
  }
}

extension SignalPack {
  /// `combineLatest` over the signals of this pack; for the producer forms.
  @inlinable
  func combineLatest<Output>(_ output: @escaping ((First, (repeat each Rest))) -> Output) -> Signal<Output, Failure> {
    Signal<First, Failure>.latestCombination(first, repeat each rest, output: output)
  }
}

extension SignalProducer {
  /// Starts every producer, in argument order, and combines their latest values as a tuple; see
  /// ``Signal/combineLatest(_:_:fileID:line:)``. Producers after one that ends the result synchronously are not started;
  /// disposing the result interrupts them all.
  @inlinable
  public static func combineLatest<B>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B), Failure> {
    madeAt(latestTuple(a, b), #function, fileID, line)
  }

  /// The tuple form of seven or more inputs: the parameter pack, for more inputs than the overloads (two to six)
  /// take; same rules as ``combineLatest(_:_:fileID:line:)``.
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each V>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    _ g: SignalProducer<G, Failure>,
    _ rest: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, B, C, D, E, F, G, repeat each V), Failure> {
    madeAt(latestTuple(a, b, c, d, e, f, g, repeat each rest), #function, fileID, line)
  }

  /// Starts every producer of seven or more and combines their latest values with `reduce` (two to six have an
  /// overload each); see `Signal.combineLatest(_:_:reduce:)`.
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each V, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>,
    _ d: SignalProducer<D, Failure>, _ e: SignalProducer<E, Failure>, _ f: SignalProducer<F, Failure>,
    _ g: SignalProducer<G, Failure>,
    _ rest: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line,
    reduce: @escaping @Sendable (Value, B, C, D, E, F, G, repeat each V) -> Result
  ) -> SignalProducer<Result, Failure> {
    madeAt(latestReduced(a, b, c, d, e, f, g, repeat each rest, reduce: reduce), #function, fileID, line)
  }

  /// Starts this producer and `others`, and combines their latest values; see ``Signal/combineLatest(_:_:fileID:line:)``
  /// (and `Signal.combiningLatest(with:)` for the name).
  @inlinable
  public func combiningLatest<each V>(
    with others: repeat SignalProducer<each V, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, repeat each V), Failure> {
    madeAt(SignalProducer.latestTuple(self, repeat each others), #function, fileID, line)
  }

  /// The tuple forms' implementation, for every arity.
  @inlinable
  static func latestTuple<each V>(
    _ first: SignalProducer, _ rest: repeat SignalProducer<each V, Failure>
  ) -> SignalProducer<(Value, repeat each V), Failure> {
    let output: ((Value, (repeat each V))) -> (Value, repeat each V) = { ($0.0, repeat each $0.1) }
    return ProducerPack<Value, repeat each V, Failure>(first, repeat each rest).lift { $0.combineLatest(output) }
  }

  /// The `reduce` forms' implementation, for every arity.
  @inlinable
  static func latestReduced<each V, Result>(
    _ first: SignalProducer, _ rest: repeat SignalProducer<each V, Failure>,
    reduce: @escaping @Sendable (Value, repeat each V) -> Result
  ) -> SignalProducer<Result, Failure> {
    let output: ((Value, (repeat each V))) -> Result = { reduce($0.0, repeat each $0.1) }
    return ProducerPack<Value, repeat each V, Failure>(first, repeat each rest).lift { $0.combineLatest(output) }
  }

  /// Starts every producer of the list and combines their latest values as an array; see
  /// ``Signal/combineLatest(_:fileID:line:)``. An empty list sends `[]`, then completes.
  @inlinable
  public static func combineLatest(
    _ producers: some Collection<SignalProducer>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<[Value], Failure> {
    let producers = Array(producers)
    guard !producers.isEmpty else { return SignalProducer<[Value], Failure>(value: []) }
    return madeAt(SignalProducer.lift(producers) { Signal<Value, Failure>.combineLatest($0) }, #function, fileID, line)
  }
}

extension Property {
  /// A property whose value is the tuple of the current values of two properties; three to six have an overload
  /// each (PropertyCombineLatestOverloads.swift), seven or more the parameter-pack form below.
  ///
  /// ```
  /// a:             1--2-----3-|
  /// b:             x-----y-------|
  /// combineLatest: A--B--C--D----|   (A = (1, x), B = (2, x), C = (2, y), D = (3, y))
  /// ```
  ///
  /// - Emits: its `producer` sends the current combination, then a new one once per change of any source.
  ///   Glitch-free: when one change reaches several of the sources (they are derived from one property), the
  ///   combination is computed once, after all of them, from their new values together — never a tuple that
  ///   mixes old and new (see `Docs/PropertyGraph.md`).
  /// - Completes: when every source has ended.
  /// - Disposal: it stays attached to the sources while it, its `signal`, its `producer`, an observer or a
  ///   property derived from it is alive; once all are gone it detaches.
  @inlinable
  public static func combineLatest<B>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Property<(Value, B)> {
    latestPair(a, b, fileID: fileID, line: line) { ($0, $1) }
  }

  /// The tuple form of seven or more properties: the parameter pack, for more inputs than the overloads (two to
  /// six) take; same rules as ``combineLatest(_:_:fileID:line:)``.
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each P: PropertyProtocol>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>,
    _ g: some PropertyProtocol<G>,
    _ rest: repeat each P, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<(Value, B, C, D, E, F, G, repeat (each P).Value)> {
    latestTuple(a, b, c, d, e, f, g, repeat each rest, fileID: fileID, line: line)
  }

  /// A property whose value is `reduce` applied to the current values of seven or more properties (two to six
  /// have an overload each); same rules as ``combineLatest(_:_:fileID:line:)``, and `reduce` runs once per change.
  ///
  /// ```swift
  /// let summary = Property.combineLatest(title, name, phone) { title, name, phone in "…" }
  /// ```
  @inlinable
  public static func combineLatest<B, C, D, E, F, G, each P: PropertyProtocol, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    _ d: some PropertyProtocol<D>, _ e: some PropertyProtocol<E>, _ f: some PropertyProtocol<F>,
    _ g: some PropertyProtocol<G>,
    _ rest: repeat each P, fileID: StaticString = #fileID, line: UInt = #line,
    reduce: @escaping @Sendable (Value, B, C, D, E, F, G, repeat (each P).Value) -> Result
  ) -> Property<Result> {
    latestReduced(a, b, c, d, e, f, g, repeat each rest, fileID: fileID, line: line, reduce: reduce)
  }

  /// The tuple forms' implementation, for every arity: one ``CombineNode`` (see ``combinedProperty(_:_:output:)``).
  @inlinable
  static func latestTuple<First: PropertyProtocol, each P: PropertyProtocol>(
    _ first: First, _ rest: repeat each P, fileID: StaticString, line: UInt
  ) -> Property<(Value, repeat (each P).Value)> where First.Value == Value {
    let output: ((Value, (repeat (each P).Value))) -> (Value, repeat (each P).Value) = { ($0.0, repeat each $0.1) }
    let property = Property<(Value, repeat (each P).Value)>(
      derived: combinedProperty(first.graphInput, repeat (each rest).graphInput, output: output))
    return madeAt(property, fileID, line)
  }

  /// The `reduce` forms' implementation, for every arity.
  @inlinable
  static func latestReduced<First: PropertyProtocol, each P: PropertyProtocol, Result>(
    _ first: First, _ rest: repeat each P, fileID: StaticString, line: UInt,
    reduce: @escaping @Sendable (Value, repeat (each P).Value) -> Result
  ) -> Property<Result> where First.Value == Value {
    let output: ((Value, (repeat (each P).Value))) -> Result = { reduce($0.0, repeat each $0.1) }
    let property = Property<Result>(
      derived: combinedProperty(first.graphInput, repeat (each rest).graphInput, output: output))
    return madeAt(property, fileID, line)
  }

  /// A property whose value is the array of the current values of `properties`; `[]` for an empty list, which
  /// never changes. Same rules as ``combineLatest(_:_:fileID:line:)``.
  @inlinable
  public static func combineLatest<P: PropertyProtocol>(
    _ properties: some Collection<P>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Property<[Value]> where P.Value == Value {
    let inputs = properties.map(\.graphInput)
    guard !inputs.isEmpty else { return Property<[Value]>(value: [], fileID: fileID, line: line) }
    return madeAt(Property<[Value]>(derived: CombineListNode(inputs)), fileID, line)
  }
}

extension PropertyProtocol {
  /// A property whose value is the tuple of this property's value and those of `others`; see
  /// ``Property/combineLatest(_:_:fileID:line:)`` (and `Signal.combiningLatest(with:)` for the name).
  @inlinable
  public func combiningLatest<each P: PropertyProtocol>(
    with others: repeat each P,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Property<(Value, repeat (each P).Value)> {
    Property<Value>.latestTuple(self, repeat each others, fileID: fileID, line: line)
  }
}
