extension Signal {
  /// Transforms every value and forwards the results that are not `nil`.
  ///
  /// ```
  /// input:                -a-b-c-|   (a = "1", b = "x", c = "3")
  /// compactMap(Int.init): -1---3-|
  /// ```
  ///
  /// - Emits: `transform(value)` for each value where it is not `nil`; values that give `nil` are dropped.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  @inlinable @inline(__always)
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Failure> {
    Signal<U, Failure>(core: CompactMapStage.attach(to: core, transform))
  }

  /// Forwards the values that are not `nil`, unwrapped.
  ///
  /// ```
  /// input:   -1-n-3-|   (n = nil)
  /// skipNil: -1---3-|
  /// ```
  ///
  /// - Emits: every non-`nil` value, unwrapped.
  /// - Completes, fails, interruption and disposal: as ``compactMap(_:)``.
  @inlinable
  public func skipNil<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
    compactMap { $0 }
  }
}

extension SignalProducer {
  /// Transforms every value of every start and forwards the non-`nil` results; see ``Signal/compactMap(_:)``.
  @inlinable
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Failure> {
    lift { $0.compactMap(transform) }
  }

  /// Forwards the non-`nil` values of every start, unwrapped; see ``Signal/skipNil()``.
  @inlinable
  public func skipNil<Wrapped>() -> SignalProducer<Wrapped, Failure> where Value == Wrapped? {
    lift { $0.skipNil() }
  }
}

/// The stage of a `compactMap`ped signal: its entry in its upstream's list, holding the transform (see
/// ``RelayCore``).
@usableFromInline
final class CompactMapStage<Input, Value, Failure: Error> {
  @usableFromInline let core: RelayCore<Input, Value, Failure>
  /// A constant, so that calling it costs no retain; released with the stage (see ``RelayCore``).
  @usableFromInline let transform: (Input) -> Value?

  @inlinable
  init(core: RelayCore<Input, Value, Failure>, transform: @escaping (Input) -> Value?) {
    self.core = core
    self.transform = transform
  }

  /// The core of `upstream.compactMap(transform)`, attached to `upstream`.
  ///
  /// Not inlined, so that the closure the upstream calls has one thunk per type, rather than one per call
  /// site of the operator.
  @inlinable @inline(never)
  static func attach(
    to upstream: SignalCore<Input, Failure>, _ transform: @escaping (Input) -> Value?
  ) -> RelayCore<Input, Value, Failure> {
    let core = RelayCore<Input, Value, Failure>(upstream: upstream)
    let stage = CompactMapStage(core: core, transform: transform)
    core.attach(stage: stage) { [stage] in stage.receive($0) }
    return core
  }

  /// Relays one event of the upstream; a value only if `transform` makes one of it.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Input, Failure>.Event) {
    guard case .value(let value) = event else { return core.relayEnd(event) }
    guard !core.hasTerminated, let transformed = transform(value) else { return }
    core.relay(.value(transformed))
  }
}
