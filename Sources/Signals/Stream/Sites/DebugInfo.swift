/// What a debug build knows of an object of the library — a property's graph node, a signal's core — for a
/// person reading a dump, a trace or a report: the name given with `named(_:)`, and the site where it was
/// made. Kept beside the graph in one table rather than in the nodes, so that a node pays nothing for it.
///
/// Names are kept in every build (a name is asked for). Creation sites are recorded only in debug builds of
/// Signals: the operators call ``noteSite(_:_:_:)`` under `#if DEBUG`, so a release build neither records nor
/// looks anything up on the paths that make properties.
@usableFromInline
enum DebugInfo {
  private struct Entry {
    weak var object: AnyObject?
    var name: String?
    var site: CreationSite?
    /// The operator that made a stream, as its method is spelled (`map`, `take(first:)`); recorded with the site.
    var operatorName: String?
  }

  private static let table = Locked<[ObjectIdentifier: Entry]>([:])

  /// Changes the entry of `object`, made afresh if it has none (or only the stale one of a freed object).
  private static func update(_ object: AnyObject, _ change: (inout Entry) -> Void) {
    table.withLock { table in
      // Forget the entries of objects that are gone, now and then, so that the table stays small.
      if table.count >= 64, table.count.nonzeroBitCount == 1 { table = table.filter { $0.value.object != nil } }
      let key = ObjectIdentifier(object)
      var entry = table[key].flatMap { $0.object === object ? $0 : nil } ?? Entry(object: object)
      change(&entry)
      table[key] = entry
    }
  }

  private static func entry(of object: AnyObject) -> Entry? {
    table.withLock { table in
      guard let entry = table[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry
    }
  }

  /// Names `object`; a later name replaces an earlier one.
  static func name(_ object: AnyObject, _ name: String) {
    update(object) { $0.name = name }
  }

  /// The name given to `object`, if any.
  static func name(of object: AnyObject) -> String? {
    entry(of: object)?.name
  }

  /// Records that `object` was made at `fileID`:`line`, unless a site is known already (an operator built on
  /// another passes the same site on; the first is where the user's code made it) or the site is in the
  /// package's own libraries (a command's inner properties: the command's site comes next). Called under
  /// `#if DEBUG`.
  @usableFromInline
  static func noteSite(_ object: AnyObject, _ fileID: StaticString, _ line: UInt) {
    guard !AttachmentSites.isLibrary(fileID) else { return }
    update(object) { entry in
      if entry.site == nil { entry.site = CreationSite(fileID: fileID, line: line) }
    }
  }

  /// Records that `object`, a stream's core, was made by the operator `function` (as `#function` spells it,
  /// `map(fileID:line:_:)`) at `fileID`:`line`; same rules as ``noteSite(_:_:_:)``.
  @usableFromInline
  static func noteSite(_ object: AnyObject, _ fileID: StaticString, _ line: UInt, operator function: StaticString) {
    guard !AttachmentSites.isLibrary(fileID) else { return }
    update(object) { entry in
      guard entry.site == nil else { return }
      entry.site = CreationSite(fileID: fileID, line: line)
      entry.operatorName = operatorName(function)
    }
  }

  /// `take(first:)` for `take(first:fileID:line:)`, `map` for `map(fileID:line:_:)`: the method's name and the
  /// labels a caller types.
  static func operatorName(_ function: StaticString) -> String {
    let text = function.description
    guard let open = text.firstIndex(of: "(") else { return text }
    let labels = text[text.index(after: open)...].dropLast().split(separator: ":")
      .filter { !["_", "fileID", "line"].contains($0) }
    return text[..<open] + (labels.isEmpty ? "" : "(" + labels.map { "\($0):" }.joined() + ")")
  }

  /// The operator that made `object`, a stream's core, if a debug build recorded it.
  static func operatorName(of object: AnyObject) -> String? {
    entry(of: object)?.operatorName
  }

  /// Where `object` was made, if a debug build recorded it.
  static func site(of object: AnyObject) -> CreationSite? {
    entry(of: object)?.site
  }

  /// The name and the site of `object`.
  static func info(of object: AnyObject) -> (name: String?, site: CreationSite?) {
    let entry = entry(of: object)
    return (entry?.name, entry?.site)
  }
}

/// A stream or a command that can carry a name given with `named(_:)`, as a binding or a report names it.
protocol DebugNamed {
  /// The name given with `named(_:)`, if any.
  var debugName: String? { get }
  /// The object the debug information is kept for: the stream's core.
  var debugObject: AnyObject { get }
}

extension Signal: DebugNamed {
  var debugName: String? { DebugInfo.name(of: core) }
  var debugObject: AnyObject { core }

  /// Gives the signal a name, which a binding from it (`label <~ errors`) shows in ``PropertyGraphDump``;
  /// returns the signal itself: `let errors = submit.errors.map(describe).named("errorText")`.
  ///
  /// A name changes nothing else: events, completion and disposal are the signal's own. Every handle on the
  /// same stream shares the name.
  @discardableResult
  public func named(_ name: String) -> Signal {
    DebugInfo.name(core, name)
    return self
  }
}
