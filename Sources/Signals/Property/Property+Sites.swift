// What the stream layer's debugging aids know of a property: its name and creation site (``DebugInfo``), its
// observers (``Signal/observerCount``) and its cores as a leak check lists them (``AttachmentSites``).

/// Records, in a debug build of Signals, that `property` was made at `fileID`:`line`; returns it. In a release
/// build it is the identity, and the arguments are unused.
@inlinable @inline(__always)
func madeAt<Value>(_ property: Property<Value>, _ fileID: StaticString, _ line: UInt) -> Property<Value> {
  #if DEBUG
  DebugInfo.noteSite(property.node, fileID, line)
  #endif
  return property
}

extension Property {
  /// Gives the property a name that ``PropertyGraphDump``, ``PropertyChange`` and ``BindingCycle`` show;
  /// returns the property itself, so that it reads well where the property is made:
  /// `let summary = Property.combineLatest(a, b) { … }.named("summary")`.
  ///
  /// A name changes nothing else: values, completion and disposal are the property's own.
  @discardableResult
  public func named(_ name: String) -> Property {
    DebugInfo.name(node, name)
    return self
  }
}

extension MutableProperty {
  /// Gives the property a name that ``PropertyGraphDump`` shows; see ``Property/named(_:)``.
  @discardableResult
  public func named(_ name: String) -> MutableProperty {
    DebugInfo.name(source.node, name)
    return self
  }
}

extension Property {
  /// How many observers this property has right now: those of ``observeValues(fileID:line:_:)``, and those of its
  /// `signal` and `producer`, bindings from it included; see ``Signal/observerCount``. Properties computed from
  /// this one are not observers (the property graph computes them); a debugging aid.
  public var observerCount: Int { (coreIfMade?.observerCount ?? 0) + node.observerCount }
}

extension MutableProperty {
  /// How many observers this property has right now; see ``Property/observerCount``.
  public var observerCount: Int { source.observerCount + source.node.observerCount }
}

extension Property: AttachmentListingProviding {
  /// Its stream core's observers (if it has one), and its node's (`observeValues`, bindings from it), each
  /// listed when it has some.
  var listedCores: [(String, any AttachmentListing, AnyObject)] {
    guard let core = coreIfMade else { return [("", node, node)] }
    return [("", core, node), ("", node, node)]
  }
}

extension MutableProperty: AttachmentListingProviding {
  /// See ``Property/listedCores``.
  var listedCores: [(String, any AttachmentListing, AnyObject)] {
    [("", source, source.node), ("", source.node, source.node)]
  }
}
