// A mutable property as the target of a one-way binding, `property <~ source`.

extension MutableProperty: BindingTargetProvider {
  /// A target that sets this property, until the property is released. It does not keep the property alive.
  ///
  /// A binding's set that comes back around a cycle of bindings to a property the same change already set is
  /// not made, and is reported to ``BindingCycle/handler``. A property that is a binding's target propagates
  /// its changes through the property graph, which knows what caused each one, on any thread.
  public var bindingTarget: BindingTarget<Value> {
    source.enterGraph()
    return BindingTarget(lifetime: lifetime) { [weak self] value in self?.source.set(value, origin: .binding) }
  }
}
