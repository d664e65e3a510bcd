/// Read-only views into a signal's core: how many observers it has (public, for debugging and leak checks),
/// and whether it is sealed (for the package's own tests).
extension SignalCore {
  /// How many observers are attached right now, read under the core's lock.
  ///
  /// Observers queued to be attached (a replaying observer that arrived during a delivery) are not counted
  /// until the delivery attaches them; disposed observers are removed from the core under its lock, so they
  /// stop counting as soon as their disposal returns.
  @usableFromInline
  var observerCount: Int {
    state.withLock { $0.observers.count }
  }

  /// Whether the core is sealed right now (see ``sealIfAlone(_:)``).
  package var isSealedNow: Bool {
    isSealed.load(ordering: .acquiring)
  }
}

extension Signal {
  /// How many observers are attached to this signal right now: a debugging aid, and what a leak check asks.
  ///
  /// Each `observe…` call, each operator applied to the signal that is itself observed or held, each binding
  /// from it and each start of a producer made from it counts one while it is attached; a disposed observer
  /// stops counting when its `dispose()` returns, and an ended signal has none. An observer attached from
  /// inside a delivery in progress counts once that delivery has attached it.
  public var observerCount: Int {
    core.observerCount
  }
}
