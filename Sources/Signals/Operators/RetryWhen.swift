extension SignalProducer {
  /// Restarts this producer when a trigger made from its failures says so: RxSwift's `retry(when:)`.
  /// ```
  /// each start:        -1-X, then -1-X, then -1-2|
  /// trigger:               -t      -t
  /// retry(when:):      -1----1-----1-2|
  /// ```
  /// For every start, `handler` is called once, before the first attempt, with a signal of this producer's
  /// failures, and returns the trigger, started at the first failure (as RxSwift subscribes to it). A failure
  /// goes into that signal instead of being forwarded; the trigger's next value starts a new attempt (one
  /// that comes while an attempt runs starts nothing). Producers only: a signal cannot be restarted.
  /// ```swift
  /// let patient = request.retry(when: { errors in
  ///   var attempts = 0
  ///   return errors.flatMap(.concat) { error -> SignalProducer<Void, APIError> in
  ///     attempts += 1  // per start: the handler runs once per start
  ///     return attempts > 2 ? SignalProducer(error: error) : SignalProducer(value: ()).delay(.seconds(1), on: scheduler)
  ///   }
  /// })
  /// ```
  /// - Emits: the values of every attempt, failed ones included.
  /// - Completes: when an attempt completes, or when the trigger does (RxSwift's rule). **Fails:** when the
  ///   trigger fails; an attempt's failure only goes to the trigger.
  /// - Interruption and disposal: an interrupted attempt or trigger interrupts the result; disposing it
  ///   interrupts both. Attempts restarted synchronously run in a loop, not a recursion.
  ///   synchronously run in a loop, not a recursion.
  public func retry<Trigger: SignalProducerConvertible>(
    when handler: @escaping @Sendable (_ failures: Signal<Failure, Never>) -> Trigger,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer where Trigger.Failure == Failure {
    madeAt(
      SignalProducer.unchecked { observer, lifetime in
        let (failures, input) = Signal<Failure, Never>.pipe()
        let run = RetryingWhen(
          self, trigger: handler(failures).producer, failures: input, observer: observer, lifetime: lifetime)
        run.run()
      }, #function, fileID, line)
  }
}

/// One start of `retry(when:)`: the attempts, one after the other, each started by a value of the trigger
/// after the previous one failed.
///
/// Every attempt delivers straight to the result's observer. An attempt that fails synchronously, to a trigger
/// that answers synchronously, is restarted by the loop in ``run()``, not by a recursion.
final class RetryingWhen<Value, Failure: Error, Trigger>: @unchecked Sendable {
  struct State: RestartsAttempts {
    /// The last attempt failed, and no trigger value has restarted it yet.
    var isWaiting = false
    /// The trigger was started (at the first failure).
    var triggerStarted = false
    var attempts = AttemptLoop()
  }

  private enum Decision {
    case ignore, restartNow, leaveToRun
  }

  private let producer: SignalProducer<Value, Failure>
  private let trigger: SignalProducer<Trigger, Failure>
  private let failures: Signal<Failure, Never>.Observer
  private let observer: Signal<Value, Failure>.Observer
  private let lifetime: Lifetime
  private let state = Locked(State())
  /// The current attempt; disposed with the result.
  private let attempt = SerialDisposable()

  init(
    _ producer: SignalProducer<Value, Failure>,
    trigger: SignalProducer<Trigger, Failure>,
    failures: Signal<Failure, Never>.Observer,
    observer: Signal<Value, Failure>.Observer,
    lifetime: Lifetime
  ) {
    self.producer = producer
    self.trigger = trigger
    self.failures = failures
    self.observer = observer
    self.lifetime = lifetime
    lifetime += attempt
  }

  /// Starts attempts until one does not fail synchronously to a trigger that answers synchronously.
  func run() {
    state.startAttempts(while: lifetime) { attempt.inner = producer.start { self.receive($0) } }
  }

  private func receive(_ event: Signal<Value, Failure>.Event) {
    guard case .failed(let error) = event else { return observer.send(event) }
    let isFirst = state.withLock { state -> Bool in
      state.isWaiting = true
      defer { state.triggerStarted = true }
      return !state.triggerStarted
    }
    if isFirst { lifetime += trigger.start { self.receiveTrigger($0) } }
    failures.send(value: error)
  }

  private func receiveTrigger(_ event: Signal<Trigger, Failure>.Event) {
    switch event {
    case .value:
      let decision = state.withLock { state -> Decision in
        guard state.isWaiting else { return .ignore }
        state.isWaiting = false
        return state.attempts.restartsNow() ? .restartNow : .leaveToRun
      }
      if case .restartNow = decision { run() }
    case .completed: observer.sendCompleted()
    case .failed(let error): observer.send(error: error)
    case .interrupted: observer.sendInterrupted()
    }
  }
}
