extension Signal {
  /// Lets through only the values that satisfy `isIncluded`.
  ///
  /// ```
  /// input:        -1-2-3-4-|
  /// filter(even): ---2---4-|
  /// ```
  ///
  /// - Emits: each value for which `isIncluded` returns `true`.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      let relay = FilterRelay(upstream, downstream, isIncluded)
      return upstream.attach(relay, .events { relay.receive($0) })
    })
  }
}

extension SignalProducer {
  /// Lets through only the values that satisfy `isIncluded`; see ``Signal/filter(_:)``.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer {
    lift { $0.filter(isIncluded) }
  }
}

/// `filter`'s subscription to its upstream, and what its observer closure captures: one allocation per
/// `filter` attached (see ``Subscription``).
@usableFromInline
final class FilterRelay<Value, Failure: Error>: Subscription<Value, Failure>, @unchecked Sendable {
  @usableFromInline let downstream: SignalCore<Value, Failure>
  @usableFromInline let isIncluded: (Value) -> Bool

  @inlinable
  init(
    _ upstream: SignalCore<Value, Failure>, _ downstream: SignalCore<Value, Failure>,
    _ isIncluded: @escaping (Value) -> Bool
  ) {
    self.downstream = downstream
    self.isIncluded = isIncluded
    super.init(core: upstream)
  }

  /// Relays one event of the upstream if it is not a value that `isIncluded` rejects.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    if case .value(let value) = event, !isIncluded(value) { return }
    downstream.relay(event)
  }
}
