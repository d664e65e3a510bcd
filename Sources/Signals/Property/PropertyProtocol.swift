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
  /// What the property graph computes from: the property's node, never its stream core (a derived property
  /// asked for none has none). For a conforming type of yours, the node of a property fed by its `producer`
  /// (a source of the graph: see `Docs/PropertyGraph.md`), with that property, which whoever computes from
  /// the node must keep.
  @inlinable
  var graphInput: GraphInput<Value> {
    if let property = self as? Property<Value> {
      return GraphInput(node: property.node, source: property.node.isSource ? property.core : nil, handle: nil)
    }
    if let property = self as? MutableProperty<Value> {
      return GraphInput(node: property.source.node, source: property.source, handle: nil)
    }
    let fed = Property(unsafeProducer: producer)
    return GraphInput(node: fed.node, source: fed.core, handle: fed)
  }
}

/// A property as a derived property being made computes from it; see ``PropertyProtocol/graphInput``.
@usableFromInline
struct GraphInput<Value> {
  /// The property's node.
  @usableFromInline let node: ValueNode<Value>
  /// A source's core, which joins the graph (``PropertyCore/enterGraph()``) when a property is computed from
  /// it; `nil` for a derived property.
  @usableFromInline let source: PropertyCore<Value>?
  /// What keeps the property alive, if the caller must (a property fed by a type of yours).
  @usableFromInline let handle: AnyObject?

  @inlinable
  init(node: ValueNode<Value>, source: PropertyCore<Value>?, handle: AnyObject?) {
    self.node = node
    self.source = source
    self.handle = handle
  }

  /// The node, in the graph: a source joins it now, if it had not.
  @inlinable
  func enteredNode() -> ValueNode<Value> {
    source?.enterGraph()
    return node
  }
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
