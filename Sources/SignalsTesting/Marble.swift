import Signals

/// Marble diagrams: streams over virtual time, written as strings.
/// ```
/// "-a-b---(cd)-|"
/// ```
/// | symbol | meaning |
/// |---|---|
/// | `-` | one tick in which nothing happens |
/// | any other letter, digit or sign | one tick in which that value is sent |
/// | `|` | one tick in which the stream completes |
/// | `X` | one tick in which the stream fails |
/// | `!` | one tick in which the stream is interrupted |
/// | `(ab|)` | one tick in which everything inside happens, in order |
/// | space | ignored, to align diagrams |
///
/// A group is one tick however many events it holds. A value's character stands for itself or is looked up
/// in a `values` table. Hot signals and recorders count ticks from the scheduler's time zero, a cold producer
/// from each start.
public enum Marble {
  /// One event of a diagram and the tick it happens in.
  public struct Entry<Value, Failure: Error> {
    /// The tick, counted from the diagram's first character.
    public var tick: Int
    /// The event.
    public var event: Signal<Value, Failure>.Event
  }

  /// The events of `diagram`, with values from `values` and failures with `error`.
  ///
  /// A character missing from `values`, an `X` without an `error`, an unbalanced parenthesis or anything
  /// after a terminal event fails the test at the call (see ``TestRecorder``) and is skipped.
  public static func parse<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure?,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Entry<Value, Failure>] {
    parse(
      diagram, values: values, error: error,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The events of `diagram`; its problems fail the test at `site`.
  static func parse<Value, Failure>(
    _ diagram: String,
    values: [Character: Value],
    error: Failure?,
    at site: CallSite
  ) -> [Entry<Value, Failure>] {
    var entries: [Entry<Value, Failure>] = []
    var tick = 0
    var inGroup = false
    func problem(_ text: String) {
      reportFailure("Marble \"\(diagram)\": \(text)", at: site)
    }
    for character in diagram where character != " " {
      switch character {
      case "(":
        if inGroup { problem("nested group") }
        inGroup = true
        continue
      case ")":
        if !inGroup { problem("')' without '('") }
        inGroup = false
      case "-":
        break
      default:
        let event: Signal<Value, Failure>.Event?
        switch character {
        case "|": event = .completed
        case "!": event = .interrupted
        case "X": event = error.map { .failed($0) }
        default: event = values[character].map { .value($0) }
        }
        if let event {
          if entries.last?.event.isTerminating == true {
            problem("'\(character)' after a terminal event")
          } else {
            entries.append(Entry(tick: tick, event: event))
          }
        } else {
          problem(character == "X" ? "'X' needs an error" : "no value for '\(character)'")
        }
      }
      if !inGroup { tick += 1 }
    }
    if inGroup { problem("'(' without ')'") }
    return entries
  }

  /// Draws `entries` as a diagram, writing each value with `symbol`.
  public static func render<Value, Failure>(
    _ entries: [Entry<Value, Failure>],
    symbol: (Value) -> String
  ) -> String {
    var diagram = ""
    var tick = 0
    var index = entries.startIndex
    while index < entries.endIndex {
      let group = entries[index...].prefix { $0.tick == entries[index].tick }
      diagram += String(repeating: "-", count: max(0, group.first!.tick - tick))
      let symbols = group.map { entry -> String in
        switch entry.event {
        case .value(let value): return symbol(value)
        case .failed: return "X"
        case .completed: return "|"
        case .interrupted: return "!"
        }
      }
      diagram += symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
      tick = group.first!.tick + 1
      index = group.endIndex
    }
    return diagram
  }

  /// The characters of `diagram` as `String` values: `"a"` for `a`.
  static func selfValues(_ diagram: String) -> [Character: String] {
    var values: [Character: String] = [:]
    for character in diagram { values[character] = String(character) }
    return values
  }
}
