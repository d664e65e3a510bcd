extension Signal {
  /// Turns every event, the terminal one included, into a value; then completes.
  /// ```
  /// input:         -1-2-X
  /// materialize(): -a-b-(c|)   (a = value(1), b = value(2), c = failed(boom))
  /// ```
  /// - Emits: each event of the source as a value, in order.
  /// - Completes: right after the source's terminal event, whichever it is. **Fails:** never.
  /// - Interruption and disposal: an interrupted source is sent as the value `.interrupted`; ending detaches
  ///   from the source. Disposing a producer's start still interrupts it.
  public func materialize(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Event, Never> {
    madeAt(relaying(MaterializeStep<Value, Failure>()), #function, fileID, line)
  }
}

extension Signal where Failure == Never {
  /// Turns values that are events (any ``EventProtocol``) back into events: the inverse of
  /// ``materialize(fileID:line:)``.
  /// ```
  /// input:           -a-b-c-   (a = value(1), b = value(2), c = failed(boom))
  /// dematerialize(): -1-2-X
  /// ```
  /// - Emits: the value of every `.value` event.
  /// - Completes: at a `.completed` value, or when the source completes. **Fails:** at a `.failed` value.
  /// - Interruption and disposal: an `.interrupted` value or an interrupted source interrupts the result. A
  ///   terminal value, or ending, detaches from the source.
  public func dematerialize(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Value.Value, Value.Failure>
  where Value: EventProtocol {
    madeAt(relaying(DematerializeStep<Value>()), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Turns every event of every start into a value, then completes; see ``Signal/materialize(fileID:line:)``.
  public func materialize(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Event, Never> {
    lifting(#function, fileID, line) { $0.materialize() }
  }
}

extension SignalProducer where Failure == Never {
  /// Turns the event values of every start back into events; see ``Signal/dematerialize(fileID:line:)``.
  public func dematerialize(
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value.Value, Value.Failure> where Value: EventProtocol {
    lifting(#function, fileID, line) { $0.dematerialize() }
  }
}

/// `materialize`'s step: relays every event as a value, and completes after the terminal one.
struct MaterializeStep<Value, InputFailure: Error>: RelayStep, ~Copyable {
  typealias Output = Signal<Value, InputFailure>.Event

  func receive(_ value: Value, into downstream: SignalCore<Output, Never>) -> Signal<Output, Never>.Event? {
    downstream.relayValue(.value(value))
    return nil
  }

  func end(_ end: Output, into downstream: SignalCore<Output, Never>) -> Signal<Output, Never>.Event {
    downstream.relayValue(end)
    return .completed
  }

  mutating func release() {}
}

/// `dematerialize`'s step: relays the events its values carry, and ends with the first terminal one.
struct DematerializeStep<Input: EventProtocol>: RelayStep, ~Copyable {
  typealias Output = Input.Value
  typealias Failure = Input.Failure

  func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event? {
    let event = value.event
    guard case .value(let inner) = event else { return event }
    downstream.relayValue(inner)
    return nil
  }

  func end(
    _ end: Signal<Input, Never>.Event, into downstream: SignalCore<Output, Failure>
  )
    -> Signal<Output, Failure>.Event
  {
    if case .completed = end { return .completed }
    return .interrupted
  }

  mutating func release() {}
}
