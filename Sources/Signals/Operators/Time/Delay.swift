extension Signal {
  /// Shifts values and completion later by `interval`, delivering every event on `scheduler`.
  ///
  /// ```
  /// input:           -a-b|
  /// delay(2 ticks):  ---a-b|
  ///
  /// input:           -a-bX
  /// delay(2 ticks):  ---aX       (b, due at tick 5, is dropped)
  /// ```
  ///
  /// - Emits: each value `interval` after it arrived, from an action of `scheduler`, in order.
  /// - Completes: `interval` after the source completed, on `scheduler`, after every value.
  /// - Fails: **on `scheduler`, without waiting** for `interval`: the failure hops to the scheduler the moment
  ///   it arrives. Values whose instant had come by then (with a zero `interval`, a value sent just before the
  ///   failure) are sent first; values still waiting are dropped, because the failure is news that must not
  ///   wait behind them. ReactiveSwift does the same; RxSwift sends the failure at once on the failing thread;
  ///   OpenCombine 0.14 delays it like a value (`Docs/Contracts.md` §12).
  /// - Interruption and disposal: an interrupted source interrupts the result in the same way, on `scheduler`
  ///   without waiting. When the result ends it detaches from the source and cancels every scheduled delivery.
  public func delay(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    madeAt(timed(DelayMachine(interval: interval), on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Shifts values and completion of every start later by `interval`, delivering every event on `scheduler`;
  /// see ``Signal/delay(_:on:fileID:line:)``.
  public func delay(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.delay(interval, on: scheduler) }
  }
}
