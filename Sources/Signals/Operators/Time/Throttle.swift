extension Signal {
  /// Sends at most one value per `interval`: the first at once, then the latest of each busy interval at
  /// its end; every event is delivered on `scheduler`.
  /// ```
  /// input:              -abc----d-e|
  /// throttle(3 ticks):  -a--c---d--(e|)
  /// ```
  /// A value that arrives when nothing was sent for `interval` hops to `scheduler` at once; values that arrive
  /// sooner wait, and only the latest is sent, `interval` after the previous send. At completion a waiting
  /// value is sent at once. How the peers differ: `Docs/Operators/Throttle.md`.
  ///
  /// - Emits: as described, from actions of `scheduler`.
  /// - Completes: on `scheduler`, without waiting, after a waiting value. **Fails:** on `scheduler`, without
  ///   waiting; a waiting value is dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending cancels the timer and
  ///   detaches from the source.
  public func throttle(
    _ interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    madeAt(timed(ThrottleMachine(interval: interval), on: scheduler), #function, fileID, line)
  }

  /// Sends at most one value per `interval`, and with `latest: false` only leading values: RxSwift's
  /// `throttle(_:latest:scheduler:)`. Every event is delivered on `scheduler`.
  /// ```
  /// input:                            -abc----d-e|
  /// throttle(3 ticks, latest: false): -a------d--|
  /// ```
  /// A value that arrives when nothing was sent for `interval` hops to `scheduler` at once; one that arrives
  /// sooner is dropped. With `latest: true` this is ``throttle(_:on:fileID:line:)``.
  ///
  /// - Emits: as described, from actions of `scheduler`. **Completes / Fails:** on `scheduler`, without waiting.
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

  /// Sends at most one value of every start per `interval`; see ``Signal/throttle(_:latest:on:fileID:line:)``.
  public func throttle(
    _ interval: Duration, latest: Bool, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.throttle(interval, latest: latest, on: scheduler) }
  }
}
