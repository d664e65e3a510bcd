import Signals

// A client's own operator layer, as ReactiveSwift apps keep one (`values()` and `errors()` of a materialized
// request are the common pair). Ported with one rename: the generic parameter `Error` is `Failure` here —
// written `Error`, the compiler says so ("'Error' is unavailable: the failure type is 'Failure' …").

extension SignalProtocol where Value: EventProtocol, Failure == Never {
  /// The values among the events.
  func values() -> Signal<Value.Value, Never> {
    signal.compactMap { $0.event.value }
  }

  /// The errors among the events.
  func errors() -> Signal<Value.Failure, Never> {
    signal.compactMap { $0.event.error }
  }
}
