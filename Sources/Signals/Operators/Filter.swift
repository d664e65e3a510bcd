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
    Signal(core: FilterCore(upstream: core, isIncluded: isIncluded))
  }
}

extension SignalProducer {
  /// Lets through only the values that satisfy `isIncluded`; see ``Signal/filter(_:)``.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer {
    lift { $0.filter(isIncluded) }
  }
}

/// The core of a `filter`ed signal, and its entry in its upstream's list: one allocation per `filter`
/// attached (see ``RelayCore``).
@usableFromInline
final class FilterCore<Value, Failure: Error>: RelayCore<Value, Value, Failure>, @unchecked Sendable {
  /// Replaced when a terminal event ends the core (see ``RelayCore``). Read without a lock, and not checked
  /// for exclusivity at run time: only the upstream's deliveries, which are serial, call it, and the end
  /// that replaces it is one of them.
  @exclusivity(unchecked) @usableFromInline var isIncluded: OperatorPredicate<Value>

  /// Attaches the new core to `upstream`.
  ///
  /// Not inlined, so that the closure the upstream calls has one thunk per type, rather than one per call
  /// site of the operator.
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
    relay(event)
  }
}
