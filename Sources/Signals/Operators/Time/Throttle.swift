extension Signal {
  /// Sends at most one value per `interval`: the first at once, then the latest of each busy interval at
  /// its end; every event is delivered on `scheduler`.
  ///
  /// ```
  /// input:              -abc----d-e|
  /// throttle(3 ticks):  -a--c---d--(e|)
  /// ```
  ///
  /// Leading and trailing: a value that arrives when nothing was sent for `interval` goes out at once (it
  /// hops to `scheduler`, without waiting); values that arrive sooner wait, and only the latest of them is
  /// sent, `interval` after the previous send. While the source runs, no two values are closer than
  /// `interval`; at completion a waiting value is sent at once, however soon. (RxSwift's
  /// `throttle(latest: true)` matches while the source runs but holds the completion until the waiting
  /// value's slot; ReactiveSwift's `throttle` drops the waiting value when the source ends; RAC's `throttle:`
  /// is a debounce.)
  ///
  /// - Emits: as described, from actions of `scheduler`.
  /// - Completes: on `scheduler`, without waiting; a waiting value is sent first.
  /// - Fails: on `scheduler`, without waiting; a value that was waiting for a later slot is dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result in the same way. Ending cancels
  ///   the timer and detaches from the source.
  public func throttle(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    madeAt(timed(ThrottleMachine(interval: interval), on: scheduler), #function, fileID, line)
  }

  /// Sends at most one value per `interval`, and with `latest: false` only leading values: RxSwift's
  /// `throttle(_:latest:scheduler:)`. Every event is delivered on `scheduler`.
  ///
  /// ```
  /// input:                            -abc----d-e|
  /// throttle(3 ticks, latest: false): -a------d--|
  /// ```
  ///
  /// A value that arrives when nothing was sent for `interval` goes out at once (it hops to `scheduler`); a
  /// value that arrives sooner is dropped, and the next slot opens `interval` after the last value sent.
  /// With `latest: true` this is ``throttle(_:on:fileID:line:)``.
  ///
  /// - Emits: as described, from actions of `scheduler`.
  /// - Completes: on `scheduler`, without waiting (nothing ever waits with `latest: false`).
  /// - Fails: on `scheduler`, without waiting.
  /// - Interruption and disposal: as ``throttle(_:on:fileID:line:)``.
  public func throttle(
    _ interval: Duration, latest: Bool, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Signal {
    madeAt(timed(ThrottleMachine(interval: interval, latest: latest), on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Sends at most one value of every start per `interval`, delivering every event on `scheduler`; see
  /// ``Signal/throttle(_:on:fileID:line:)``.
  public func throttle(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.throttle(interval, on: scheduler) }
  }

  /// Sends at most one value of every start per `interval`, dropping the ones that come too soon with
  /// `latest: false`; see ``Signal/throttle(_:latest:on:fileID:line:)``.
  public func throttle(
    _ interval: Duration, latest: Bool, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.throttle(interval, latest: latest, on: scheduler) }
  }
}
