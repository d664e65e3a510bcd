import Signals

/// Records the events of a signal, producer or property, with their virtual times, for assertions.
///
/// Given a ``TestScheduler``, each event is stamped with its time, and ``marble(symbol:)`` draws what was
/// recorded. Thread-safe.
///
/// The `expect` methods fail the running test at the caller's line with a readable diff (for marbles, the
/// diagram produced under the one expected): an issue under Swift Testing, `XCTFail` under XCTest, a stop in a
/// program that runs no tests. A helper of your own can take `filePath: StaticString = #filePath, line: UInt =
/// #line` and pass them on, so that a failure points at its caller.
public final class TestRecorder<Value, Failure: Error>: @unchecked Sendable {
  /// The events of the stream.
  public typealias Event = Signal<Value, Failure>.Event

  private let storage = Locked<[(time: SchedulerInstant?, event: Event)]>([])
  private let scheduler: TestScheduler?

  /// The disposable of the observation or start, if the recorder made one.
  public private(set) var disposable: (any Disposable)?

  /// A recorder that records only what is passed to ``record(_:)``.
  public init(scheduler: TestScheduler? = nil) {
    self.scheduler = scheduler
    PropertyChange.endCall()  // a recorder made is a step of the spec (Docs/Debugging.md, "One call")
  }

  /// A recorder observing `signal` from now on.
  public convenience init(_ signal: Signal<Value, Failure>, scheduler: TestScheduler? = nil) {
    self.init(scheduler: scheduler)
    disposable = signal.observe { self.record($0) }
  }

  /// A recorder that starts `producer` now.
  public convenience init(_ producer: SignalProducer<Value, Failure>, scheduler: TestScheduler? = nil) {
    self.init(scheduler: scheduler)
    disposable = producer.start { self.record($0) }
  }

  /// A recorder of `property`'s producer: its current value now, then every change.
  public convenience init<Property: PropertyProtocol>(
    _ property: Property,
    scheduler: TestScheduler? = nil
  ) where Property.Value == Value, Failure == Never {
    self.init(property.producer, scheduler: scheduler)
  }

  /// Records `event` at the scheduler's current time.
  public func record(_ event: Event) {
    let time = scheduler?.now
    storage.withLock { $0.append((time, event)) }
  }

  /// Stops observing: disposes the observation or start the recorder made.
  public func dispose() {
    disposable?.dispose()
  }

  /// Every event recorded, in order.
  public var events: [Event] { storage.withLock { $0.map(\.event) } }

  /// Every event with the virtual time it arrived at (`nil` without a scheduler).
  public var timedEvents: [(time: SchedulerInstant?, event: Event)] { storage.withLock { $0 } }

  /// The values recorded.
  public var values: [Value] { events.compactMap(\.value) }

  /// Whether a terminal event was recorded last.
  public var isTerminated: Bool { events.last?.isTerminating ?? false }

  /// The error of the first `failed` event recorded, if any.
  public var error: Failure? { events.lazy.compactMap(\.error).first }

  /// Whether a `completed` event was recorded.
  public var isCompleted: Bool { events.contains { $0.isCompleted } }

  /// Whether a `failed` event was recorded.
  public var isFailed: Bool { events.contains { $0.isFailed } }

  /// Whether an `interrupted` event was recorded.
  public var isInterrupted: Bool { events.contains { $0.isInterrupted } }

  /// Whether an event was recorded after a terminal one, breaking the grammar
  /// `value* (failed | completed | interrupted)?`; the recorder fails nothing by itself.
  public var violatedGrammar: Bool { events.dropLast().contains { $0.isTerminating } }

  /// The events as short strings: values as `"\(value)"`, then `"failed(…)"`, `"completed"`, `"interrupted"`.
  public var descriptions: [String] {
    events.map { event in
      if case .value(let value) = event { return "\(value)" }
      return event.description
    }
  }

  /// The recorded events as a marble diagram, ticks counted from the scheduler's time zero.
  public func marble(symbol: (Value) -> String = { "\($0)" }) -> String {
    Marble.render(entries, symbol: symbol)
  }

