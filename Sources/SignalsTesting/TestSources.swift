import Signals

extension TestScheduler {
  /// A hot signal that sends the events of `diagram` at their ticks, counted from time zero.
  ///
  /// Its input is kept alive by the scheduler, so a diagram without a terminal event leaves the signal
  /// running, not interrupted. A malformed diagram fails the test at the call (see ``Marble``); `fileID`,
  /// `filePath`, `line` and `column` say where the call is, and default to the caller's.
  public func hotSignal<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Signal<Value, Failure> {
    makeHot(
      Marble.parse(
        diagram, values: values, error: error,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// A hot signal that cannot fail; see ``hotSignal(_:values:error:fileID:filePath:line:column:)``.
  public func hotSignal<Value>(
    _ diagram: String,
    values: [Character: Value],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Signal<Value, Never> {
    makeHot(
      Marble.parse(
        diagram, values: values, error: nil,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// A hot signal of one-character strings; see ``hotSignal(_:values:error:fileID:filePath:line:column:)``.
  public func hotSignal<Failure>(
    _ diagram: String,
    error: Failure,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Signal<String, Failure> {
    hotSignal(
      diagram,
      values: Marble.selfValues(diagram),
      error: error,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// A hot signal of one-character strings that cannot fail; see
  /// ``hotSignal(_:values:error:fileID:filePath:line:column:)``.
  public func hotSignal(
    _ diagram: String,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Signal<String, Never> {
    hotSignal(
      diagram,
      values: Marble.selfValues(diagram),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// A cold producer: each start sends the events of `diagram` at their ticks, counted from that start.
  /// Disposing a start cancels what it still had to send.
  public func coldProducer<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> SignalProducer<Value, Failure> {
    makeCold(
      Marble.parse(
        diagram, values: values, error: error,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// A cold producer that cannot fail; see ``coldProducer(_:values:error:fileID:filePath:line:column:)``.
  public func coldProducer<Value>(
    _ diagram: String,
    values: [Character: Value],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> SignalProducer<Value, Never> {
    makeCold(
      Marble.parse(
        diagram, values: values, error: nil,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// A cold producer of one-character strings; see
  /// ``coldProducer(_:values:error:fileID:filePath:line:column:)``.
  public func coldProducer<Failure>(
    _ diagram: String,
    error: Failure,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> SignalProducer<String, Failure> {
    coldProducer(
      diagram,
      values: Marble.selfValues(diagram),
      error: error,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// A cold producer of one-character strings that cannot fail; see
  /// ``coldProducer(_:values:error:fileID:filePath:line:column:)``.
  public func coldProducer(
    _ diagram: String,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> SignalProducer<String, Never> {
    coldProducer(
      diagram,
      values: Marble.selfValues(diagram),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
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
    // Unchecked: `entries` are the producer's own values, shared by its starts as any producer's are.
    SignalProducer.unchecked { observer, lifetime in
      let start = self.now
      for entry in entries {
        lifetime += self.schedule(at: start.advanced(by: self.tick * entry.tick)) { observer.send(entry.event) }
      }
      lifetime.observeEnded { _ = observer }
    }
  }
}
