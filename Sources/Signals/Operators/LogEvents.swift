/// A kind of event that ``Signal/logEvents(identifier:events:logger:)`` can log.
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
  ///
  /// ```
  /// input:                           -1-2-|
  /// logEvents(identifier: "prices"): -1-2-|
  /// ```
  ///
  /// With the default logger, this prints `[prices] value 1`, `[prices] value 2`, `[prices] completed`,
  /// `[prices] terminated` and `[prices] disposed`, one per line.
  ///
  /// Each event is logged before it is forwarded, as with
  /// ``on(value:failed:completed:interrupted:terminated:disposed:)``. `starting` and `started` apply to
  /// producers only and are ignored here.
  ///
  /// - Parameters:
  ///   - identifier: names this stream in the log.
  ///   - events: which kinds of event to log.
  ///   - logger: receives `identifier` and the message (`value 3`, `failed boom`, `completed`, …); the
  ///     default prints `[identifier] message`.
  /// - Emits, completes, fails: exactly as the source.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  public func logEvents(
    identifier: String = "Signals",
    events: Set<LogEvent> = LogEvent.all,
    logger: @escaping (_ identifier: String, _ message: String) -> Void = { print("[\($0)] \($1)") }
  ) -> Signal {
    EventLog(identifier: identifier, events: events, logger: logger).logging(self)
  }
}

extension SignalProducer {
  /// Logs every start's events, and its `starting` and `started`, without changing them;
  /// see ``Signal/logEvents(identifier:events:logger:)``.
  public func logEvents(
    identifier: String = "Signals",
    events: Set<LogEvent> = LogEvent.all,
    logger: @escaping (_ identifier: String, _ message: String) -> Void = { print("[\($0)] \($1)") }
  ) -> SignalProducer {
    let log = EventLog(identifier: identifier, events: events, logger: logger)
    return on(starting: log.hook(.starting), started: log.hook(.started)).lift { log.logging($0) }
  }
}

/// Builds the hooks `logEvents` passes to `on`: one per selected kind of event, `nil` for the others.
struct EventLog {
  let identifier: String
  let events: Set<LogEvent>
  let logger: (String, String) -> Void

  /// `signal` with a hook for each selected kind of event; the producer form adds `starting` and `started`,
  /// and applies this to every start.
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
    return { [identifier, logger] payload in logger(identifier, "\(event.rawValue) \(payload)") }
  }
}
