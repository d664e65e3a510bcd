import Signals
import Testing

extension TestScheduler {
  /// A hot signal that sends the events of `diagram` at their ticks, counted from time zero.
  ///
  /// Its input is kept alive by the scheduler, so a diagram without a terminal event leaves the signal
  /// running, not interrupted.
  public func hotSignal<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Signal<Value, Failure> {
    makeHot(Marble.parse(diagram, values: values, error: error, sourceLocation: sourceLocation))
  }

  /// A hot signal that cannot fail; see ``hotSignal(_:values:error:sourceLocation:)``.
  public func hotSignal<Value>(
    _ diagram: String,
    values: [Character: Value],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Signal<Value, Never> {
    makeHot(Marble.parse(diagram, values: values, error: nil, sourceLocation: sourceLocation))
  }

  /// A hot signal of one-character strings; see ``hotSignal(_:values:error:sourceLocation:)``.
  public func hotSignal<Failure>(
    _ diagram: String,
    error: Failure,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Signal<String, Failure> {
    hotSignal(diagram, values: Marble.selfValues(diagram), error: error, sourceLocation: sourceLocation)
  }

  /// A hot signal of one-character strings that cannot fail; see ``hotSignal(_:values:error:sourceLocation:)``.
  public func hotSignal(_ diagram: String, sourceLocation: SourceLocation = #_sourceLocation) -> Signal<String, Never> {
    hotSignal(diagram, values: Marble.selfValues(diagram), sourceLocation: sourceLocation)
  }

  /// A cold producer: each start sends the events of `diagram` at their ticks, counted from that start.
  /// Disposing a start cancels what it still had to send.
  public func coldProducer<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SignalProducer<Value, Failure> {
    makeCold(Marble.parse(diagram, values: values, error: error, sourceLocation: sourceLocation))
  }

  /// A cold producer that cannot fail; see ``coldProducer(_:values:error:sourceLocation:)``.
  public func coldProducer<Value>(
    _ diagram: String,
    values: [Character: Value],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SignalProducer<Value, Never> {
    makeCold(Marble.parse(diagram, values: values, error: nil, sourceLocation: sourceLocation))
  }

  /// A cold producer of one-character strings; see ``coldProducer(_:values:error:sourceLocation:)``.
  public func coldProducer<Failure>(
    _ diagram: String,
    error: Failure,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SignalProducer<String, Failure> {
    coldProducer(diagram, values: Marble.selfValues(diagram), error: error, sourceLocation: sourceLocation)
  }

  /// A cold producer of one-character strings that cannot fail; see
  /// ``coldProducer(_:values:error:sourceLocation:)``.
  public func coldProducer(
    _ diagram: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SignalProducer<String, Never> {
    coldProducer(diagram, values: Marble.selfValues(diagram), sourceLocation: sourceLocation)
  }

  private func makeHot<Value, Failure>(_ entries: [Marble.Entry<Value, Failure>]) -> Signal<Value, Failure> {
    let (signal, input) = Signal<Value, Failure>.pipe()
    retain(input)
    for entry in entries {
      schedule(at: instant(ofTick: entry.tick)) { input.send(entry.event) }
    }
    return signal
  }

  private func makeCold<Value, Failure>(_ entries: [Marble.Entry<Value, Failure>]) -> SignalProducer<Value, Failure> {
    SignalProducer { observer, lifetime in
      let start = self.now
      for entry in entries {
        lifetime += self.schedule(at: start.advanced(by: self.tick * entry.tick)) { observer.send(entry.event) }
      }
      lifetime.observeEnded { _ = observer }
    }
  }
}
