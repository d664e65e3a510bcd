/// Where a one-way binding delivers values: a setter and the lifetime after which it must not be called.
///
/// A binding into a target ends when the target's lifetime ends, so binding into an object never keeps it
/// alive: give the target a lifetime that ends when the object is released (for example from a
/// `Lifetime.Token` the object stores) and a setter that captures the object weakly.
public struct BindingTarget<Value>: BindingTargetProvider {
  /// When this lifetime ends, every binding into the target is disposed.
  public let lifetime: Lifetime
  /// Called with each value bound into the target.
  public let action: (Value) -> Void
  /// What the graph dump and binding warnings call the target (`Label`), when it is not a property.
  package var debugName: String?

  /// A target that calls `action` with each value until `lifetime` ends.
  public init(lifetime: Lifetime, action: @escaping (Value) -> Void) {
    self.lifetime = lifetime
    self.action = action
  }

  /// A target that sets `keyPath` on `object` with each value until `lifetime` ends; it holds `object` weakly.
  public init<Object: AnyObject>(
    on object: Object,
    lifetime: Lifetime,
    keyPath: ReferenceWritableKeyPath<Object, Value>
  ) {
    self.init(lifetime: lifetime) { [weak object] value in
      object?[keyPath: keyPath] = value
    }
  }

  /// The target itself.
  public var bindingTarget: BindingTarget<Value> { self }
}

/// Something that can be the left side of `<~`.
public protocol BindingTargetProvider<Value> {
  /// The type of the values it accepts.
  associatedtype Value

  /// The target values are delivered to.
  var bindingTarget: BindingTarget<Value> { get }
}
