extension SignalProducer {
  /// Restarts this producer when it fails, up to `count` more times; the last failure is forwarded. Producers
  /// only: a signal cannot be restarted.
  /// ```
  /// each start:      -1-X, then -1-X, then -1-2|
  /// retry(upTo: 2):  -1-1-1-2|
  /// ```
  /// - Emits: the values of every attempt, failed ones included.
  /// - Completes: when an attempt completes. **Fails:** when attempt `count + 1` fails.
  /// - Interruption and disposal: an interrupted attempt interrupts the result; disposing the result
  ///   interrupts the current attempt. Synchronous failures restart in a loop, not a recursion.
  public func retry(upTo count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    guard count > 0 else { return self }
    return madeAt(
      SignalProducer.unchecked { observer, lifetime in
        Retrying(self, count: count, observer: observer, lifetime: lifetime).run()
      }, #function, fileID, line)
  }
}

/// One start of `retry(upTo:)` or `retry(upTo:interval:on:)`: the attempts, one after the other.
///
/// Every attempt delivers straight to the result's observer, so an event passes through one layer however
/// many attempts came before it. Without a pause, an attempt that fails synchronously is restarted by the
/// loop in `run()`, not by a recursion; with a pause, the next attempt is scheduled and `run()` returns.
final class Retrying<Value, Failure: Error>: @unchecked Sendable {
  /// The wait before each restart, for `retry(upTo:interval:on:)`.
  struct Pause {
    let interval: Duration
    let scheduler: any TimeScheduler
  }

  struct State: RestartsAttempts {
    var remaining: Int
    var attempts = AttemptLoop()
  }

  private enum Decision {
    case forward, restartNow, leaveToRun
  }

  private let producer: SignalProducer<Value, Failure>
  private let observer: Signal<Value, Failure>.Observer
  private let lifetime: Lifetime
  private let pause: Pause?
  private let state: Locked<State>
  /// The current attempt, or the wait before the next one; disposed with the result.
  private let attempt = SerialDisposable()

  init(
    _ producer: SignalProducer<Value, Failure>,
    count: Int,
    pause: Pause? = nil,
    observer: Signal<Value, Failure>.Observer,
    lifetime: Lifetime
  ) {
    self.producer = producer
    self.observer = observer
    self.lifetime = lifetime
    self.pause = pause
    state = Locked(State(remaining: count))
    lifetime += attempt
  }

  /// Starts attempts until one does not fail synchronously with retries left; with a pause, schedules the
  /// next attempt instead of starting it.
  func run() {
    let restartPending = state.startAttempts(while: lifetime, stoppingAtRestart: pause != nil) {
      attempt.inner = producer.start { self.receive($0) }
    }
    if restartPending { restartLater() }
  }

  /// Replaces the ended attempt with the wait before the next one.
  private func restartLater() {
    guard let pause, !lifetime.hasEnded else { return }
    attempt.inner = pause.scheduler.schedule(after: pause.interval) { self.run() }
  }

  private func receive(_ event: Signal<Value, Failure>.Event) {
    guard case .failed = event else { return observer.send(event) }
    let decision = state.withLock { state -> Decision in
      guard state.remaining > 0 else { return .forward }
      state.remaining -= 1
      return state.attempts.restartsNow() ? .restartNow : .leaveToRun
    }
    switch decision {
    case .forward: observer.send(event)
    case .restartNow: pause == nil ? run() : restartLater()
    case .leaveToRun: break
    }
  }
}

/// The restart loop of `retry(upTo:)` and `retry(when:)`, kept in the state of a start behind its lock.
struct AttemptLoop {
  /// A thread is inside `startAttempts`, starting an attempt.
  var isStarting = false
  /// The attempt being started asked for a restart while it was being started: the loop starts another.
  var restartPending = false

  /// Whether a restart asked for now is the caller's to make; while an attempt is being started it is left to
  /// the loop, so that attempts failing synchronously restart in a loop, not a recursion.
  mutating func restartsNow() -> Bool {
    guard !isStarting else {
      restartPending = true
      return false
    }
    return true
  }
}

/// The state of a start of `retry(upTo:)` or `retry(when:)`.
protocol RestartsAttempts {
  var attempts: AttemptLoop { get set }
}

extension Locked where State: RestartsAttempts {
  /// Calls `start` to start an attempt, again while the attempt asked for a restart as it was being started
  /// and `lifetime` has not ended. With `stoppingAtRestart`, returns `true` instead of starting again.
  @discardableResult
  func startAttempts(while lifetime: Lifetime, stoppingAtRestart: Bool = false, _ start: () -> Void) -> Bool {
    var again = true
    while again && !lifetime.hasEnded {
      withLock {
        $0.attempts.isStarting = true
        $0.attempts.restartPending = false
      }
      start()
      again = withLock { state -> Bool in
        state.attempts.isStarting = false
        return state.attempts.restartPending
      }
      if again && stoppingAtRestart { return true }
    }
    return false
  }
}
