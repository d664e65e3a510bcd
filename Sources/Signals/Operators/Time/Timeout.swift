extension Signal {
  /// Fails with `error` if the source has not ended within `interval` of being observed; every event is
  /// delivered on `scheduler`.
  ///
  /// ```
  /// input:                       -a---b|
  /// timeout(after: 3 ticks):     -a-X
  /// ```
  ///
  /// - Emits: the source's values until it ends or times out, each hopping to `scheduler` as it arrives
  ///   (no wait).
  /// - Completes: when the source completes in time, on `scheduler`. **Fails:** with the source's error, on
  ///   `scheduler` without waiting, or with `error` when `interval` passes first (measured on `scheduler` from
  ///   the moment of observation; for a producer, from each start). A source event that arrives by the
  ///   deadline, the very instant included, is sent before the timeout.
  /// - Interruption and disposal: an interrupted source interrupts the result, on `scheduler`. Ending, for
  ///   any reason, cancels the timer and the hops still scheduled, and detaches from the source.
  public func timeout(
    after interval: Duration, raising error: Failure, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Signal {
    madeAt(
      timed(TimeoutMachine(deadline: scheduler.now.advanced(by: interval), error: error), on: scheduler), #function,
      fileID, line)
  }
}

extension SignalProducer {
  /// Fails every start with `error` unless it ends within `interval`; see
  /// ``Signal/timeout(after:raising:on:fileID:line:)-(_,Failure,_,_,_)``.
  public func timeout(
    after interval: Duration, raising error: Failure, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  )
    -> SignalProducer
  {
    lifting(#function, fileID, line) { $0.timeout(after: interval, raising: error, on: scheduler) }
  }
}

extension Signal where Failure == Never {
  /// Fails with `error` if the source, which cannot fail, has not ended within `interval` of being observed:
  /// the result takes the error's type.
  ///
  /// ```
  /// input (Failure == Never):   -a---b|
  /// timeout(after: 3 ticks):     -a-X       (X = the given error)
  /// ```
  ///
  /// This is ``timeout(after:raising:on:fileID:line:)-(_,Failure,_,_,_)`` applied to ``promoteError(_:fileID:line:)``: the same rules,
  /// for a stream that has no failure of its own to time out with.
  ///
  /// - Emits: the source's values until it ends or times out.
  /// - Completes: when the source completes in time. **Fails:** with `error` when `interval` passes first
  ///   (measured on `scheduler` from the moment of observation; for a producer, from each start); never
  ///   otherwise.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending, for any reason,
  ///   cancels the timer and detaches from the source.
  public func timeout<NewFailure: Swift.Error>(
    after interval: Duration, raising error: NewFailure, on scheduler: any TimeScheduler,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, NewFailure> {
    madeAt(
      promoteError(NewFailure.self).timeout(after: interval, raising: error, on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer where Failure == Never {
  /// Fails every start, which cannot fail by itself, with `error` unless it ends within `interval`; the
  /// result takes the error's type. See ``Signal/timeout(after:raising:on:fileID:line:)-(_,NewFailure,_,_,_)``.
  public func timeout<NewFailure: Swift.Error>(
    after interval: Duration, raising error: NewFailure, on scheduler: any TimeScheduler,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, NewFailure> {
    lifting(#function, fileID, line) { $0.timeout(after: interval, raising: error, on: scheduler) }
  }
}

extension SignalProducer where Value == SchedulerInstant, Failure == Never {
  /// A producer that sends the scheduler's time every `interval`, forever.
  ///
  /// ```
  /// timer(interval: 2 ticks), started at tick 0:  --a-b-c-…   (a = tick 2, b = tick 4, …)
  /// ```
  ///
  /// - Emits: `scheduler.now` every `interval` after each start, the first one `interval` after the start.
  ///   Runs are due at whole multiples of `interval`, so a late run does not delay the next.
  /// - Completes: never. **Fails:** never.
  /// - Interruption and disposal: disposing a start interrupts it and cancels its timer.
  public static func timer(
    interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(
      SignalProducer { observer, lifetime in
        lifetime += scheduler.schedule(at: scheduler.now.advanced(by: interval), repeatingEvery: interval) {
          observer.send(value: scheduler.now)
        }
        lifetime.observeEnded { _ = observer }
      }, #function, fileID, line)
  }
}
