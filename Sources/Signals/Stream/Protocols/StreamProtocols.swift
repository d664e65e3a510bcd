/// A hot stream, for generic code and operator extensions written once for every signal: a ``Signal``
/// conforms, and gives itself as ``signal``. ReactiveSwift's `SignalProtocol`, with the failure type named
/// `Failure` rather than `Error`.
///
/// ```swift
/// extension SignalProtocol where Value == String {
///   func nonEmpty() -> Signal<String, Failure> { signal.filter { !$0.isEmpty } }
/// }
/// ```
///
/// An extension on the protocol is shadowed by a member of `Signal` with the same name (our `values`, say);
/// an extension on `Signal` itself is not.
public protocol SignalProtocol<Value, Failure>: AnyObject {
  /// The type of the values.
  associatedtype Value
  /// The type of the failure; `Never` for a stream that cannot fail.
  associatedtype Failure: Swift.Error

  /// The stream as a ``Signal``.
  var signal: Signal<Value, Failure> { get }
}

/// Something that can be started as a ``SignalProducer``: a producer itself, or a ``Signal`` (each start
/// observes it). What `flatMap` accepts as the inner stream, as ReactiveSwift's `SignalProducerConvertible`.
public protocol SignalProducerConvertible<Value, Failure> {
  /// The type of the values.
  associatedtype Value
  /// The type of the failure; `Never` for a stream that cannot fail.
  associatedtype Failure: Swift.Error

  /// The stream as a producer.
  var producer: SignalProducer<Value, Failure> { get }
}

/// A cold stream, for generic code and operator extensions written once for every producer: a
/// ``SignalProducer`` conforms, and gives itself as ``SignalProducerConvertible/producer``. ReactiveSwift's
/// `SignalProducerProtocol`, with the failure type named `Failure` rather than `Error`.
public protocol SignalProducerProtocol<Value, Failure>: SignalProducerConvertible {}

extension Signal: SignalProtocol {
  /// This signal itself: what ``SignalProtocol`` asks for.
  public var signal: Signal { self }
}

extension Signal: SignalProducerConvertible {
  /// A producer whose every start observes this signal from then on: ``SignalProducer/init(_:)-(Signal<Value,Failure>)``.
  ///
  /// - Emits, completes, fails: what this signal sends after the start. A start after this signal ended is
  ///   interrupted at once.
  /// - Disposal: disposing a start detaches it from this signal and interrupts that start only.
  public var producer: SignalProducer<Value, Failure> { SignalProducer(self) }
}

extension SignalProducer: SignalProducerProtocol {
  /// This producer itself: what ``SignalProducerProtocol`` asks for.
  public var producer: SignalProducer { self }
}
