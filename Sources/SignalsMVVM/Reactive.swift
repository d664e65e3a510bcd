import Signals

/// An object whose bindings end with it: it owns a ``/Signals/Lifetime`` that ends when it is released.
///
/// Linux has no Objective-C associated objects, so an object cannot be given a lifetime from the outside, as
/// RAC does. Instead, an object that wants `object.reactive` stores a `Lifetime.Token` and exposes its
/// lifetime; the token's release in the object's `deinit` ends the lifetime, and with it every binding into
/// the object, at that moment:
///
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
///
/// The headless controls of this library (``Label``, ``TextField``, ``Button``, ``MessageArea``) adopt it.
/// Like UIKit's views, they are not thread-safe: bind into them from sources that deliver on one thread (in
/// an app, observe on the main scheduler first).
public protocol ReactiveObject: AnyObject {
  /// Ends when the object is released. Every binding into the object's ``Reactive`` targets ends then.
  var lifetime: Lifetime { get }
}

extension ReactiveObject {
  /// The object's binding targets: named ones such as `label.reactive.text`, and key paths with
  /// `object.reactive[\.property]`.
  public var reactive: Reactive<Self> { Reactive(self) }
}

/// The binding targets of a ``ReactiveObject``, RAC's `object.reactive`.
///
/// Every target this makes ends with the object's lifetime and holds the object weakly, so a binding never
/// keeps the object alive, and a value arriving while the object is being released is dropped. Add named
/// targets for your own types in an extension: `extension Reactive where Base: Badge { … }` using
/// ``makeBindingTarget(_:)``.
public struct Reactive<Base: ReactiveObject> {
  /// The object whose targets these are.
  public let base: Base

  /// The binding targets of `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// A target that calls `action` with the object and each bound value, until the object is released.
  ///
  /// - Parameter action: what a value does to the object; it is not called once the object has gone.
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
