// What the stream layer's debugging aids know of a command: the names of its state and its outputs
// (``DebugInfo``), and its cores as a leak check lists them (``AttachmentSites``).

extension Command {
  /// Gives the command a name: its state properties are then `name.isEnabled` and `name.isExecuting` in
  /// ``PropertyGraphDump``, ``PropertyChange`` and ``BindingCycle``, and its streams `name.values`,
  /// `name.errors`, `name.events`, `name.completed` and `name.disabledAttempts` in bindings from them; returns
  /// the command itself: `let submit = Command { … }.named("submit")`.
  ///
  /// A name changes nothing else: executions, outputs and disposal are the command's own.
  @discardableResult
  public func named(_ name: String) -> Command {
    DebugInfo.name(isEnabled.node, "\(name).isEnabled")
    DebugInfo.name(isExecuting.node, "\(name).isExecuting")
    for (suffix, core) in [
      ("values", values.core as AnyObject), ("errors", errors.core), ("events", events.core),
      ("completed", completed.core), ("disabledAttempts", disabledAttempts.core),
    ] {
      DebugInfo.name(core, "\(name).\(suffix)")
    }
    return self
  }
}

extension Command: AttachmentListingProviding {
  var listedCores: [(String, any AttachmentListing, AnyObject)] {
    var cores: [(String, any AttachmentListing, AnyObject)] = [("values", values.core, values.core)]
    // `errors` only once made: listing it must not make it.
    if let errors = lazyOutputs.withLock({ $0.errors }) { cores.append(("errors", errors.core, errors.core)) }
    cores.append(("isEnabled", isEnabled.storage.core, isEnabled.storage.core.node))
    cores.append(("isExecuting", isExecuting.storage.core, isExecuting.storage.core.node))
    return cores
  }
}
