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
  @inlinable
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Failure> {
    let upstream = core
    return Signal<U, Failure>(deriving: { downstream in
      let relay = CompactMapRelay(upstream, downstream, transform)
      return upstream.attach(relay, .events { relay.receive($0) })
    })
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

/// `compactMap`'s subscription to its upstream, and what its observer closure captures: one allocation per
/// `compactMap` attached (see ``Subscription``).
@usableFromInline
final class CompactMapRelay<Value, U, Failure: Error>: Subscription<Value, Failure>, @unchecked Sendable {
  @usableFromInline let downstream: SignalCore<U, Failure>
  @usableFromInline let transform: (Value) -> U?

  @inlinable
  init(
    _ upstream: SignalCore<Value, Failure>, _ downstream: SignalCore<U, Failure>,
    _ transform: @escaping (Value) -> U?
  ) {
    self.downstream = downstream
    self.transform = transform
    super.init(core: upstream)
  }

  /// Relays one event of the upstream; a value only if its transform is not `nil`.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    switch event {
    case .value(let value):
      if let transformed = transform(value) { downstream.relay(.value(transformed)) }
    case .failed(let error): downstream.relay(.failed(error))
    case .completed: downstream.relay(.completed)
    case .interrupted: downstream.relay(.interrupted)
    }
  }
}
