import Foundation

/// The public operators of Signals, read from the sources rather than listed by hand, and what the contract
/// table and the guides say about them.
///
/// An operator is a `public func` or `public static func` declared directly in an extension of `Signal`,
/// `SignalProducer`, `PropertyProtocol` or `Property` (or `SignalProtocol`, `SignalProducerProtocol`) in a file under `Sources/Signals/Operators/`
/// (members of types nested in those extensions, such as the unavailable spellings' callable types, are not
/// operators). Its key is the form and the name with its argument labels, `Signal.map(_:)`; overloads share
/// a key, and each is told apart by its ``Declaration/shape``.
struct PublicOperators {
  /// One public declaration of an operator.
  struct Declaration: CustomStringConvertible {
    /// `Signal`, `SignalProducer` or `Property` (for `PropertyProtocol` too).
    let form: String
    /// The name and its argument labels, `map(_:)`.
    let name: String
    /// The generic clause, the parameter types, and the `where` clause of the declaration or its extension,
    /// with the form's own type written `Self`: what tells overloads apart.
    let shape: String
    /// Where it is declared, `Operators/Map.swift:14`.
    let location: String

    var key: String { "\(form).\(name)" }
    var description: String { "\(key) \(shape) (\(location))" }
  }

  let declarations: [Declaration]

  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The operators declared in `Sources/Signals/Operators/`.
  static func fromSources() throws -> PublicOperators {
    let folder = root.appendingPathComponent("Sources/Signals/Operators")
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path } ?? []
    var declarations: [Declaration] = []
    for file in files {
      let relative = String(file.path.dropFirst(folder.deletingLastPathComponent().path.count + 1))
      declarations += scan(try String(contentsOf: file, encoding: .utf8), file: relative)
    }
    return PublicOperators(declarations: declarations)
  }

  /// The forms whose extensions declare operators, and the key each gives them.
  static let forms = [
    "Signal": "Signal", "SignalProducer": "SignalProducer", "PropertyProtocol": "Property", "Property": "Property",
    "SignalProtocol": "Signal", "SignalProducerProtocol": "SignalProducer",
  ]

  /// The operators declared in `source`, the text of `file`.
  static func scan(_ source: String, file: String) -> [Declaration] {
    let lines = source.components(separatedBy: "\n")
    var declarations: [Declaration] = []
    var depth = 0
    // The extension being read (set at depth 0, in force at depth 1), and its `where` clause.
    var form: (type: String, key: String, where: String)?
    var index = 0
    while index < lines.count {
      let code = stripped(lines[index])
      if depth == 0, let type = firstMatch(#"^extension\s+(\w+)"#, in: code) {
        let clause = firstMatch(#"\bwhere\s+([^{]*)"#, in: code)?.trimmingCharacters(in: .whitespaces) ?? ""
        form = forms[type].map { (type, $0, clause) }
      }
      if depth == 1, let form, firstMatch(#"^\s*public\s+(?:static\s+)?func\s+(\w+)"#, in: code) != nil,
        !isUnavailable(lines, before: index)
      {
        // The declaration runs until its body opens at the outer level of its brackets.
        var text = ""
        var end = index
        while end < lines.count {
          text += stripped(lines[end]) + " "
          if bodyOpens(text) { break }
          end += 1
        }
        // A declaration this reading cannot parse still counts, under a name no case has: it fails the check.
        let location = "\(file):\(index + 1)"
        declarations.append(
          declaration(text, form: form, location: location)
            ?? Declaration(form: form.key, name: "(unreadable)", shape: normalized(text), location: location))
      }
      for character in code {
        if character == "{" { depth += 1 }
        if character == "}" {
          depth -= 1
          if depth == 0 { form = nil }
        }
      }
      index += 1
    }
    return declarations
  }

  /// The `name(labels:)` of every `func` signature in `text` (a guide's Swift samples).
  static func signatureNames(in text: String) -> Set<String> {
    var names: Set<String> = []
    var rest = Substring(text.replacingOccurrences(of: "\n", with: " "))
    while let range = rest.range(of: #"\bfunc\s+\w+"#, options: .regularExpression) {
      if let parsed = parse(String(rest[range.lowerBound...])) { names.insert(parsed.name) }
      rest = rest[range.upperBound...]
    }
    return names
  }

  // MARK: Parsing

  /// A declaration from its text, `public func name<…>(…) -> … where … {`.
  static func declaration(
    _ text: String, form: (type: String, key: String, where: String), location: String
  ) -> Declaration? {
    guard let start = text.range(of: #"\bfunc\s"#, options: .regularExpression),
      let parsed = parse(String(text[start.lowerBound...]))
    else { return nil }
    let clauses = [parsed.generics, "(" + parsed.types.joined(separator: ", ") + ")", parsed.where, form.where]
    let shape = clauses.filter { !$0.isEmpty }.joined(separator: " ")
    return Declaration(
      form: form.key, name: parsed.name, shape: selfNamed(shape, type: form.type), location: location)
  }

  /// A `func` signature's name with its labels, its generic clause, its parameter types and its `where` clause.
  static func parse(_ text: String) -> (name: String, generics: String, types: [String], where: String)? {
    guard let base = firstMatch(#"^func\s+(\w+)"#, in: text) else { return nil }
    var rest = Substring(text)
    rest = rest[rest.range(of: base)!.upperBound...]
    var generics = ""
    if rest.first == "<", let clause = balanced(rest, open: "<", close: ">") {
      generics = String(clause)
      rest = rest.dropFirst(clause.count)
    }
    guard rest.first == "(", let list = balanced(rest, open: "(", close: ")") else { return nil }
    let parameters = split(list.dropFirst().dropLast())
    var labels: [String] = []
    var types: [String] = []
    for parameter in parameters {
      guard let colon = topLevelColon(parameter) else { continue }
      let names = parameter[..<colon].split(separator: " ")
      labels.append(names.first.map(String.init) ?? "_")
      types.append(
        normalized(String(parameter[parameter.index(after: colon)...]))
          .replacingOccurrences(of: "@escaping ", with: "")
          .components(separatedBy: " = ").first ?? "")
    }
    let afterList = rest.dropFirst(list.count)
    let clause = firstMatch(#"\bwhere\s+([^{]*)"#, in: String(afterList)).map(normalized) ?? ""
    let name = base + "(" + labels.map { $0 + ":" }.joined() + ")"
    return (name, normalized(generics), types, clause)
  }

  /// The prefix of `text` from its opening bracket to the one that closes it.
  static func balanced(_ text: Substring, open: Character, close: Character) -> Substring? {
    var depth = 0
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      if character == open { depth += 1 }
      // `->` inside a closure type is not a closing angle bracket.
      if character == close && !(close == ">" && previous == "-") {
        depth -= 1
        if depth == 0 { return text[...index] }
      }
      previous = character
    }
    return nil
  }

  /// `list` split at its top-level commas.
  static func split(_ list: Substring) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = list.startIndex
    var previous: Character = " "
    for index in list.indices {
      switch list[index] {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      case "," where depth == 0:
        parts.append(list[start..<index])
        start = list.index(after: index)
      default: break
      }
      previous = list[index]
    }
    let last = list[start...]
    if !last.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(last) }
    return parts.map { $0.drop { $0 == " " } }
  }

  /// The colon between a parameter's names and its type.
  static func topLevelColon(_ parameter: Substring) -> Substring.Index? {
    parameter.firstIndex(of: ":")
  }

  /// Whether the body of the declaration in `text` has opened: a `{` outside every bracket.
  static func bodyOpens(_ text: String) -> Bool {
    var depth = 0
    for character in text {
      switch character {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "{" where depth == 0: return true
      default: break
      }
    }
    return false
  }

  /// Whether the attributes just above line `index` make the declaration unavailable. An attribute may span
  /// several lines (`@available(`, `*, unavailable,`, `message: "…"`, `)`).
  static func isUnavailable(_ lines: [String], before index: Int) -> Bool {
    let attributeLine = ["@", "*", "message:", "renamed:", ")"]
    var line = index - 1
    while line >= 0 {
      let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
      guard attributeLine.contains(where: { trimmed.hasPrefix($0) }) else { break }
      if lines[line].contains("unavailable") { return true }
      line -= 1
    }
    return false
  }

  /// `line` without its comment and its string literals.
  static func stripped(_ line: String) -> String {
    let withoutStrings = line.replacingOccurrences(
      of: #""(?:\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
    guard let comment = withoutStrings.range(of: "//") else { return withoutStrings }
    return String(withoutStrings[..<comment.lowerBound])
  }

  /// `text` with its runs of white space made one space, and trimmed.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
  }

  /// `shape` with the form's own type, where it stands alone (`Signal...`, `some Sequence<Signal>`), as `Self`.
  static func selfNamed(_ shape: String, type: String) -> String {
    shape.replacingOccurrences(of: #"\b\#(type)\b(?!<|\.\w)"#, with: "Self", options: .regularExpression)
  }

  /// The first capture group of `pattern` in `text`.
  static func firstMatch(_ pattern: String, in text: String) -> String? {
    guard let expression = try? NSRegularExpression(pattern: pattern),
      let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }
}

/// An operator guide: the source files its `Source:` line names, and the operators its Swift samples sign.
struct OperatorGuide {
  let file: String
  let sources: Set<String>
  let signatures: Set<String>

  /// Every guide in `Docs/Operators/` (the index, README.md, is not one).
  static func all() throws -> [OperatorGuide] {
    let folder = PublicOperators.root.appendingPathComponent("Docs/Operators")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
      .map { name in
        try OperatorGuide(name, text: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
      }
  }

  init(_ file: String, text: String) {
    self.file = file
    // The `Source:` paragraph, up to the first blank line after it.
    let source = text.range(of: "Source:").map { start in
      String(text[start.lowerBound...]).components(separatedBy: "\n\n").first ?? ""
    }
    let expression = try? NSRegularExpression(pattern: #"Sources/Signals/(Operators/[\w/+]+\.swift)"#)
    let paragraph = source ?? ""
    sources = Set(
      expression?.matches(in: paragraph, range: NSRange(paragraph.startIndex..., in: paragraph))
        .compactMap { Range($0.range(at: 1), in: paragraph).map { String(paragraph[$0]) } } ?? [])
    let samples = text.components(separatedBy: "```swift").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    signatures = PublicOperators.signatureNames(in: samples.joined(separator: "\n"))
  }
}

/// The check that every public operator has a contract case and a guide.
enum OperatorCoverage {
  /// A contract case as the check sees it: its name, which starts with the key of the operator it runs, and,
  /// for an operator with overloads, the text that picks one of them out of their shapes.
  struct Case {
    let name: String
    let overload: String?

    /// `Signal.map(_:)` of `Signal.map(_:) key path`.
    var key: String {
      guard let close = name.firstIndex(of: ")") else { return name }
      return String(name[...close])
    }
  }

  /// What is missing, one line per problem; empty when every operator is covered.
  static func problems(
    operators: [PublicOperators.Declaration], cases: [Case], guides: [OperatorGuide]
  ) -> [String] {
    var problems: [String] = []
    let groups = Dictionary(grouping: operators, by: \.key)
    for (key, declarations) in groups.sorted(by: { $0.key < $1.key }) {
      let cases = cases.filter { $0.key == key }
      guard declarations.count > 1 else {
        if cases.isEmpty { problems.append("no contract case for \(declarations[0])") }
        continue
      }
      var covered = Set<String>()
      for operatorCase in cases {
        let matching = declarations.filter { declaration in
          operatorCase.overload.map { declaration.shape.contains($0) } ?? false
        }
        guard matching.count == 1 else {
          problems.append(
            "the case \(operatorCase.name) must pick one of the overloads of \(key) with a text of its shape "
              + "(overload: \(operatorCase.overload.map { "\"\($0)\"" } ?? "none") matches \(matching.count)): "
              + declarations.map(\.shape).joined(separator: " | "))
          continue
        }
        covered.insert(matching[0].location)
      }
      for declaration in declarations where !covered.contains(declaration.location) {
        problems.append("no contract case for \(declaration)")
      }
    }
    for operatorCase in cases where groups[operatorCase.key] == nil {
      problems.append("the case \(operatorCase.name) names no public operator (\(operatorCase.key))")
    }
    for declaration in operators {
      let file = String(declaration.location.prefix { $0 != ":" })
      let own = guides.filter { $0.sources.contains(file) }
      guard !own.isEmpty else {
        problems.append("no guide in Docs/Operators names \(file) in its Source line (for \(declaration.key))")
        continue
      }
      if !own.contains(where: { $0.signatures.contains(declaration.name) }) {
        problems.append(
          "no signature of \(declaration.name) in the Swift samples of "
            + own.map(\.file).sorted().joined(separator: ", ") + " (for \(declaration))")
      }
    }
    return problems
  }
}
