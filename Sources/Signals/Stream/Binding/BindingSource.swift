/// Something that can be the right side of `<~`: a stream that cannot fail.
///
/// `Signal`, `SignalProducer` and every property whose failure is `Never` are binding sources. A stream that
/// can fail is not, so binding one is a compile error: handle its errors first (for example with
/// `flatMapError` or by observing them separately).
public protocol BindingSource<Value> {
  /// The type of the values.
  associatedtype Value

  /// The values to bind, as a producer started once per binding.
  var bindingProducer: SignalProducer<Value, Never> { get }
}

extension Signal: BindingSource where Failure == Never {
  /// The signal's values from the moment of binding.
  public var bindingProducer: SignalProducer<Value, Never> { SignalProducer(self) }
}

extension SignalProducer: BindingSource where Failure == Never {
  /// The producer itself: each binding starts it once.
  public var bindingProducer: SignalProducer<Value, Never> { self }
}
