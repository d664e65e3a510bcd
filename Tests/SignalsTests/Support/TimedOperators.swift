import Signals

/// Every operator that takes a scheduler, applied to a signal of `Int`s, for the specs of the rule that they
/// deliver everything on their scheduler (`Docs/Contracts.md` §12).
enum TimedOperator: String, CaseIterable, CustomStringConvertible, Sendable {
  case observeOn, delayZero, delay, debounce, throttle, timeout, collectEvery, retryInterval

  var description: String { rawValue }

  /// Whether a value sent just before a failure (both at once, the value being the first one) is delivered
  /// before it: it is, where the value was due by the instant the failure arrived.
  var valueBeforeAFailureSurvives: Bool {
    switch self {
    case .observeOn, .delayZero, .throttle, .timeout, .retryInterval: return true
    case .delay, .debounce, .collectEvery: return false
    }
  }

  /// The operator with `interval` wherever it takes one (`delayZero` takes zero, `timeout` four times it).
  func apply(
    _ signal: Signal<Int, TestError>, on scheduler: any TimeScheduler, interval: Duration
  ) -> Signal<Int, TestError> {
    switch self {
    case .observeOn: return signal.observe(on: scheduler)
    case .delayZero: return signal.delay(.zero, on: scheduler)
    case .delay: return signal.delay(interval, on: scheduler)
    case .debounce: return signal.debounce(interval, on: scheduler)
    case .throttle: return signal.throttle(interval, on: scheduler)
    case .timeout: return signal.timeout(after: interval * 4, raising: .other, on: scheduler)
    case .collectEvery: return signal.collect(every: interval, on: scheduler).map { $0.reduce(0, +) }
    case .retryInterval:
      var result: Signal<Int, TestError>?
      SignalProducer(signal).retry(upTo: 0, interval: interval, on: scheduler).startWithSignal { signal, _ in
        result = signal
      }
      return result!
    }
  }
}
