extension SignalProducer {
  /// Restarts this producer when it fails, up to `count` more times, each time after waiting `interval` on
  /// `scheduler`; the last failure is forwarded. Every event is delivered on `scheduler`.
  ///
  /// ```
  /// each start:                          -aX
  /// retry(upTo: 1, interval: 2 ticks):   -a---aX
  /// ```
  ///
  /// - Emits: the values of every attempt, failed ones included, each hopping to `scheduler` as it arrives
  ///   (no wait), in order.
  /// - Completes: when an attempt completes, on `scheduler`.
  /// - Fails: when attempt `count + 1` fails (with `count` ≤ 0, when the first attempt fails), with its error,
  ///   on `scheduler` without waiting: the wait is only ever before a restart.
  /// - Interruption and disposal: an interrupted attempt interrupts the result, on `scheduler`; disposing the
  ///   result interrupts the current attempt, or cancels the wait before the next one. Every attempt delivers
  ///   straight to the result, so thousands of attempts cost no stack depth.
  public func retry(
    upTo count: Int, interval: Duration, on scheduler: any TimeScheduler, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> SignalProducer {
    let attempts =
      count > 0
      ? SignalProducer.unchecked { observer, lifetime in
        let pause = Retrying<Value, Failure>.Pause(interval: interval, scheduler: scheduler)
        Retrying(self, count: count, pause: pause, observer: observer, lifetime: lifetime).run()
      } : self
    return madeAt(attempts.observe(on: scheduler), #function, fileID, line)
  }
}
