extension Signal {
  /// Gathers the values of each `interval` into an array.
  ///
  /// ```
  /// input:                   -ab----c-|
  /// collect(every: 3 ticks): ---x-----(y|)    (x = [a, b], y = [c])
  /// ```
  ///
  /// The intervals are counted on `scheduler` from the moment of observation (for a producer, each start).
  ///
  /// - Emits: at the end of each interval, the values that arrived during it, if there were any; an interval
  ///   without values sends nothing.
  /// - Completes: when the source completes, after sending the values gathered so far, if any.
  /// - Fails: at once when the source fails; gathered values are dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending cancels the timer and
  ///   detaches from the source.
  public func collect(every interval: Duration, on scheduler: any TimeScheduler) -> Signal<[Value], Failure> {
    let upstream = core
    return Signal<[Value], Failure>(deriving: { downstream in
      let coordinator = Coordinator([Value](), downstream: downstream)
      let disposables = CompositeDisposable()
      disposables += scheduler.schedule(at: scheduler.now.advanced(by: interval), repeatingEvery: interval) {
        coordinator.update { gathered, outbox in
          guard !gathered.isEmpty else { return }
          outbox.append(.value(gathered))
          gathered = []
        }
      }
      disposables += upstream.observe { event in
        coordinator.update { gathered, outbox in
          switch event {
          case .value(let value):
            gathered.append(value)
          case .completed:
            if !gathered.isEmpty { outbox.append(.value(gathered)) }
            outbox.append(.completed)
          case .failed(let error):
            outbox.append(.failed(error))
          case .interrupted:
            outbox.append(.interrupted)
          }
        }
      }
      return disposables
    })
  }
}

extension SignalProducer {
  /// Gathers the values of each `interval` of every start into an array; see ``Signal/collect(every:on:)``.
  public func collect(every interval: Duration, on scheduler: any TimeScheduler) -> SignalProducer<[Value], Failure> {
    lift { $0.collect(every: interval, on: scheduler) }
  }
}
