/// The names given to properties with ``Property/named(_:)``, kept beside the graph rather than in it: a node
/// pays nothing for a name it was never given.
enum DebugNames {
  private struct Entry {
    weak var node: GraphNode?
    var name: String
  }

  private static let names = Locked<[ObjectIdentifier: Entry]>([:])

  /// Names `node`; a later name replaces an earlier one.
  static func name(_ node: GraphNode, _ name: String) {
    names.withLock { names in
      // Forget the names of nodes that are gone, now and then, so that the table stays small.
      if names.count >= 64, names.count.nonzeroBitCount == 1 { names = names.filter { $0.value.node != nil } }
      names[ObjectIdentifier(node)] = Entry(node: node, name: name)
    }
  }

  /// The name given to `node`, if any.
  static func name(of node: GraphNode) -> String? {
    names.withLock { names in
      guard let entry = names[ObjectIdentifier(node)], entry.node === node else { return nil }
      return entry.name
    }
  }
}

extension Property {
  /// Gives the property a name that ``PropertyGraphDump`` shows; returns the property itself, so that it reads
  /// well where the property is made: `let summary = Property.combineLatest(a, b) { … }.named("summary")`.
  ///
  /// A name changes nothing else: values, completion and disposal are the property's own.
  @discardableResult
  public func named(_ name: String) -> Property {
    DebugNames.name(storage.core.node, name)
    return self
  }
}

extension MutableProperty {
  /// Gives the property a name that ``PropertyGraphDump`` shows; see ``Property/named(_:)``.
  @discardableResult
  public func named(_ name: String) -> MutableProperty {
    DebugNames.name(storage.core.node, name)
    return self
  }
}
