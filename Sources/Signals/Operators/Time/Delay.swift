extension Signal {
  /// Shifts values and completion later by `interval`, delivering every event on `scheduler`.
  /// ```
  /// input:           -a-b|
  /// delay(2 ticks):  ---a-b|
  ///
  /// input:           -a-bX
  /// delay(2 ticks):  ---aX       (b, due at tick 5, is dropped)
  /// ```
  /// - Emits: each value `interval` after it arrived, from an action of `scheduler`, in order.
  /// - Completes: `interval` after the source completed, after every value.
  /// - Fails: **at once**, on `scheduler`: values whose instant had come are sent first, those still waiting
  ///   are dropped, so the failure does not wait behind them (`Docs/Contracts.md` §12).
  /// - Interruption and disposal: an interrupted source interrupts the result at once, on `scheduler`. Ending
  ///   detaches from the source and cancels every scheduled delivery.
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
