import Signals

/// Timelines of named tokens, as the RxSwift example app writes its marble tests: tokens of any length
/// (`u1`, `p2`, `#timeout`) separated by `-`, each at the tick of its first character.
/// ```
/// e---u1----u2-|        e at 0, u1 at 4, u2 at 10, completed at 13
/// ```
/// | token | meaning |
/// |---|---|
/// | `-` | one tick in which nothing happens |
/// | `|` | the completion |
/// | `!` | an interruption |
/// | a key of `errors` | a failure with that error (`#1`, `#timeout`: any name) |
/// | a key of `values` | that value |
///
/// `|` and `!` are tokens of their own (`u2|` is `u2`, then the completion a tick later). What follows a
/// terminal token is the next attempt, counted from the character after it (`--a-#1--b` gives `--a-#1` and
/// `--b`), for a producer that is retried. An unknown token fails the test and is skipped.
extension TestScheduler {
  /// The attempts of `timeline`, as events at ticks: the RxSwift example app's `parseEventsAndTimes`.
  public func parseEventsAndTimes<Value, Failure>(
    timeline: String,
    values: [String: Value],
    errors: [String: Failure],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [[Recorded<Value, Failure>]] {
    parseEventsAndTimes(
      timeline: timeline, values: values, errors: errors,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The attempts of `timeline`; a token found in neither table fails the test at `site`.
  func parseEventsAndTimes<Value, Failure>(
    timeline: String,
    values: [String: Value],
    errors: [String: Failure],
    at site: CallSite
  ) -> [[Recorded<Value, Failure>]] {
    var attempts: [[Recorded<Value, Failure>]] = [[]]
    var tick = 0
    var token = ""
    var tokenTick = 0
    var attemptEnded = false
    func endToken() {
      guard !token.isEmpty else { return }
      defer { token = "" }
      let event: Signal<Value, Failure>.Event
      if token == "|" {
        event = .completed
      } else if token == "!" {
        event = .interrupted
      } else if let error = errors[token] {
        event = .failed(error)
      } else if let value = values[token] {
        event = .value(value)
      } else {
        reportFailure("Timeline \"\(timeline)\": no value or error named \"\(token)\"", at: site)
        return
      }
      attempts[attempts.count - 1].append(Recorded(time: tokenTick, event: event))
      if event.isTerminating {
        attempts.append([])
        attemptEnded = true
      }
    }
    for character in timeline {
      if character == "-" {
        endToken()
      } else if character == "|" || character == "!" {
        endToken()
        tokenTick = tick
        token = String(character)
      } else {
        if token.isEmpty { tokenTick = tick }
        token.append(character)
      }
      tick += 1
      // A terminal token ends at once, so that the next attempt may follow it without a `-`.
      if token == "|" || token == "!" || errors[token] != nil { endToken() }
      if attemptEnded {
        tick = 0
        attemptEnded = false
      }
    }
    endToken()
    if attempts.count > 1, attempts.last?.isEmpty == true { attempts.removeLast() }
    return attempts
  }

  /// The attempts of a timeline whose tokens are only values and `|`; see
  /// ``parseEventsAndTimes(timeline:values:errors:fileID:filePath:line:column:)``.
  public func parseEventsAndTimes<Value>(
    timeline: String,
    values: [String: Value],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [[Recorded<Value, Never>]] {
    parseEventsAndTimes(
      timeline: timeline, values: values, errors: [:], fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A hot source that sends the first attempt of `timeline` at its ticks, counted from time zero; see
  /// ``createHotSignal(_:)->TestableSignal<Value,Failure>``.
  public func createHotSignal<Value, Failure>(
    timeline: String,
    values: [String: Value],
    errors: [String: Failure],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestableSignal<Value, Failure> {
    let attempts = parseEventsAndTimes(
      timeline: timeline, values: values, errors: errors, fileID: fileID, filePath: filePath, line: line, column: column
    )
    return createHotSignal(attempts[0])
  }

  /// A hot source that cannot fail, from a timeline; see
  /// ``createHotSignal(timeline:values:errors:fileID:filePath:line:column:)``.
  public func createHotSignal<Value>(
    timeline: String,
    values: [String: Value],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestableSignal<Value, Never> {
    createHotSignal(
      timeline: timeline, values: values, errors: [:], fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A cold source whose starts play the attempts of `timeline` in turn (a timeline without a terminal token
  /// in the middle plays for every start); see ``createColdProducer(attempts:fileID:filePath:line:column:)``.
  public func createColdProducer<Value, Failure>(
    timeline: String,
    values: [String: Value],
    errors: [String: Failure],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestableProducer<Value, Failure> {
    let attempts = parseEventsAndTimes(
      timeline: timeline, values: values, errors: errors, fileID: fileID, filePath: filePath, line: line, column: column
    )
    return createColdProducer(
      attempts: attempts, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A fake of a function that returns a producer, for a view model's API: each call makes a cold source
  /// from the timeline `timelineSelector` gives for its argument — the RxSwift example app's `mock`.
  /// ```swift
  /// let isAvailable: @Sendable (String) -> SignalProducer<Bool, APIError> = scheduler.mock(
  ///   values: ["t": true, "f": false], errors: ["#1": .offline]
  /// ) { name in name == "taken" ? "---f|" : "---t|" }
  /// ```
  /// The fake, and `timelineSelector`, are `@Sendable`, like the API it stands in for.
  public func mock<Argument, Value, Failure>(
    values: [String: Value],
    errors: [String: Failure],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    timelineSelector: @escaping @Sendable (Argument) -> String
  ) -> @Sendable (Argument) -> SignalProducer<Value, Failure> {
    let tokens = TokenTables(values: values, errors: errors)
    return { argument in
      self.createColdProducer(
        timeline: timelineSelector(argument), values: tokens.values, errors: tokens.errors, fileID: fileID,
        filePath: filePath, line: line, column: column
      ).producer
    }
  }
}

/// What a mock's calls share: its token tables, of the mocked producer's own types, which its calls share as a
/// producer's starts share its values (`Docs/Contracts.md`, section 14).
private struct TokenTables<Value, Failure: Error>: @unchecked Sendable {
  let values: [String: Value]
  let errors: [String: Failure]
}
