import Signals

extension ReactiveObject {
  /// Starts key-value bindings between this object (a view) and `model` (its view model), IQDataBinding's
  /// style: `bind(to: viewModel).bind(\.title) { view, title in … }.bind(\.content) { … }`.
  ///
  /// Keep the returned binder to send values back with ``KeyValueBinder/update(_:_:)-9gzpv``. Nothing needs
  /// unregistering: the bindings end when this object is released, and the binder holds the model weakly.
  public func bind<Model: AnyObject>(to model: Model) -> KeyValueBinder<Self, Model> {
    KeyValueBinder(view: self, model: model)
  }
}

/// Key-value bindings from a model's `MutableProperty`s into a view, and updates from the view back.
///
/// - **No unregistering**: every binding ends when the view is released (it is a binding into the view's
///   lifetime), and a binder whose model has gone updates nothing.
/// - **No loops**: an update is sent through the same property terminal the binding observes, so the
///   view's own update does not come back to the binding on that key; and an `Equatable` update equal to the
///   current value is not made, so even a view that updates from inside its binding action stops.
/// - **No crash** when either side goes away first: the binder holds the model weakly, the bindings hold the
///   view weakly.
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
  /// released; changes this binder made with ``update(_:_:)-9gzpv`` on the same key are not sent back.
  ///
  /// A debug build of Signals records the binding, with the line that called this method, for
  /// `PropertyGraphDump`.
  ///
  /// - Parameters:
  ///   - keyPath: the model's property to follow.
  ///   - fileID: where the binding is made, shown by `PropertyGraphDump` in debug builds. Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  ///   - action: what the view does with each value.
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
