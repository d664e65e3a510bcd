/// Where in the program something was made or called: a file (as `#fileID` names it, `Module/File.swift`)
/// and a line. Operators, properties and `logEvents` take one as defaulted arguments, so you never type it.
public struct CreationSite: Sendable, Hashable, CustomStringConvertible {
  /// The file, as `#fileID` names it: `Module/File.swift`.
  public let fileID: String
  /// The line in that file.
  public let line: UInt

  /// The place `fileID`, `line`.
  public init(fileID: StaticString, line: UInt) {
    self.fileID = fileID.description
    self.line = line
  }

  /// `File.swift:12`: the file's name without its module, and the line.
  public var description: String {
    let name = fileID.split(separator: "/").last.map(String.init) ?? fileID
    return "\(name):\(line)"
  }
}
