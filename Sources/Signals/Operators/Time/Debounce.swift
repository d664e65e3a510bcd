extension Signal {
  /// Sends a value only once the source has been quiet for `interval` after it, delivering every event on
  /// `scheduler`.
  ///
  /// ```
  /// input:              -ab---c--d|
  /// debounce(2 ticks):  ----b---c-(d|)
  /// ```
  ///
  /// Each value restarts the wait; the value sent is the latest one.
  ///
  /// - Emits: the latest value, `interval` after it arrived, if no other value arrived in between, from an
  ///   action of `scheduler`.
  /// - Completes: on `scheduler`, without waiting: **a value still waiting is sent first, then the
  ///   completion** (as RxSwift does; ReactiveSwift drops it by default, and so does OpenCombine 0.14, checked
  ///   by `peer-claims` in Benchmarks/): the last query typed before a field closes is not lost.
  /// - Fails: on `scheduler`, without waiting; a value whose quiet interval had not run out when the failure
  ///   arrived is dropped (every peer drops it).
  /// - Interruption and disposal: an interrupted source interrupts the result in the same way. Ending cancels
  ///   the timer and detaches from the source.
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
