import Signals

/// How a ``ViewModelSpec`` compares and shows the values of outputs it knows only as `Any`.
enum SpecValues {
  /// Whether `left` and `right` are the same value: with `==` when both are of one `Equatable` type, otherwise
  /// by their descriptions (as ``Recorded`` compares failures), so that an output need not be `Equatable`.
  static func same(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? any Equatable, let equal = isEqual(left, right) { return equal }
    return String(describing: left) == String(describing: right)
  }

  private static func isEqual<Value: Equatable>(_ left: Value, _ right: Any) -> Bool? {
    guard let right = right as? Value else { return nil }
    return left == right
  }

  /// A value on one line: text in quotes, an optional as what it wraps or `nil` (``LogEvent/describe(_:)``).
  static func describe(_ value: Any) -> String {
    LogEvent.describe(value)
  }

  /// A value as lines for a diff: one line when it is short, else the lines of `dump` (a struct's fields, a
  /// collection's elements, one per line).
  static func lines(of value: Any) -> [String] {
    let short = describe(value)
    if short.count <= 60 { return [short] }
    var dumped = ""
    dump(value, to: &dumped)
    return dumped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
  }

  /// Values one after another: `a → b → c` on one line when it is short, else one value a line.
  static func path(_ values: [Any], indent: String) -> String {
    let described = values.map(describe)
    let line = described.joined(separator: " → ")
    if line.count <= 100 { return indent + line }
    return indent + "  " + described[0] + described.dropFirst().map { "\n\(indent)→ \($0)" }.joined()
  }

  /// `old → new` on one line when both are short; otherwise a line diff, `-` for the old value's lines and
  /// `+` for the new one's.
  static func change(from old: Any, to new: Any, indent: String) -> String {
    let before = lines(of: old)
    let after = lines(of: new)
    if before.count == 1, after.count == 1 { return "\(indent)\(before[0]) → \(after[0])" }
    return lineDiff(before, after, indent: indent)
  }

  /// The lines of `expected` and `actual`, those in both indented, the others marked `-` (only in `expected`)
  /// and `+` (only in `actual`), in order: the longest common subsequence kept.
  static func lineDiff(_ expected: [String], _ actual: [String], indent: String) -> String {
    let rows = expected.count
    let columns = actual.count
    var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
    for row in stride(from: rows - 1, through: 0, by: -1) {
      for column in stride(from: columns - 1, through: 0, by: -1) {
        common[row][column] =
          expected[row] == actual[column]
          ? common[row + 1][column + 1] + 1 : max(common[row + 1][column], common[row][column + 1])
      }
    }
    var lines: [String] = []
    var row = 0
    var column = 0
    while row < rows || column < columns {
      if row < rows, column < columns, expected[row] == actual[column] {
        lines.append("\(indent)  \(expected[row])")
        row += 1
        column += 1
      } else if row < rows, column == columns || common[row + 1][column] >= common[row][column + 1] {
        lines.append("\(indent)- \(expected[row])")
        row += 1
      } else {
        lines.append("\(indent)+ \(actual[column])")
        column += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
