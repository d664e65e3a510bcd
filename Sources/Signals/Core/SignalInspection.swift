/// Read-only views into a signal's core, for the package's own tests and tools; not part of the public API.
extension SignalCore {
  /// How many observers are attached right now, read under the core's lock.
  ///
  /// Observers queued to be attached (a replaying observer that arrived during a delivery) are not counted
  /// until the delivery attaches them; disposed observers are removed from the core under its lock, so they
  /// stop counting as soon as their disposal returns.
  package var observerCount: Int {
    state.withLock { $0.observers.count }
  }

  /// Whether the core is sealed right now (see ``sealIfAlone(_:)``).
  package var isSealedNow: Bool {
    isSealed.load(ordering: .acquiring)
  }
}

extension Signal {
  /// How many observers are attached to this signal right now; see ``SignalCore/observerCount``.
  package var observerCount: Int {
    core.observerCount
  }
}
