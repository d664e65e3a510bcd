precedencegroup BindingPrecedence {
  associativity: right
  higherThan: AssignmentPrecedence
}

/// The one-way binding operator: `target <~ source`.
infix operator <~ : BindingPrecedence

/// Binds `source` to `target`: every value of `source` is delivered to the target, from now on.
///
/// A property source delivers its current value at once. The binding ends when either side ends: when the
/// source completes or is interrupted, or when the target's lifetime ends. Neither side is kept alive by the
/// binding. Only sources that cannot fail bind.
///
/// - Returns: a disposable that ends the binding early, or `nil` if it ended at once.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
  target: Target,
  source: Source
) -> (any Disposable)? where Source.Value == Target.Value {
  if let node = graphNode(of: source) { return bind(node, { $0 }, into: target.bindingTarget, from: source, target) }
  return bind(source.bindingProducer, into: target.bindingTarget, from: source, target)
}

/// Binds a source of non-optional values to a target of optional values, such as a label's text.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
  target: Target,
  source: Source
) -> (any Disposable)? where Target.Value == Source.Value? {
  if let node = graphNode(of: source) {
    return bind(node, { Optional($0) }, into: target.bindingTarget, from: source, target)
  }
  return bind(source.bindingProducer.map { Optional($0) }, into: target.bindingTarget, from: source, target)
}

/// The node of `source` if it is a property whose observers attach to its node (a derived property, or a
/// `MutableProperty` that joined the graph: ``PropertyCore/observersAttachToNode``), which the binding then
/// observes directly; `nil` for anything else, which binds through its `bindingProducer`. A derived
/// property's stream core is not made for it.
private func graphNode<Source: BindingSource>(of source: Source) -> ValueNode<Source.Value>? {
  let core: PropertyCore<Source.Value>
  if let property = source as? Property<Source.Value> {
    if !property.node.isSource { return property.node }
    core = property.core
  } else if let property = source as? MutableProperty<Source.Value> {
    core = property.source
  } else {
    return nil
  }
  return core.observersAttachToNode ? core.node : nil
}

/// `target <~ source`, for a binding method of the package's libraries that takes its caller's line (SignalsMVVM's
/// `KeyValueBinder.bind(_:_:)`): a debug build records `fileID`:`line` as the binding's site, and `property`
/// (the property behind `source`, when `source` is one of its terminals) as its source.
@discardableResult
package func bind<Target: BindingTargetProvider, Source: BindingSource>(
  _ target: Target,
  _ source: Source,
  property: (any PropertyProtocol)?,
  fileID: StaticString,
  line: UInt
) -> (any Disposable)? where Source.Value == Target.Value {
  let site = BindingRegistry.isOn ? CreationSite(fileID: fileID, line: line) : nil
  return bind(source.bindingProducer, into: target.bindingTarget, from: property ?? source, target, site: site)
}

/// Binds `producer` into `target`. A debug build of Signals also records the binding (``BindingRegistry``):
/// `source` and `provider` are the two sides as written, for their names, and `site` where it was made.
private func bind<Value>(
  _ producer: SignalProducer<Value, Never>,
  into target: BindingTarget<Value>,
  from source: Any,
  _ provider: Any,
  site: CreationSite? = nil
) -> (any Disposable)? {
  guard BindingRegistry.isOn else {
    guard !target.lifetime.hasEnded else { return nil }
    let disposable = producer.take(during: target.lifetime).startWithValues(target.action)
    return disposable.isDisposed ? nil : disposable
  }
  let record = BindingRegistry.register(source: source, target: provider, targetName: target.debugName, site: site)
  let lifetime = target.lifetime
  guard !lifetime.hasEnded else {
    record.endedBeforeItWasMade()
    return nil
  }
  let disposable = producer.take(during: lifetime)
    .on(
      completed: { record.ended(lifetime.hasEnded ? .targetLifetimeEnded : .sourceCompleted) },
      interrupted: { record.ended(.sourceInterrupted) }
    )
    .startWithValues(target.action)
  return disposable.isDisposed ? nil : RecordedBinding(disposable, record)
}

/// Binds the property whose node is `node` into `target` by observing it (see
/// ``ValueNode/observeValues(_:ended:)``): the current value at once, then every change, each passed through
/// `transform`. It ends as a binding from the property's producer would: when the property ends, when the
/// target's lifetime ends, or when disposed. A debug build of Signals records it as ``bind(_:into:from:_:site:)``
/// does.
private func bind<Value, TargetValue>(
  _ node: ValueNode<Value>,
  _ transform: @escaping (Value) -> TargetValue,
  into target: BindingTarget<TargetValue>,
  from source: Any,
  _ provider: Any
) -> (any Disposable)? {
  let record =
    BindingRegistry.isOn
    ? BindingRegistry.register(source: source, target: provider, targetName: target.debugName, site: nil) : nil
  let lifetime = target.lifetime
  guard !lifetime.hasEnded else {
    record?.endedBeforeItWasMade()
    return nil
  }
  let binding = NodeBinding(record)
  let action = target.action
  // While a leak check records, the observer is noted as the library's wiring for a binding (<~).
  let subscription = attaching(at: #fileID, #line) {
    node.observeValues({ action(transform($0)) }, ended: { binding.end(.sourceCompleted) })
  }
  binding.attach(subscription, lifetime.observeEnded { binding.end(.targetLifetimeEnded) })
  return binding.isDisposed ? nil : binding
}

/// A binding from a property's node: what ends it (the node's subscription, the observation of the target's
/// lifetime), and its record in a debug build. Whichever end comes first disposes both and records why.
private final class NodeBinding: Disposable, @unchecked Sendable {
  let record: BindingRegistry.Record?
  let state = Locked<(subscription: (any Disposable)?, lifetime: (any Disposable)?, ended: Bool)>((nil, nil, false))

  init(_ record: BindingRegistry.Record?) {
    self.record = record
  }

  /// Keeps what ends the binding; disposes it at once if the binding ended meanwhile.
  func attach(_ subscription: (any Disposable)?, _ lifetime: (any Disposable)?) {
    let ended = state.withLock { state -> Bool in
      guard !state.ended else { return true }
      state.subscription = subscription
      state.lifetime = lifetime
      return false
    }
    guard ended else { return }
    subscription?.dispose()
    lifetime?.dispose()
  }

  /// Ends the binding, once, for `reason`.
  func end(_ reason: BindingRegistry.End) {
    let taken = state.withLock { state -> ((any Disposable)?, (any Disposable)?)? in
      guard !state.ended else { return nil }
      state.ended = true
      defer { (state.subscription, state.lifetime) = (nil, nil) }
      return (state.subscription, state.lifetime)
    }
    guard let (subscription, lifetime) = taken else { return }
    record?.ended(reason)
    subscription?.dispose()
    lifetime?.dispose()
  }

  var isDisposed: Bool { state.withLock { $0.ended } }

  func dispose() {
    end(.disposed)
  }
}

/// A binding's disposable in a debug build: disposing it records why the binding ended.
final class RecordedBinding: Disposable {
  let binding: any Disposable
  let record: BindingRegistry.Record

  init(_ binding: any Disposable, _ record: BindingRegistry.Record) {
    self.binding = binding
    self.record = record
  }

  var isDisposed: Bool { binding.isDisposed }

  func dispose() {
    if !binding.isDisposed { record.ended(.disposed) }
    binding.dispose()
  }
}
