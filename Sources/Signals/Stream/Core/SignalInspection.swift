/// Read-only views into a signal's core: how many observers it has (public, for debugging and leak checks),
/// and whether it is sealed (for the package's own tests).
extension SignalCore {
  /// How many observers are attached right now, read under the core's lock: observers queued to be attached
  /// count once attached, disposed ones stop when their disposal returns.
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
  /// Each observation, observed or held operator, binding and start from it counts while attached; a disposed
  /// observer stops counting when `dispose()` returns, and an ended signal has none.
  public var observerCount: Int {
    core.observerCount
  }
}
