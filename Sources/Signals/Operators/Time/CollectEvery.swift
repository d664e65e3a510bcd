extension Signal {
  /// Gathers the values of each `interval` into an array, delivering every event on `scheduler`.
  /// ```
  /// input:                   -ab----c-|
  /// collect(every: 3 ticks): ---x-----(y|)    (x = [a, b], y = [c])
  /// ```
  /// - Emits: at the end of each interval (counted on `scheduler` from observation; for a producer, each
  ///   start), the values that arrived during it, if any.
  /// - Completes: on `scheduler`, without waiting, after the values gathered so far. **Fails:** on
  ///   `scheduler`, without waiting, dropping the values gathered.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending cancels the timer and
  ///   detaches from the source.
  public func collect(
    every interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<[Value], Failure> {
    madeAt(timed(CollectEveryMachine(interval: interval, start: scheduler.now), on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Gathers the values of each `interval` of every start into an array, delivering every event on
  /// `scheduler`; see ``Signal/collect(every:on:fileID:line:)``.
  public func collect(
    every interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<[Value], Failure> {
    lifting(#function, fileID, line) { $0.collect(every: interval, on: scheduler) }
  }
}
