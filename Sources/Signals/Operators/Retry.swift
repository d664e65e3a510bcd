extension SignalProducer {
  /// Restarts this producer when it fails, up to `count` more times; the last failure is forwarded.
  ///
  /// ```
  /// each start:      -1-X, then -1-X, then -1-2|
  /// retry(upTo: 2):  -1-1-1-2|
  /// ```
  ///
  /// Producers only: a signal cannot be restarted.
  ///
  /// - Emits: the values of every attempt, failed ones included.
  /// - Completes: when an attempt completes.
  /// - Fails: when attempt `count + 1` fails, with its error (with `count` ≤ 0, when the first attempt fails).
  /// - Interruption and disposal: an interrupted attempt interrupts the result; disposing the result
  ///   interrupts the current attempt and stops retrying. Attempts that fail synchronously are restarted in a
  ///   loop, not a recursion, however large `count` is.
  public func retry(upTo count: Int) -> SignalProducer {
    guard count > 0 else { return self }
    return SignalProducer { observer, lifetime in
      Retrying(self, count: count, observer: observer, lifetime: lifetime).run()
    }
  }
}

/// One start of `retry(upTo:)`: the attempts, one after the other.
private final class Retrying<Value, Failure: Error>: @unchecked Sendable {
  struct State {
    var remaining: Int
    /// A thread is inside `run()`, starting an attempt.
    var isStarting = false
    /// The attempt being started failed synchronously: `run()` must start another.
    var restartPending = false
  }

  private enum Decision {
    case forward, restartNow, leaveToRun
  }

  private let producer: SignalProducer<Value, Failure>
  private let observer: Signal<Value, Failure>.Observer
  private let lifetime: Lifetime
  private let state: Locked<State>
  private let attempt = SerialDisposable()

  init(
    _ producer: SignalProducer<Value, Failure>,
    count: Int,
    observer: Signal<Value, Failure>.Observer,
    lifetime: Lifetime
  ) {
    self.producer = producer
    self.observer = observer
    self.lifetime = lifetime
    state = Locked(State(remaining: count))
    lifetime += attempt
  }

  /// Starts attempts until one does not fail synchronously with retries left.
  func run() {
    var again = true
    while again && !lifetime.hasEnded {
      state.withLock {
        $0.isStarting = true
        $0.restartPending = false
      }
      attempt.inner = producer.start { self.receive($0) }
      again = state.withLock { state -> Bool in
        state.isStarting = false
        return state.restartPending
      }
    }
  }

  private func receive(_ event: Signal<Value, Failure>.Event) {
    guard case .failed = event else { return observer.send(event) }
    let decision = state.withLock { state -> Decision in
      guard state.remaining > 0 else { return .forward }
      state.remaining -= 1
      guard !state.isStarting else {
        state.restartPending = true
        return .leaveToRun
      }
      return .restartNow
    }
    switch decision {
    case .forward: observer.send(event)
    case .restartNow: run()
    case .leaveToRun: break
    }
  }
}
