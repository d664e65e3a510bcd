import Signals

extension ReactiveObject {
  /// Starts key-value bindings between this object (a view) and `model` (its view model), IQDataBinding's
  /// style: `bind(to: viewModel).bind(\.title) { view, title in … }.bind(\.content) { … }`.
  ///
  /// Keep the returned binder to send values back with ``KeyValueBinder/update(_:_:)-9gzpv``; the bindings end
  /// when this object is released, and the binder holds the model weakly.
  public func bind<Model: AnyObject>(to model: Model) -> KeyValueBinder<Self, Model> {
    KeyValueBinder(view: self, model: model)
  }
}

/// Key-value bindings from a model's `MutableProperty`s into a view, and updates from the view back.
///
/// - **No unregistering**: the bindings end when the view is released; a binder whose model has gone updates
///   nothing.
/// - **No loops**: an update goes through the terminal the binding observes, so it does not come back on that
///   key, and an `Equatable` update equal to the current value is not made.
/// - **No crash** when either side goes first: the binder holds the model weakly, the bindings the view.
public struct KeyValueBinder<View: ReactiveObject, Model: AnyObject> {
  private weak var view: View?
  private weak var model: Model?
  private let terminals: Terminals

  init(view: View, model: Model) {
    self.view = view
    self.model = model
    terminals = Terminals()
  }

  /// Calls `action` with the view and the value at `keyPath` now and at every change, until the view is
  /// released; this binder's own ``update(_:_:)-9gzpv``s on that key are not sent back. A debug build records
  /// the binding and its line for `PropertyGraphDump`.
  ///
  /// - Returns: the binder, to chain the next binding.
  @discardableResult
  public func bind<Value>(
    _ keyPath: KeyPath<Model, MutableProperty<Value>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ action: @escaping (View, Value) -> Void
  ) -> Self {
    guard let view, let model else { return self }
    let terminal = terminals.terminal(for: keyPath, of: model)
    Signals.bind(
      view.reactive.makeBindingTarget(action), terminal, property: model[keyPath: keyPath], fileID: fileID, line: line)
    return self
  }

  /// Sets the model's value at `keyPath`, from the view; the view's own binding on that key does not
  /// receive it. Nothing happens if the model has gone.
  public func update<Value>(_ keyPath: KeyPath<Model, MutableProperty<Value>>, _ value: Value) {
    guard let model else { return }
    terminals.terminal(for: keyPath, of: model).send(value: value)
  }

  /// Sets the model's value at `keyPath` unless it is equal already; see ``update(_:_:)-9gzpv``.
  public func update<Value: Equatable>(_ keyPath: KeyPath<Model, MutableProperty<Value>>, _ value: Value) {
    guard let model, model[keyPath: keyPath].value != value else { return }
    terminals.terminal(for: keyPath, of: model).send(value: value)
  }
}

/// One property terminal per key, shared by a binder's bindings and updates.
private final class Terminals {
  private let storage = Locked<[AnyKeyPath: Any]>([:])

  func terminal<Model, Value>(
    for keyPath: KeyPath<Model, MutableProperty<Value>>,
    of model: Model
  ) -> ChannelTerminal<Value> {
    if let terminal = storage.withLock({ $0[keyPath] }) as? ChannelTerminal<Value> { return terminal }
    let made = model[keyPath: keyPath].channelTerminal
    return storage.withLock { terminals in
      // Another thread may have made one first: every caller uses the one stored.
      if let terminal = terminals[keyPath] as? ChannelTerminal<Value> { return terminal }
      terminals[keyPath] = made
      return made
    }
  }
}
