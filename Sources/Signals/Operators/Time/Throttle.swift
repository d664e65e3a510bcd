extension Signal {
  /// Sends at most one value per `interval`: the first at once, then the latest of each busy interval at
  /// its end.
  ///
  /// ```
  /// input:              -abc----d-e|
  /// throttle(3 ticks):  -a--c---d--(e|)
  /// ```
  ///
  /// Leading and trailing: a value that arrives when nothing was sent for `interval` goes out at once;
  /// values that arrive sooner wait, and only the latest of them is sent, `interval` after the previous
  /// send. While the source runs, no two values are closer than `interval`; at completion a waiting value is
  /// sent at once, however soon. (RxSwift's `throttle(latest: true)` matches while the source runs but holds
  /// the completion until the waiting value's slot; ReactiveSwift's `throttle` drops the waiting value when
  /// the source ends; RAC's `throttle:` is a debounce.)
  ///
  /// - Emits: as described.
  /// - Completes: when the source completes; a waiting value is sent at once first.
  /// - Fails: at once when the source fails; a waiting value is dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result, dropping a waiting value.
  ///   Ending cancels the timer and detaches from the source.
  public func throttle(_ interval: Duration, on scheduler: any TimeScheduler) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      let coordinator = Coordinator(ThrottleState<Value>(), downstream: downstream)
      let timer = SerialDisposable()
      func sendWaiting(at due: SchedulerInstant) {
        coordinator.update { state, outbox in
          state.isTimerArmed = false
          guard let waiting = state.waiting else { return }
          state.waiting = nil
          state.lastSent = due
          outbox.append(.value(waiting))
        }
      }
      let source = upstream.observe { event in
        guard case .value(let value) = event else {
          coordinator.update { state, outbox in
            if case .completed = event, let waiting = state.waiting { outbox.append(.value(waiting)) }
            state.waiting = nil
            outbox.append(event)
          }
          return
        }
        let now = scheduler.now
        let due = coordinator.update { state, outbox -> SchedulerInstant? in
          if !state.isTimerArmed, state.lastSent.map({ now >= $0.advanced(by: interval) }) ?? true {
            state.lastSent = now
            outbox.append(.value(value))
            return nil
          }
          state.waiting = value
          guard !state.isTimerArmed, let lastSent = state.lastSent else { return nil }
          state.isTimerArmed = true
          return lastSent.advanced(by: interval)
        }
        if let due {
          timer.inner = scheduler.schedule(at: due) { sendWaiting(at: due) }
        }
      }
      return CompositeDisposable([timer, source].compactMap { $0 })
    })
  }
}

/// The state of one `throttle`.
struct ThrottleState<Value> {
  /// When the latest value was sent.
  var lastSent: SchedulerInstant?
  /// The latest value that arrived too soon, to send when the interval is over.
  var waiting: Value?
  /// Whether a timer will send `waiting`.
  var isTimerArmed = false
}

extension SignalProducer {
  /// Sends at most one value of every start per `interval`; see ``Signal/throttle(_:on:)``.
  public func throttle(_ interval: Duration, on scheduler: any TimeScheduler) -> SignalProducer {
    lift { $0.throttle(interval, on: scheduler) }
  }
}
