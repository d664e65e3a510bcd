/// A hot stream, for operator extensions written once for every signal (ReactiveSwift's `SignalProtocol`, its
/// failure type named `Failure`): a ``Signal`` conforms and gives itself as ``signal``. A member of `Signal`
/// with the same name shadows an extension on the protocol.
/// ```swift
/// extension SignalProtocol where Value == String {
///   func nonEmpty() -> Signal<String, Failure> { signal.filter { !$0.isEmpty } }
/// }
/// ```
public protocol SignalProtocol<Value, Failure>: AnyObject {
  /// The type of the values.
  associatedtype Value
  /// The type of the failure; `Never` for a stream that cannot fail.
  associatedtype Failure: Swift.Error

  /// The stream as a ``Signal``.
  var signal: Signal<Value, Failure> { get }
}

/// Something that can be started as a ``SignalProducer``: a producer, or a ``Signal`` (each start observes it);
/// what `flatMap` accepts as its inner stream.
public protocol SignalProducerConvertible<Value, Failure> {
  /// The type of the values.
  associatedtype Value
  /// The type of the failure; `Never` for a stream that cannot fail.
  associatedtype Failure: Swift.Error

  /// The stream as a producer.
  var producer: SignalProducer<Value, Failure> { get }
}

/// A cold stream, for operator extensions written once for every producer (ReactiveSwift's
/// `SignalProducerProtocol`): a ``SignalProducer`` conforms and gives itself as its `producer`.
public protocol SignalProducerProtocol<Value, Failure>: SignalProducerConvertible {}

extension Signal: SignalProtocol {
  /// This signal itself: what ``SignalProtocol`` asks for.
  public var signal: Signal { self }
}

extension Signal: SignalProducerConvertible {
  /// A producer whose every start observes this signal from then on, and is interrupted at once if it has
  /// ended; disposing a start detaches that start only.
  public var producer: SignalProducer<Value, Failure> { SignalProducer(self) }
}

extension SignalProducer: SignalProducerProtocol {
  /// This producer itself: what ``SignalProducerProtocol`` asks for.
  public var producer: SignalProducer { self }
}
