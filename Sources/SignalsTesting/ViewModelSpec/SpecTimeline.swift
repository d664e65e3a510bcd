import Signals

#if canImport(Testing)
import Testing
#endif

/// The timeline of a ``ViewModelSpec``: every output over every step, marble style.
/// ```
/// Timeline of HotelOrderViewModel (a column per step, and per tick the clock moved through in a step; - nothing):
///   step                     0  1  2
///   tick                     0  0  0
///   title                    a  -  -
///   name.text                a  b  -
/// Steps:
///   0  the view model as the spec found it
///   1  type the name (HotelOrderSpec.swift:20)
/// Values:
///   title      a "Meituan Hotel"
///   name.text  a nil  b "Zhuo"
/// ```
/// A property's row starts with its value when the spec found it; a cell shows what the output sent in that
/// column (`(bc)` for several), `|` an end, `X` a failure, `!` an interruption.
struct SpecTimeline {
  let journal: SpecJournal
  let title: String
  let failingStep: Int?

  private struct Column: Hashable {
    let step: Int
    let tick: Int
  }

  func render() -> String {
    let entries = journal.entries
    let steps = journal.steps
    // The columns: each step's first tick, and every later tick something was sent at during it.
    var columns: [Column] = []
    for (number, step) in steps.enumerated() {
      let ticks = Set(entries.filter { $0.step == number && $0.tick > step.startTick }.map(\.tick))
      columns.append(Column(step: number, tick: step.startTick))
      columns += ticks.sorted().map { Column(step: number, tick: $0) }
    }
    func column(of entry: SpecJournal.Entry) -> Int {
      columns.lastIndex { $0.step == entry.step && $0.tick <= entry.tick } ?? 0
    }

    var rows: [(label: String, cells: [String], legend: [String])] = []
    for (index, output) in journal.outputs.enumerated() {
      var symbols: [String: String] = [:]
      var legend: [String] = []
      func symbol(for value: Any) -> String {
        let described = SpecValues.describe(value)
        if let symbol = symbols[described] { return symbol }
        let symbol = Self.symbol(symbols.count)
        symbols[described] = symbol
        legend.append("\(symbol) \(described)")
        return symbol
      }
      var cells = Array(repeating: [String](), count: columns.count)
      if let initial = output.initial { cells[0].append(symbol(for: initial)) }
      for entry in entries where entry.output == index {
        let cell: String
        switch entry.occurrence {
        case .value(let value): cell = symbol(for: value)
        case .failed(let error):
          cell = "X"
          legend.append("X \(SpecValues.describe(error))")
        case .completed: cell = "|"
        case .interrupted: cell = "!"
        }
        cells[column(of: entry)].append(cell)
      }
      let label = output.label + (output.aliases.isEmpty ? "" : " (\(output.aliases.joined(separator: ", ")))")
      let shown = cells.map { $0.isEmpty ? "-" : $0.count == 1 ? $0[0] : "(\($0.joined()))" }
      rows.append((label, shown, legend))
    }

    let stepRow = columns.enumerated().map { position, column -> String in
      let isFirst = position == 0 || columns[position - 1].step != column.step
      guard isFirst else { return "" }
      return "\(column.step)" + (column.step == failingStep ? "✗" : "")
    }
    let tickRow = columns.map { "\($0.tick)" }
    let labelWidth = max(4, rows.map(\.label.count).max() ?? 0)
    var widths = columns.indices.map { max(stepRow[$0].count, tickRow[$0].count) }
    for row in rows {
      for (position, cell) in row.cells.enumerated() { widths[position] = max(widths[position], cell.count) }
    }
    func line(_ label: String, _ cells: [String]) -> String {
      let padded = cells.enumerated().map {
        $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
      }
      let text =
        "  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  " + padded.joined(separator: "  ")
      return String(text.reversed().drop { $0 == " " }.reversed())
    }

    var lines = [
      "Timeline of \(title) (a column per step, and per tick the clock moved through in a step; - nothing sent):",
      line("step", stepRow),
      line("tick", tickRow),
    ]
    lines += rows.map { line($0.label, $0.cells) }
    lines.append("Steps:")
    for (number, step) in steps.enumerated() {
      let site = step.site.map { " (\($0.fileID.split(separator: "/").last ?? ""):\($0.line))" } ?? ""
      let mark = number == failingStep ? "  ✗ this step" : ""
      lines.append("  \(number)  \(step.name)\(site)\(mark)")
    }
    lines.append("Values:")
    for row in rows where !row.legend.isEmpty {
      lines.append(
        "  " + row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
          + row.legend.joined(separator: "  "))
    }
    return lines.joined(separator: "\n")
  }

  /// `a`…`z`, then `A`…`W` (X is a failure), then `#50`, `#51`, ….
  private static func symbol(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW")
    return index < letters.count ? String(letters[index]) : "#\(index)"
  }
}

/// Lists what a partial spec did not check: a known issue of the running Swift Testing test (shown in the
/// log, not failing the test), or a line on standard output under XCTest and elsewhere.
func reportSkipped(_ message: String, at site: CallSite) {
  #if canImport(Testing)
  if Test.current != nil {
    let location = SourceLocation(
      fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
    withKnownIssue(Comment(rawValue: "ViewModelSpec skipped changes"), sourceLocation: location) {
      Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
    return
  }
  #endif
  print("\(site.fileID):\(site.line): \(message)")
}
