/// Records, in a debug build of Signals, that `signal` was made by the operator `function` (its `#function`)
/// at `fileID`:`line`; returns it. In a release build it is the identity, and the arguments are unused.
@inlinable @inline(__always)
func madeAt<Value, Failure>(
  _ signal: Signal<Value, Failure>, _ function: StaticString, _ fileID: StaticString, _ line: UInt
) -> Signal<Value, Failure> {
  #if DEBUG
  DebugInfo.noteSite(signal.core, fileID, line, operator: function)
  #endif
  return signal
}

extension SignalProducer {
  /// `lift(_:)` for an operator made by `function` at `fileID`:`line`: in a debug build of Signals, the signal
  /// of every start records that site (see ``madeAt(_:_:_:_:)``); in a release build, exactly `lifting(_:)`.
  @inlinable @inline(__always)
  func lifting<U, F>(
    _ function: StaticString, _ fileID: StaticString, _ line: UInt,
    _ transform: @escaping (Signal<Value, Failure>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    #if DEBUG
    return lifting { madeAt(transform($0), function, fileID, line) }
    #else
    return lifting(transform)
    #endif
  }

  /// The two-signal ``lifting(_:_:_:_:)``.
  @inlinable @inline(__always)
  func lifting<U, F, V, G>(
    _ function: StaticString, _ fileID: StaticString, _ line: UInt, _ other: SignalProducer<V, G>,
    _ transform: @escaping (Signal<Value, Failure>, Signal<V, G>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    #if DEBUG
    return lifting(other) { madeAt(transform($0, $1), function, fileID, line) }
    #else
    return lifting(other, transform)
    #endif
  }

}

/// `producer`, made by the operator `function` at `fileID`:`line`: in a debug build of Signals, the signal of
/// every start records that site (through one more `lift`); in a release build, `producer` itself. For the
/// producer operators not built on one `lift`.
@inlinable @inline(__always)
func madeAt<Value, Failure>(
  _ producer: SignalProducer<Value, Failure>, _ function: StaticString, _ fileID: StaticString, _ line: UInt
) -> SignalProducer<Value, Failure> {
  #if DEBUG
  return producer.lifting { madeAt($0, function, fileID, line) }
  #else
  return producer
  #endif
}

extension DebugInfo {
  /// Where `object` (a stream's core, a property's node) was made, for a report: `made by map at
  /// Form.swift:12` for a stream made by an operator, `made at Form.swift:12` otherwise; `nil` when a debug
  /// build recorded no site (a `pipe`, a release build, something made in the library).
  static func origin(of object: AnyObject) -> String? {
    guard let site = site(of: object) else { return nil }
    return (operatorName(of: object).map { "made by \($0) at " } ?? "made at ") + "\(site)"
  }
}
