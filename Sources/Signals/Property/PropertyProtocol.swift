/// A value that changes over time and can be observed: it always has a current value.
///
/// `producer` sends the current value synchronously, then every change; `signal` sends the changes only.
/// Both complete when the property ends: a ``MutableProperty`` when it is released, a composed property when
/// its sources end.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource {
  /// The type of the values.
  associatedtype Value

  /// The current value.
  var value: Value { get }

  /// The current value, then every change; completes when the property ends.
  var producer: SignalProducer<Value, Never> { get }

  /// Every change after the moment of observation; completes when the property ends.
  var signal: Signal<Value, Never> { get }
}

extension PropertyProtocol {
  /// The property's values as a producer: see ``PropertyProtocol/producer``.
  public var bindingProducer: SignalProducer<Value, Never> { producer }
}

extension PropertyProtocol {
  /// The core the property graph computes from, and what keeps it alive: the property's own core, or for a
  /// conforming type of yours, the core of a property fed by its `producer` (a source of the graph: see
  /// `Docs/PropertyGraph.md`) with that property, which whoever computes from the core must keep.
  @inlinable
  var graphInput: (core: PropertyCore<Value>, handle: AnyObject?) {
    if let property = self as? Property<Value> { return (property.storage.core, nil) }
    if let property = self as? MutableProperty<Value> { return (property.storage.core, nil) }
    let fed = Property(unsafeProducer: producer)
    return (fed.storage.core, fed)
  }

  /// The core the property graph computes from; see ``graphInput``. Only for the property types of Signals.
  @inlinable
  var graphCore: PropertyCore<Value> { graphInput.core }
}

/// What every property is built on: its core. The handle of its `signal` is made when asked for, not stored: a
/// derived property's core counts its handles (the `Property` holding it, and each `signal` made from it), and
/// ends when none is left and nothing observes it.
@usableFromInline
struct PropertyStorage<Value> {
  @usableFromInline let core: PropertyCore<Value>

  @inlinable
  init(core: PropertyCore<Value>) {
    self.core = core
  }

  /// A handle of the core's signal, counted by the core while it lives.
  @inlinable
  var signal: Signal<Value, Never> {
    core.handleMade()
    return Signal(core: core)
  }

  /// The replaying producer. It holds a `signal` handle, so a composed property stays attached to its
  /// sources while someone holds its producer to start later.
  @inlinable
  var producer: SignalProducer<Value, Never> {
    let signal = self.signal
    return SignalProducer.unchecked { observer, lifetime in
      lifetime += signal.core.observeReplaying { observer.send($0) }
    }
  }
}
