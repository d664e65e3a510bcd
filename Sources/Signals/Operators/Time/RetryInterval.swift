extension SignalProducer {
  /// Restarts this producer when it fails, up to `count` more times, each time after waiting `interval` on
  /// `scheduler`; the last failure is forwarded.
  ///
  /// ```
  /// each start:                          -aX
  /// retry(upTo: 1, interval: 2 ticks):   -a---aX
  /// ```
  ///
  /// - Emits: the values of every attempt, failed ones included.
  /// - Completes: when an attempt completes.
  /// - Fails: when attempt `count + 1` fails (at once if `count` ≤ 0), with its error.
  /// - Interruption and disposal: an interrupted attempt interrupts the result; disposing the result
  ///   interrupts the current attempt, or cancels the wait before the next one. Every attempt delivers
  ///   straight to the result, so thousands of attempts cost no stack depth.
  public func retry(upTo count: Int, interval: Duration, on scheduler: any TimeScheduler) -> SignalProducer {
    guard count > 0 else { return self }
    return SignalProducer { observer, lifetime in
      let pause = Retrying<Value, Failure>.Pause(interval: interval, scheduler: scheduler)
      Retrying(self, count: count, pause: pause, observer: observer, lifetime: lifetime).run()
    }
  }
}
