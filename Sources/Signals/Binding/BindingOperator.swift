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
  bind(source.bindingProducer, into: target.bindingTarget, from: source, target)
}

/// Binds a source of non-optional values to a target of optional values, such as a label's text.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
  target: Target,
  source: Source
) -> (any Disposable)? where Target.Value == Source.Value? {
  bind(source.bindingProducer.map { Optional($0) }, into: target.bindingTarget, from: source, target)
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
