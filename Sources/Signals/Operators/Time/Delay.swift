extension Signal {
  /// Shifts values and completion later by `interval`, on `scheduler`.
  ///
  /// ```
  /// input:           -a-b|
  /// delay(2 ticks):  ---a-b|
  /// ```
  ///
  /// - Emits: each value `interval` after it arrived, on `scheduler`, in order.
  /// - Completes: `interval` after the source completed, after every value.
  /// - Fails: at once when the source fails; values still waiting are dropped (an error is news that should
  ///   not wait; RxSwift and ReactiveSwift forward it at once too, while OpenCombine 0.14 delays it like a
  ///   value, after the values before it, checked by `peer-claims` in Benchmarks/).
  /// - Interruption and disposal: an interrupted source interrupts the result at once, dropping waiting
  ///   values. When the result ends it detaches from the source and cancels every scheduled delivery.
  public func delay(_ interval: Duration, on scheduler: any TimeScheduler) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      let pending = CompositeDisposable()
      let source = upstream.observe { event in
        switch event {
        case .value, .completed:
          pending.schedule(on: scheduler, at: scheduler.now.advanced(by: interval)) { downstream.send(event) }
        case .failed, .interrupted:
          pending.dispose()
          downstream.send(event)
        }
      }
      return CompositeDisposable([pending, source].compactMap { $0 })
    })
  }
}

extension SignalProducer {
  /// Shifts values and completion of every start later by `interval`; see ``Signal/delay(_:on:)``.
  public func delay(_ interval: Duration, on scheduler: any TimeScheduler) -> SignalProducer {
    lift { $0.delay(interval, on: scheduler) }
  }
}
