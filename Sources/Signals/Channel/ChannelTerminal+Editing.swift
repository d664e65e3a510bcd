// A channel terminal as the get/set pair a SwiftUI control edits through.

extension ChannelTerminal where Value: Sendable {
  /// The get/set pair of a control that edits through this terminal: what SwiftUI's `Binding(get:set:)`
  /// takes, for a two-way binding made of a ``Channel``.
  ///
  /// The pair keeps a ``MutableProperty`` starting at `initial`, bound `mirror <~> terminal` (a value the
  /// terminal replays wins at once): `get` reads it, tracked by Observation; `set` sets it, sending the value
  /// into the terminal. The binding lasts as long as the pair, or until the terminal ends.
  public func editing(initial: Value) -> (get: @Sendable () -> Value, set: @Sendable (Value) -> Void) {
    let mirror = MutableProperty(initial)
    mirror <~> self
    return mirror.editing
  }
}
