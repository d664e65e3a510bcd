extension Signal {
  /// Gathers the values of each `interval` into an array, delivering every event on `scheduler`.
  ///
  /// ```
  /// input:                   -ab----c-|
  /// collect(every: 3 ticks): ---x-----(y|)    (x = [a, b], y = [c])
  /// ```
  ///
  /// The intervals are counted on `scheduler` from the moment of observation (for a producer, each start).
  ///
  /// - Emits: at the end of each interval, from an action of `scheduler`, the values that arrived during it,
  ///   if there were any; an interval without values sends nothing.
  /// - Completes: on `scheduler`, without waiting for the interval's end: the values gathered so far, if
  ///   any, then the completion.
  /// - Fails: on `scheduler`, without waiting; values of an interval that had not ended when the failure
  ///   arrived are dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result in the same way. Ending cancels
  ///   the timer and detaches from the source.
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