  /// The recorded events as marble entries; events between ticks belong to the tick they fall in.
  var entries: [Marble.Entry<Value, Failure>] {
    let tick = scheduler?.tick ?? .seconds(1)
    return timedEvents.map { recorded in
      let elapsed = recorded.time?.sinceOrigin ?? .zero
      return Marble.Entry(tick: Int((elapsed / tick).rounded(.down)), event: recorded.event)
    }
  }

  /// Fails the test unless the recorded events, described as in ``descriptions``, are `expected`.
  public func expect(
    events expected: [String],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    PropertyChange.endCall()
    let actual = descriptions
    guard actual != expected else { return }
    reportFailure(
      Diff.lines(expected: expected, actual: actual),
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Fails the test unless the stream produced `expected`, a marble diagram whose characters stand for the
  /// `values` and whose `X` is a failure with `error` (compared by description). Ticks compare exactly; a
  /// failure shows the diagram produced under the expected one.
  public func expect(
    marble expected: String,
    values: [Character: Value],
    error: Failure? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value: Equatable {
    PropertyChange.endCall()
    let symbols = values.sorted { $0.key < $1.key }
    let symbol = { (value: Value) in symbols.first { $0.value == value }.map { String($0.key) } ?? "«\(value)»" }
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let wanted = Marble.parse(expected, values: values, error: error, at: site)
    compare(wanted, entries, symbol: symbol, expected: expected, at: site)
  }

  private func compare(
    _ wanted: [Marble.Entry<Value, Failure>],
    _ actual: [Marble.Entry<Value, Failure>],
    symbol: (Value) -> String,
    expected: String,
    at site: CallSite
  ) {
    func keys(_ entries: [Marble.Entry<Value, Failure>]) -> [String] {
      entries.map { entry in
        switch entry.event {
        case .value(let value): return "\(entry.tick): \(symbol(value))"
        case .failed(let error): return "\(entry.tick): failed(\(error))"
        case .completed: return "\(entry.tick): completed"
        case .interrupted: return "\(entry.tick): interrupted"
        }
      }
    }
    let wantedKeys = keys(wanted)
    let actualKeys = keys(actual)
    guard wantedKeys != actualKeys else { return }
    let message = Diff.marbles(
      expected: Marble.render(wanted, symbol: symbol),
      actual: Marble.render(actual, symbol: symbol),
      events: Diff.lines(expected: wantedKeys, actual: actualKeys)
    )
    reportFailure(message, at: site)
  }
}

extension TestRecorder where Value == String {
  /// Fails the test unless the stream produced `expected`, whose characters stand for one-character
  /// string values; see ``expect(marble:values:error:fileID:filePath:line:column:)``.
  public func expect(
    marble expected: String,
    error: Failure? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    expect(
      marble: expected,
      values: Marble.selfValues(expected),
      error: error,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

extension TestRecorder where Value: Equatable {
  /// Fails the test unless the values recorded are `expected`, whatever the terminal event.
  public func expect(
    values expected: [Value],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    PropertyChange.endCall()
    let actual = values
    guard actual != expected else { return }
    let message = Diff.lines(expected: expected.map { "\($0)" }, actual: actual.map { "\($0)" })
    reportFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// Readable differences for failed expectations.
enum Diff {
  /// A line per position: unchanged lines indented, differing ones as `- expected` / `+ actual`.
  static func lines(expected: [String], actual: [String]) -> String {
    var text = "Recorded events differ (- expected, + actual):"
    for index in 0..<max(expected.count, actual.count) {
      let wanted = index < expected.count ? expected[index] : nil
      let got = index < actual.count ? actual[index] : nil
      if wanted == got {
        text += "\n    \(wanted!)"
        continue
      }
      if let wanted { text += "\n  - \(wanted)" }
      if let got { text += "\n  + \(got)" }
    }
    return text
  }

  /// Both diagrams, one above the other, with a caret under the first differing character.
  static func marbles(expected: String, actual: String, events: String) -> String {
    let wanted = Array(expected)
    let got = Array(actual)
    let firstDifference =
      zip(wanted, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(wanted.count, got.count)
    return """
      Marble mismatch
        expected: \(expected)
          actual: \(actual)
                  \(String(repeating: " ", count: firstDifference))^
      \(events)
      """
  }
}
