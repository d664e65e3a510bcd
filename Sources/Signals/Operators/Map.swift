extension Signal {
  /// Transforms every value.
  /// ```
  /// input:  -1-2-3-|
  /// map ×10: -a-b-c-|   (a = 10, b = 20, c = 30)
  /// ```
  /// - Emits: `transform(value)` for each value, once per value however many observers there are.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: an interrupted source interrupts the result; when the result has no
  ///   observer and no handle left, it detaches from the source.
  @inlinable @inline(__always)
  public func map<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> U
  ) -> Signal<U, Failure> {
    madeAt(relaying(MapStep(transform)), #function, fileID, line)
  }

  /// Extracts a property of every value by key path; otherwise like ``map(fileID:line:_:)``.
  @inlinable
  public func map<U>(
    _ keyPath: KeyPath<Value, U>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure> {
    madeAt(map { $0[keyPath: keyPath] }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Transforms every value of every start; see ``Signal/map(fileID:line:_:)``.
  @inlinable
  public func map<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) -> U
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.map(transform) }
  }

  /// Extracts a property of every value by key path; see ``Signal/map(fileID:line:_:)``.
  @inlinable
  public func map<U>(
    _ keyPath: KeyPath<Value, U> & Sendable, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.map(keyPath) }
  }
}

/// `map`'s step: relays `transform(value)`.
@usableFromInline
struct MapStep<Input, Output, Failure: Error>: RelayStep, ~Copyable {
  @usableFromInline typealias InputFailure = Failure

  @usableFromInline var transform: (Input) -> Output

  @inlinable
  init(_ transform: @escaping (Input) -> Output) {
    self.transform = transform
  }

  @inlinable @inline(__always)
  func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event? {
    downstream.relayValue(transform(value))
    return nil
  }

  @inlinable
  mutating func release() {
    transform = { _ in relayClosureCalledAfterTheEnd() }
  }
}

extension PropertyProtocol {
  /// A property whose value is always `transform(self.value)`.
  /// ```
  /// source:        1--2--3-|
  /// map { $0*10 }: a--b--c-|   (a = 10, b = 20, c = 30)
  /// ```
  /// - Emits: its `producer` sends the transformed current value, then the transformed value once per change
  ///   of this property — computed once per change, whatever the number of observers, and glitch-free: in a
  ///   graph where several paths lead from one source to a property, that property is computed once, after
  ///   all of them, and never shows a value mixing old and new (see `Docs/PropertyGraph.md`).
  /// - Completes: when this property ends.
  /// - Disposal: it stays attached while it, its `signal`, its `producer`, an observer or a property derived
  ///   from it is alive; once all are gone it detaches and `transform` is released.
  @inlinable
  public func map<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) -> U
  ) -> Property<U> {
    madeAt(Property(derived: MapNode(graphInput, transform)), fileID, line)
  }

  /// A property whose value is always `self.value[keyPath: keyPath]`; see ``map(fileID:line:_:)``.
  public func map<U>(
    _ keyPath: KeyPath<Value, U> & Sendable, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<U> {
    map(fileID: fileID, line: line) { $0[keyPath: keyPath] }
  }
}

/// The node of a `map`ped property: one input, one transform.
@usableFromInline
final class MapNode<Input, Value>: DerivedNode<Value> {
  /// The input; `nil` once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var input: ValueNode<Input>?
  /// Replaced by a closure that traps once the property ended; only the domain's owner calls it.
  @exclusivity(unchecked) @usableFromInline var transform: OperatorClosure<Input, Value>

  @inlinable
  init(_ graphInput: GraphInput<Input>, _ transform: @escaping (Input) -> Value) {
    let input = graphInput.enteredNode()
    self.input = input
    self.transform = OperatorClosure(transform)
    let claim = PropertyGraph.claim([input])
    super.init(
      initial: transform(input.value(for: claim)),
      compute: { node, wave in
        let node = unsafeDowncast(node, to: MapNode.self)
        return node.set(node.transform(node.input.unsafelyUnwrapped.value(in: wave)), in: wave)
      })
    if let handle = graphInput.handle { inputHandles = [handle] }
    join([input], claim)
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    if let input = input.take() { released.append(input) }
  }

  @usableFromInline
  override func releaseClosures() {
    transform = .released
  }
}
