extension Signal {
  /// The signal of `take(until:)` and `skip(until:)`, whatever the trigger's failure type, made by the operator
  /// `function` at `fileID`:`line`. `forward` gets every event of this signal. The trigger's first event
  /// calls `fired` and detaches from the trigger, unless it is a failure, which fails the result with
  /// `failure(error)`. Both inputs go out with `send`: each is serial, but not with the other.
  func gated<Trigger, TriggerFailure>(
    by trigger: Signal<Trigger, TriggerFailure>, failure: @escaping (TriggerFailure) -> Failure,
    _ function: StaticString, _ fileID: StaticString, _ line: UInt,
    fired: @escaping (SignalCore<Value, Failure>) -> Void,
    forward: @escaping (SignalCore<Value, Failure>, Event) -> Void
  ) -> Signal {
    let upstream = core
    let triggerCore = trigger.core
    return madeAt(
      Signal(deriving: { downstream in
        let triggerObservation = SerialDisposable()
        triggerObservation.inner = triggerCore.observe { event in
          if case .failed(let error) = event { return downstream.sendCompact(.failed(failure(error))) }
          fired(downstream)
          triggerObservation.dispose()
        }
        let source = upstream.observe { forward(downstream, $0) }
        return CompositeDisposable([triggerObservation, source].compactMap { $0 })
      }), function, fileID, line)
  }
}
