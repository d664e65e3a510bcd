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
  let target = target.bindingTarget
  return bind(source.bindingProducer, into: target)
}

/// Binds a source of non-optional values to a target of optional values, such as a label's text.
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
  target: Target,
  source: Source
) -> (any Disposable)? where Target.Value == Source.Value? {
  let target = target.bindingTarget
  return bind(source.bindingProducer.map { Optional($0) }, into: target)
}

private func bind<Value>(
  _ producer: SignalProducer<Value, Never>,
  into target: BindingTarget<Value>
) -> (any Disposable)? {
  guard !target.lifetime.hasEnded else { return nil }
  let disposable = producer.take(during: target.lifetime).startWithValues(target.action)
  return disposable.isDisposed ? nil : disposable
}
