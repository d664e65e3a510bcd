import Signals

/// An object whose bindings end with it: it owns a ``/Signals/Lifetime`` that ends when it is released. Linux
/// has no associated objects to give an object a lifetime from outside, as RAC does, so the object keeps a
/// `Lifetime.Token`, released in its `deinit`:
/// ```swift
/// final class Badge: ReactiveObject {
///   var count = 0
///   let lifetime: Lifetime
///   private let token: Lifetime.Token
///   init() { (lifetime, token) = Lifetime.make() }
/// }
///
/// badge.reactive[\.count] <~ viewModel.unread
/// ```
/// The headless controls (``Label``, ``TextField``, ``Button``, ``MessageArea``) adopt it. Like UIKit's views,
/// they are not thread-safe: bind into them from sources that deliver on one thread.
public protocol ReactiveObject: AnyObject {
  /// Ends when the object is released. Every binding into the object's ``Reactive`` targets ends then.
  var lifetime: Lifetime { get }
}

extension ReactiveObject {
  /// The object's binding targets: named ones such as `label.reactive.text`, and key paths with
  /// `object.reactive[\.property]`.
  public var reactive: Reactive<Self> { Reactive(self) }
}

/// The binding targets of a ``ReactiveObject``, RAC's `object.reactive`. Each ends with the object's lifetime
/// and holds it weakly: a binding never keeps the object alive. Add your own in an
/// `extension Reactive where Base: Badge` with ``makeBindingTarget(_:)``.
public struct Reactive<Base: ReactiveObject> {
  /// The object whose targets these are.
  public let base: Base

  /// The binding targets of `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// A target that calls `action` with the object and each bound value, until the object is released.
  public func makeBindingTarget<Value>(_ action: @escaping (Base, Value) -> Void) -> BindingTarget<Value> {
    var target = BindingTarget(lifetime: base.lifetime) { [weak base] value in
      guard let base else { return }
      action(base, value)
    }
    target.debugName = "\(Base.self)"
    return target
  }

  /// A target that sets `keyPath` on the object, until the object is released: `object.reactive[\.title]`.
  public subscript<Value>(keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Value> {
    var target = BindingTarget(on: base, lifetime: base.lifetime, keyPath: keyPath)
    target.debugName = "\(keyPath)"
    return target
  }

  /// The object's lifetime: everything added to it with `+=` is disposed when the object is released.
  public var lifetime: Lifetime { base.lifetime }
}
