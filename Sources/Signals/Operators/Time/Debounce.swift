extension Signal {
  /// Sends a value only once the source has been quiet for `interval` after it, delivering every event on
  /// `scheduler`.
  /// ```
  /// input:              -ab---c--d|
  /// debounce(2 ticks):  ----b---c-(d|)
  /// ```
  /// - Emits: the latest value, once `interval` passed after it with no other value, from an action of
  ///   `scheduler`.
  /// - Completes: on `scheduler`, without waiting, after **a value still waiting** (RxSwift's rule; how the
  ///   peers differ: `Docs/Operators/Debounce.md`). **Fails:** on `scheduler`, without waiting; a waiting value
  ///   is dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending cancels the timer and
  ///   detaches from the source.
  @inlinable
  public func debounce(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    madeAt(timed(DebounceMachine(interval: interval), on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Sends a value of every start only once it has been quiet for `interval`, delivering every event on
  /// `scheduler`; see ``Signal/debounce(_:on:fileID:line:)``.
  @inlinable
  public func debounce(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.debounce(interval, on: scheduler) }
  }
}
