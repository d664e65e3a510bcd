extension Signal {
  /// Turns every event, the terminal one included, into a value; then completes.
  ///
  /// ```
  /// input:         -1-2-X
  /// materialize(): -a-b-(c|)   (a = value(1), b = value(2), c = failed(boom))
  /// ```
  ///
  /// - Emits: each event of the source as a value, in order.
  /// - Completes: right after sending the source's terminal event — whichever it is, `interrupted`
  ///   included — so the result never fails and is never interrupted by its source. **Fails:** never.
  /// - Interruption and disposal: an interrupted source is reported as the value `.interrupted`, then the
  ///   result completes; ending detaches from the source. Disposing a producer start still interrupts it.
  public func materialize(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Event, Never> {
    let upstream = core
    return madeAt(
      Signal<Event, Never>(deriving: { downstream in
        upstream.observe { event in
          downstream.relay(.value(event))
          if event.isTerminating { downstream.relay(.completed) }
        }
      }), #function, fileID, line)
  }
}

extension Signal where Failure == Never {
  /// Turns values that are events back into events: the inverse of ``materialize(fileID:line:)``. The values are any
  /// ``EventProtocol``, so an extension constrained to streams of events can call it.
  ///
  /// ```
  /// input:           -a-b-c-   (a = value(1), b = value(2), c = failed(boom))
  /// dematerialize(): -1-2-X
  /// ```
  ///
  /// - Emits: the value of every `.value` event.
  /// - Completes: at a `.completed` value, or when the source completes. **Fails:** at a `.failed` value,
  ///   with its error. Each terminal value detaches from the source.
  /// - Interruption and disposal: an `.interrupted` value or an interrupted source interrupts the result;
  ///   ending detaches from the source.
  public func dematerialize(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<Value.Value, Value.Failure>
  where Value: EventProtocol {
    let upstream = core
    return madeAt(
      Signal<Value.Value, Value.Failure>(deriving: { downstream in
        upstream.observe { event in
          switch event {
          case .value(let inner): downstream.relay(inner.event)
          case .completed: downstream.relay(.completed)
          case .interrupted: downstream.relay(.interrupted)
          }
        }
      }), #function, fileID, line)
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
