extension Signal {
  /// Fails with `error` if the source has not ended within `interval` of being observed; every event is
  /// delivered on `scheduler`.
  /// ```
  /// input:                       -a---b|
  /// timeout(after: 3 ticks):     -a-X
  /// ```
  /// - Emits: the source's values until it ends or times out, each hopping to `scheduler` as it arrives.
  /// - Completes: when the source completes in time. **Fails:** with the source's error, or with `error` when
  ///   `interval` passes first, measured on `scheduler` from observation (for a producer, each start); an event
  ///   that arrives by the deadline is sent first. Every event is sent on `scheduler`.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending cancels the timer and the
  ///   hops still scheduled, and detaches from the source.
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
  /// ``timeout(after:raising:on:fileID:line:)-(_,Failure,_,_,_)`` for a source that cannot fail: the result
  /// takes the error's type, and fails only when `interval` passes first.
  /// ```
  /// input (Failure == Never):   -a---b|
  /// timeout(after: 3 ticks):     -a-X       (X = the given error)
  /// ```
  public func timeout<NewFailure: Swift.Error>(
    after interval: Duration, raising error: NewFailure, on scheduler: any TimeScheduler,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, NewFailure> {
    madeAt(
      promoteError(NewFailure.self).timeout(after: interval, raising: error, on: scheduler), #function, fileID, line)
  }
}

extension SignalProducer where Failure == Never {
  /// Fails every start, which cannot fail by itself, with `error` unless it ends within `interval`; see
  /// ``Signal/timeout(after:raising:on:fileID:line:)-(_,NewFailure,_,_,_)``.
  public func timeout<NewFailure: Swift.Error>(
    after interval: Duration, raising error: NewFailure, on scheduler: any TimeScheduler,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, NewFailure> {
    lifting(#function, fileID, line) { $0.timeout(after: interval, raising: error, on: scheduler) }
  }
}

extension SignalProducer where Value == SchedulerInstant, Failure == Never {
  /// A producer that sends the scheduler's time every `interval`, forever.
  /// ```
  /// timer(interval: 2 ticks), started at tick 0:  --a-b-c-…   (a = tick 2, b = tick 4, …)
  /// ```
  /// - Emits: `scheduler.now` every `interval` after each start; a late run does not delay the next.
  /// - Completes, fails: never.
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
