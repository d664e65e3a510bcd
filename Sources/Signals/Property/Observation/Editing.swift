extension MutableProperty where Value: Sendable {
  /// The get/set pair of a control that edits this property: what SwiftUI's `Binding(get:set:)` takes.
  ///
  /// ```swift
  /// let name = viewModel.name.editing
  /// TextField("Name", text: Binding(get: name.get, set: name.set))  // SwiftUI, on Apple platforms
  /// ```
  ///
  /// `get` reads ``value`` (so a view's `body` that calls it tracks the property through Observation); `set`
  /// sets it, as typing does, from the thread it is called on. Both hold the property strongly, as a view
  /// holds its view model.
  public var editing: (get: @Sendable () -> Value, set: @Sendable (Value) -> Void) {
    ({ [self] in value }, { [self] newValue in value = newValue })
  }
}
