// The fast relays: the cores of `map`, `filter` and `compactMap`.
//
// Every other operator is written in the one idiom of Docs/Contributing.md (`Signal(deriving:)`, observe the
// upstream, `relay` downstream: Scan.swift is the file to copy). These three are on nearly every chain, and
// the perf gate (scripts/perf-gate.sh) holds them to a cheaper shape, kept here so that their own files
// show only their API: the derived signal's core is also its entry in the upstream's list (one object per
// operator attached, see ``RelayCore``), and it keeps the user's closure in an ``OperatorClosure``, called
// through a borrow. Each `receive` takes the same three steps: a terminal event goes to
// ``RelayCore/relayEnd(_:)``; a value that arrives once the core has ended is dropped (its closure is
// released then); otherwise what the closure makes of the value goes to ``SignalCore/relayValue(_:)``.

/// The core of a `map`ped signal.
@usableFromInline
final class MapCore<Input, Value, Failure: Error>: RelayCore<Input, Value, Failure>, @unchecked Sendable {
  /// Replaced when a terminal event ends the core (see ``RelayCore``). Read without a lock, and not checked
  /// for exclusivity at run time: only the upstream's deliveries, which are serial, call it, and the end
  /// that replaces it is one of them.
  @exclusivity(unchecked) @usableFromInline var transform: OperatorClosure<Input, Value>

  /// Attaches the new core to `upstream`.
  ///
  /// Not inlined, so that the closure the upstream calls has one thunk per type, rather than one per call
  /// site of the operator.
  @inlinable @inline(never)
  init(upstream: SignalCore<Input, Failure>, transform: @escaping (Input) -> Value) {
    self.transform = OperatorClosure(transform)
    super.init(upstream: upstream) { unsafeDowncast($0, to: MapCore.self).transform = .released }
    attachToUpstream { [self] in receive($0) }
  }

  /// Relays one event of the upstream, transformed.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Input, Failure>.Event) {
    guard case .value(let value) = event else { return relayEnd(event) }
    guard !hasTerminated else { return }
    relayValue(transform(value))
  }
}

/// The core of a `filter`ed signal.
@usableFromInline
final class FilterCore<Value, Failure: Error>: RelayCore<Value, Value, Failure>, @unchecked Sendable {
  /// Replaced when a terminal event ends the core; see ``MapCore/transform``.
  @exclusivity(unchecked) @usableFromInline var isIncluded: OperatorPredicate<Value>

  /// Attaches the new core to `upstream`; not inlined, as ``MapCore/init(upstream:transform:)``.
  @inlinable @inline(never)
  init(upstream: SignalCore<Value, Failure>, isIncluded: @escaping (Value) -> Bool) {
    self.isIncluded = OperatorPredicate(isIncluded)
    super.init(upstream: upstream) { unsafeDowncast($0, to: FilterCore.self).isIncluded = .released }
    attachToUpstream { [self] in receive($0) }
  }

  /// Relays one event of the upstream, unless it is a value `isIncluded` rejects.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    guard case .value(let value) = event else { return relayEnd(event) }
    guard !hasTerminated, isIncluded(value) else { return }
    relayValue(value)
  }
}

/// The core of a `compactMap`ped signal.
@usableFromInline
final class CompactMapCore<Input, Value, Failure: Error>: RelayCore<Input, Value, Failure>, @unchecked Sendable {
  /// Replaced when a terminal event ends the core; see ``MapCore/transform``.
  @exclusivity(unchecked) @usableFromInline var transform: OperatorClosure<Input, Value?>

  /// Attaches the new core to `upstream`; not inlined, as ``MapCore/init(upstream:transform:)``.
  @inlinable @inline(never)
  init(upstream: SignalCore<Input, Failure>, transform: @escaping (Input) -> Value?) {
    self.transform = OperatorClosure(transform)
    super.init(upstream: upstream) { unsafeDowncast($0, to: CompactMapCore.self).transform = .released }
    attachToUpstream { [self] in receive($0) }
  }

  /// Relays one event of the upstream; a value only if `transform` makes one of it.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Input, Failure>.Event) {
    guard case .value(let value) = event else { return relayEnd(event) }
    guard !hasTerminated, let transformed = transform(value) else { return }
    relayValue(transformed)
  }
}

/// A `filter`'s predicate as its core keeps it; see ``OperatorClosure``.
///
/// A type of its own because the predicate's result is `Bool`, not a generic parameter: kept as an
/// ``OperatorClosure`` with `Output == Bool`, it would need a thunk around it, an allocation per `filter`.
@usableFromInline
struct OperatorPredicate<Input>: ~Copyable {
  @usableFromInline let body: (Input) -> Bool

  @inlinable
  init(_ body: @escaping (Input) -> Bool) {
    self.body = body
  }

  /// The predicate that replaces the operator's at the end. Never called: every call checks the end first.
  @inlinable
  static var released: OperatorPredicate {
    OperatorPredicate { _ in relayClosureCalledAfterTheEnd() }
  }

  /// Calls the predicate.
  @inlinable @inline(__always)
  borrowing func callAsFunction(_ input: Input) -> Bool {
    body(input)
  }
}
