/// Records, in a debug build of Signals, that `signal` was made by the operator `function` (its `#function`)
/// at `fileID`:`line`; returns it. In a release build it is the identity, and the arguments are unused.
@inlinable
func madeAt<Value, Failure>(
  _ signal: Signal<Value, Failure>, _ function: StaticString, _ fileID: StaticString, _ line: UInt
) -> Signal<Value, Failure> {
  #if DEBUG
  DebugInfo.noteSite(signal.core, fileID, line, operator: function)
  #endif
  return signal
}

extension SignalProducer {
  /// The one way an operator's producer form applies its signal form to every start: ``lift(_:)`` for the
  /// operator `function` made at `fileID`:`line`, whose `transform` may capture what ``unchecked(_:)``
  /// allows. In a debug build, every start records that site on the signal it makes (the one
  /// `startWithSignal` hands out) and on the signal the operator makes from this producer's.
  @inlinable
  func lifting<U, F>(
    _ function: StaticString, _ fileID: StaticString, _ line: UInt,
    _ transform: @escaping (Signal<Value, Failure>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    #if DEBUG
    return SignalProducer<U, F>.unchecked { observer, lifetime in
      if let core = observer.core { DebugInfo.noteSite(core, fileID, line, operator: function) }
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        lifetime.hold(madeAt(transform(signal), function, fileID, line).observeForwardingEnd(observer))
      }
    }
    #else
    return SignalProducer<U, F>.unchecked { observer, lifetime in
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        lifetime.hold(transform(signal).observeForwardingEnd(observer))
      }
    }
    #endif
  }

  /// The two-signal ``lifting(_:_:_:_:)``.
  @inlinable
  func lifting<U, F, V, G>(
    _ function: StaticString, _ fileID: StaticString, _ line: UInt, _ other: SignalProducer<V, G>,
    _ transform: @escaping (Signal<Value, Failure>, Signal<V, G>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    #if DEBUG
    return SignalProducer<U, F>.unchecked { observer, lifetime in
      if let core = observer.core { DebugInfo.noteSite(core, fileID, line, operator: function) }
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        other.startWithSignal { otherSignal, otherInterrupter in
          lifetime.hold(otherInterrupter)
          lifetime.hold(madeAt(transform(signal, otherSignal), function, fileID, line).observeForwardingEnd(observer))
        }
      }
    }
    #else
    return SignalProducer<U, F>.unchecked { observer, lifetime in
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        other.startWithSignal { otherSignal, otherInterrupter in
          lifetime.hold(otherInterrupter)
          lifetime.hold(transform(signal, otherSignal).observeForwardingEnd(observer))
        }
      }
    }
    #endif
  }
}

/// `producer`, made by the operator `function` at `fileID`:`line`: in a debug build of Signals, every start
/// records that site on the signal it makes (through one more `lift`); in a release build, `producer` itself.
/// For the producer operators not built on one `lift`.
@inlinable
func madeAt<Value, Failure>(
  _ producer: SignalProducer<Value, Failure>, _ function: StaticString, _ fileID: StaticString, _ line: UInt
) -> SignalProducer<Value, Failure> {
  #if DEBUG
  return producer.lifting(function, fileID, line) { $0 }
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
