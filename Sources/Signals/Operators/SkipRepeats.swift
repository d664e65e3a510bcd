extension Signal where Value: Equatable {
  /// Drops each value equal to the last value forwarded.
  /// ```
  /// input:         -1-1-2-2-1-|
  /// skipRepeats(): -1---2---1-|
  /// ```
  /// - Emits: the first value, then each value that differs from the last one forwarded.
  /// - Completes, fails, interruption and disposal: as ``skipRepeats(fileID:line:_:)-(_,_,(Value,Value)->Bool)``.
  public func skipRepeats(fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(skipRepeats(==), #function, fileID, line)
  }
}

extension Signal {
  /// Drops each value equivalent to the last value forwarded.
  /// ```
  /// input:                            -0-3-6-9-|
  /// skipRepeats { abs($0 - $1) < 5 }: -0---6---|
  /// ```
  /// A value is compared with the last value *forwarded*, not the one just before it, so a slow drift is still
  /// reported.
  ///
  /// - Emits: the first value, then each value `isEquivalent(lastForwarded, new)` does not match.
  /// - Completes: when the source completes. **Fails:** when the source fails.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func skipRepeats(
    fileID: StaticString = #fileID, line: UInt = #line, _ isEquivalent: @escaping (Value, Value) -> Bool
  ) -> Signal {
    madeAt(relaying(SkipRepeatsStep(isEquivalent)), #function, fileID, line)
  }
}

extension Signal {
  /// Drops each value whose key equals the last forwarded value's key (RxSwift's
  /// `distinctUntilChanged(_ keySelector:)`); `key` runs once per value.
  /// ```
  /// input:                      -1-3-4-6-5-|
  /// skipRepeats { $0 % 2 == 0 }: -1---4---5-|
  /// ```
  /// - Emits: the first value, then each value whose key differs from the last forwarded value's key.
  /// - Completes: when the source completes. **Fails:** when the source fails.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func skipRepeats<Key: Equatable>(
    fileID: StaticString = #fileID, line: UInt = #line, _ key: @escaping (Value) -> Key
  ) -> Signal {
    madeAt(relaying(SkipRepeatsByKeyStep(key)), #function, fileID, line)
  }
}

/// `skipRepeats`'s step: relays a value unless `isEquivalent` finds it equal to the last one relayed.
struct SkipRepeatsStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias Input = Value
  typealias Output = Value
  typealias InputFailure = Failure

  var isEquivalent: (Value, Value) -> Bool
  var last: Value?

  init(_ isEquivalent: @escaping (Value, Value) -> Bool) {
    self.isEquivalent = isEquivalent
  }

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    if let last, isEquivalent(last, value) { return nil }
    last = value
    downstream.relayValue(value)
    return nil
  }

  mutating func release() {
    isEquivalent = { _, _ in relayClosureCalledAfterTheEnd() }
    last = nil
  }
}

/// `skipRepeats(_:)`'s step by key: relays a value unless its key equals the last relayed value's.
struct SkipRepeatsByKeyStep<Value, Key: Equatable, Failure: Error>: RelayStep, ~Copyable {
  typealias Input = Value
  typealias Output = Value
  typealias InputFailure = Failure

  var key: (Value) -> Key
  var lastKey: Key?

  init(_ key: @escaping (Value) -> Key) {
    self.key = key
  }

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    let next = key(value)
    if let lastKey, lastKey == next { return nil }
    lastKey = next
    downstream.relayValue(value)
    return nil
  }

  mutating func release() {
    key = { _ in relayClosureCalledAfterTheEnd() }
    lastKey = nil
  }
}

extension SignalProducer {
  /// Drops each value of every start whose key equals the last forwarded value's key; see
  /// ``Signal/skipRepeats(fileID:line:_:)-(_,_,(Value)->Key)``.
  public func skipRepeats<Key: Equatable>(
    fileID: StaticString = #fileID, line: UInt = #line, _ key: @escaping @Sendable (Value) -> Key
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.skipRepeats(key) }
  }
}

extension SignalProducer where Value: Equatable {
  /// Drops each value of every start equal to the last one forwarded; see ``Signal/skipRepeats(fileID:line:)``.
  public func skipRepeats(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line) { $0.skipRepeats() }
  }
}

extension SignalProducer {
  /// Drops each value of every start equivalent to the last one forwarded; see
  /// ``Signal/skipRepeats(fileID:line:_:)-(_,_,(Value,Value)->Bool)``.
  public func skipRepeats(
    fileID: StaticString = #fileID, line: UInt = #line, _ isEquivalent: @escaping @Sendable (Value, Value) -> Bool
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.skipRepeats(isEquivalent) }
  }
}

extension PropertyProtocol where Value: Equatable {
  /// A property that follows this one but changes only when the value really changes; a property computed
  /// from it is not recomputed when it did not. It ends when this property ends.
  @inlinable
  public func skipRepeats(fileID: StaticString = #fileID, line: UInt = #line) -> Property<Value> {
    madeAt(Property(derived: SkipRepeatsNode(graphInput, ==)), fileID, line)
  }
}

extension PropertyProtocol {
  /// A property that follows this one but changes only when the new value is not equivalent to its own.
  /// ```
  /// source:        1--1--2--2--1-|
  /// skipRepeats(): 1-----2-----1-|
  /// ```
  /// - Emits: its `producer` sends the current value, then each value not equivalent to the last one it took;
  ///   a property computed from it is not recomputed for a change it held back.
  /// - Completes: when this property ends.
  /// - Disposal: as ``map(fileID:line:_:)``.
  @inlinable
  public func skipRepeats(
    fileID: StaticString = #fileID, line: UInt = #line, _ isEquivalent: @escaping @Sendable (Value, Value) -> Bool
  ) -> Property<Value> {
    madeAt(Property(derived: SkipRepeatsNode(graphInput, isEquivalent)), fileID, line)
  }
}

/// The node of a property that skips repeats: it changes only when its input takes a value not equivalent to
/// its own.
@usableFromInline
final class SkipRepeatsNode<Value>: DerivedNode<Value> {
  /// The input; `nil` once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var input: ValueNode<Value>?
  /// Replaced by a closure that traps once the property ended; only the domain's owner calls it.
  @exclusivity(unchecked) @usableFromInline var isEquivalent: OperatorComparison<Value>

  @inlinable
  init(_ graphInput: GraphInput<Value>, _ isEquivalent: @escaping (Value, Value) -> Bool) {
    let input = graphInput.enteredNode()
    self.input = input
    self.isEquivalent = OperatorComparison(isEquivalent)
    let claim = PropertyGraph.claim([input])
    super.init(
      initial: input.value(for: claim),
      compute: { node, wave in
        let node = unsafeDowncast(node, to: SkipRepeatsNode.self)
        let value = node.input.unsafelyUnwrapped.value(in: wave)
        guard !node.isEquivalent(node.committedValue(in: wave), value) else { return .unchanged }
        return node.set(value, in: wave)
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
    isEquivalent = .released
  }
}
