extension SignalProducer {
  /// Restarts this producer when it fails, up to `count` more times, each time after waiting `interval` on
  /// `scheduler`; the last failure is forwarded. Every event is delivered on `scheduler`.
  /// ```
  /// each start:                          -aX
  /// retry(upTo: 1, interval: 2 ticks):   -a---aX
  /// ```
  /// - Emits: the values of every attempt, each hopping to `scheduler` as it arrives.
  /// - Completes: when an attempt completes. **Fails:** when attempt `count + 1` fails, without waiting: the
  ///   wait is only before a restart.
  /// - Interruption and disposal: an interrupted attempt interrupts the result; disposing the result
  ///   interrupts the current attempt or cancels the wait. Attempts deliver straight to the result, in a loop.
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
