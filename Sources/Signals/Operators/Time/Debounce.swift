extension Signal {
  /// Sends a value only once the source has been quiet for `interval` after it.
  ///
  /// ```
  /// input:              -ab---c--d|
  /// debounce(2 ticks):  ----b---c-(d|)
  /// ```
  ///
  /// Each value restarts the wait; the value sent is the latest one.
  ///
  /// - Emits: the latest value, `interval` after it arrived, if no other value arrived in between.
  /// - Completes: when the source completes. **A value still waiting is sent at once, then the completion**
  ///   (as RxSwift does; ReactiveSwift drops it by default, and so does OpenCombine 0.14, checked by
  ///   `peer-claims` in Benchmarks/): the last query typed before a field closes is not lost.
  /// - Fails: at once when the source fails; a waiting value is dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result, dropping a waiting value.
  ///   Ending cancels the timer and detaches from the source.
  @inlinable
  public func debounce(_ interval: Duration, on scheduler: any TimeScheduler) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      let coordinator = Coordinator(DebounceState<Value>(), downstream: downstream)
      let timer = SerialDisposable()
      let source = upstream.observe { event in
        guard case .value(let value) = event else {
          coordinator.update { state, outbox in
            if case .completed = event, let waiting = state.waiting { outbox.append(.value(waiting)) }
            state.waiting = nil
            state.generation += 1
            outbox.append(event)
          }
          return
        }
        let generation = coordinator.update { state, _ -> Int in
          state.waiting = value
          state.generation += 1
          return state.generation
        }
        timer.inner = scheduler.schedule(after: interval) {
          coordinator.update { state, outbox in
            guard state.generation == generation, let waiting = state.waiting else { return }
            state.waiting = nil
            outbox.append(.value(waiting))
          }
        }
      }
      return CompositeDisposable([timer, source].compactMap { $0 })
    })
  }
}

/// The state of one `debounce`: the value waiting for quiet, and which timer may send it.
@usableFromInline
struct DebounceState<Value> {
  /// The latest value, not sent yet.
  @usableFromInline var waiting: Value?
  /// Bumped by every event, so that a timer armed for an earlier value sends nothing.
  @usableFromInline var generation = 0

  @inlinable
  init() {}
}

extension SignalProducer {
  /// Sends a value of every start only once it has been quiet for `interval`; see ``Signal/debounce(_:on:)``.
  @inlinable
  public func debounce(_ interval: Duration, on scheduler: any TimeScheduler) -> SignalProducer {
    lift { $0.debounce(interval, on: scheduler) }
  }
}
