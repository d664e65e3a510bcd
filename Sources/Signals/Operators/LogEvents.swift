/// A kind of event that ``Signal/logEvents(identifier:events:fileID:line:logger:)`` can log.
public enum LogEvent: String, CaseIterable, Hashable, Sendable {
  /// A producer is about to run its start closure (producers only).
  case starting
  /// A producer's start closure has returned (producers only).
  case started
  /// A value passed; logged as `value <value>`.
  case value
  /// The stream failed; logged as `failed <error>`.
  case failed
  /// The stream completed.
  case completed
  /// The stream was interrupted.
  case interrupted
  /// The stream ended, whichever way; logged after `failed`, `completed` or `interrupted`.
  case terminated
  /// The logged stream ended or was abandoned, and let go of its source.
  case disposed

  /// Every kind of event.
  public static let all: Set<LogEvent> = Set(allCases)
}

extension Signal {
  /// Logs the events that pass through, without changing them: a debugging aid.
  /// ```
  /// input:                           -1-2-|
  /// logEvents(identifier: "prices"): -1-2-|
  /// ```
  /// With the default logger, this writes `[prices] value 1 (Prices.swift:12)`, …, `[prices] completed (…)`,
  /// `[prices] terminated (…)` and `[prices] disposed (…)` to standard error, a line per event, flushed as it
  /// is written; the place is the line that called `logEvents`. A `logger` of your own receives `identifier`
  /// and the message (`value 3`, `failed boom`), values shown as ``LogEvent/describe(_:)`` does. Each event is
  /// logged before it is forwarded; `starting` and `started` apply to producers only.
  ///
  /// - Emits, completes, fails: exactly as the source.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func logEvents(
    identifier: String = "Signals",
    events: Set<LogEvent> = LogEvent.all,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    logger: ((_ identifier: String, _ message: String) -> Void)? = nil
  ) -> Signal {
    let log = EventLog(
      identifier: identifier, events: events, site: CreationSite(fileID: fileID, line: line), logger: logger)
    return madeAt(log.logging(self), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Logs every start's events, and its `starting` and `started`, without changing them;
  /// see ``Signal/logEvents(identifier:events:fileID:line:logger:)``.
  public func logEvents(
    identifier: String = "Signals",
    events: Set<LogEvent> = LogEvent.all,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    logger: (@Sendable (_ identifier: String, _ message: String) -> Void)? = nil
  ) -> SignalProducer {
    madeAt(
      logging(
        EventLog(identifier: identifier, events: events, site: CreationSite(fileID: fileID, line: line), logger: logger)
      ), #function, fileID, line)
  }

  /// Logs the events of every start to `log`.
  func logging(_ log: EventLog) -> SignalProducer {
    hooking(starting: log.hook(.starting), started: log.hook(.started)) { log.logging($0) }
  }
}

extension PropertyProtocol {
  /// A property that follows this one and logs its current value, each change and its end: a debugging aid.
  /// ```swift
  /// label.text <~ viewModel.title.logEvents(identifier: "title")
  /// // [title] value "" (HotelView.swift:31)
  /// // [title] value "Ann" (HotelView.swift:31)
  /// ```
  /// - Emits: the same values as this property. Logs `value` for the current value and each change (once,
  ///   not per observer), `completed`, `terminated` and `disposed` when it ends, `starting` and `started` now.
  /// - Completes: when this property ends.
  /// - Disposal: the result is fed by this property's `producer` and holds this property until it ends or is
  ///   released.
  public func logEvents(
    identifier: String = "Signals",
    events: Set<LogEvent> = LogEvent.all,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    logger: ((_ identifier: String, _ message: String) -> Void)? = nil
  ) -> Property<Value> {
    // The producer is started once, by the property: `logger` is called one event at a time, as for a signal.
    Property(
      unsafeProducer: producer.logging(
        EventLog(identifier: identifier, events: events, site: CreationSite(fileID: fileID, line: line), logger: logger)
      ), fileID: fileID, line: line)
  }
}

extension LogEvent {
  /// How `logEvents` shows a value or an error: text in quotes, with escapes (an empty string reads `""`); an
  /// optional as what it wraps, or `nil`; anything else as `String(describing:)`.
  public static func describe(_ payload: Any) -> String {
    describedValue(payload)
  }
}

/// Builds the hooks `logEvents` passes to `on`: one per selected kind of event, `nil` for the others.
struct EventLog {
  let identifier: String
  let events: Set<LogEvent>
  let logger: (String, String) -> Void

  /// A log of `events` under `identifier`, to `logger`, or to standard error with `site` when it is `nil`.
  init(
    identifier: String, events: Set<LogEvent>, site: CreationSite, logger: ((String, String) -> Void)?
  ) {
    self.identifier = identifier
    self.events = events
    self.logger = logger ?? { identifier, message in StandardError.writeLine("[\(identifier)] \(message) (\(site))") }
  }

  /// `signal` with a hook for each selected kind of event.
  func logging<Value, Failure>(_ signal: Signal<Value, Failure>) -> Signal<Value, Failure> {
    signal.on(
      value: hook(.value), failed: hook(.failed), completed: hook(.completed), interrupted: hook(.interrupted),
      terminated: hook(.terminated), disposed: hook(.disposed))
  }

  /// A hook that logs `event` alone, or `nil` if `event` is not selected.
  func hook(_ event: LogEvent) -> (() -> Void)? {
    guard events.contains(event) else { return nil }
    return { [identifier, logger] in logger(identifier, event.rawValue) }
  }

  /// A hook that logs `event` with its payload, or `nil` if `event` is not selected.
  func hook<Payload>(_ event: LogEvent) -> ((Payload) -> Void)? {
    guard events.contains(event) else { return nil }
    return { [identifier, logger] payload in logger(identifier, "\(event.rawValue) \(LogEvent.describe(payload))") }
  }
}
