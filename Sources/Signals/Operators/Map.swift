extension Signal {
  /// Transforms every value.
  ///
  /// ```
  /// input:  -1-2-3-|
  /// map ×10: -a-b-c-|   (a = 10, b = 20, c = 30)
  /// ```
  ///
  /// - Emits: `transform(value)` for each value, once per value however many observers there are.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: an interrupted source interrupts the result; when the result has no
  ///   observer and no handle left, it detaches from the source.
  @inlinable
  public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Failure> {
    let upstream = core
    return Signal<U, Failure>(deriving: { downstream in
      let relay = MapRelay(upstream, downstream, transform)
      return upstream.attach(relay, .events { relay.receive($0) })
    })
  }

  /// Extracts a property of every value by key path; otherwise like ``map(_:)``.
  @inlinable
  public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Failure> {
    map { $0[keyPath: keyPath] }
  }
}

extension SignalProducer {
  /// Transforms every value of every start; see ``Signal/map(_:)-((Value)->U)``.
  @inlinable
  public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Failure> {
    lift { $0.map(transform) }
  }

  /// Extracts a property of every value by key path; see ``Signal/map(_:)-((Value)->U)``.
  @inlinable
  public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Failure> {
    lift { $0.map(keyPath) }
  }
}

extension PropertyProtocol {
  /// A property whose value is always `transform(self.value)`.
  ///
  /// Its `producer` sends the transformed current value, then each transformed change; it ends when this
  /// property ends.
  public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
    lift { $0.map(transform) }
  }

  /// A property whose value is always `self.value[keyPath: keyPath]`.
  public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
    lift { $0.map(keyPath) }
  }
}

/// `map`'s subscription to its upstream, and what its observer closure captures: one allocation per `map`
/// attached (see ``Subscription``).
@usableFromInline
final class MapRelay<Value, U, Failure: Error>: Subscription<Value, Failure>, @unchecked Sendable {
  @usableFromInline let downstream: SignalCore<U, Failure>
  @usableFromInline let transform: (Value) -> U

  @inlinable
  init(
    _ upstream: SignalCore<Value, Failure>, _ downstream: SignalCore<U, Failure>,
    _ transform: @escaping (Value) -> U
  ) {
    self.downstream = downstream
    self.transform = transform
    super.init(core: upstream)
  }

  /// Relays one event of the upstream, transformed.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    switch event {
    case .value(let value): downstream.relay(.value(transform(value)))
    case .failed(let error): downstream.relay(.failed(error))
    case .completed: downstream.relay(.completed)
    case .interrupted: downstream.relay(.interrupted)
    }
  }
}
