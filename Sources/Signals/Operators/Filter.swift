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
  @inlinable @inline(__always)
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
    Signal(core: FilterStage.attach(to: core, isIncluded))
  }
}

extension SignalProducer {
  /// Lets through only the values that satisfy `isIncluded`; see ``Signal/filter(_:)``.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer {
    lift { $0.filter(isIncluded) }
  }
}

/// The stage of a `filter`ed signal: its entry in its upstream's list, holding the predicate (see
/// ``RelayCore``).
@usableFromInline
final class FilterStage<Value, Failure: Error> {
  @usableFromInline let core: RelayCore<Value, Value, Failure>
  /// A constant, so that calling it costs no retain; released with the stage (see ``RelayCore``).
  @usableFromInline let isIncluded: (Value) -> Bool

  @inlinable
  init(core: RelayCore<Value, Value, Failure>, isIncluded: @escaping (Value) -> Bool) {
    self.core = core
    self.isIncluded = isIncluded
  }

  /// The core of `upstream.filter(isIncluded)`, attached to `upstream`.
  ///
  /// Not inlined, so that the closure the upstream calls has one thunk per type, rather than one per call
  /// site of the operator.
  @inlinable @inline(never)
  static func attach(
    to upstream: SignalCore<Value, Failure>, _ isIncluded: @escaping (Value) -> Bool
  ) -> RelayCore<Value, Value, Failure> {
    let core = RelayCore<Value, Value, Failure>(upstream: upstream)
    let stage = FilterStage(core: core, isIncluded: isIncluded)
    core.attach(stage: stage) { [stage] in stage.receive($0) }
    return core
  }

  /// Relays one event of the upstream, unless it is a value `isIncluded` rejects.
  @inlinable @inline(__always)
  func receive(_ event: Signal<Value, Failure>.Event) {
    guard case .value(let value) = event else { return core.relayEnd(event) }
    guard !core.hasTerminated, isIncluded(value) else { return }
    core.relay(event)
  }
}
