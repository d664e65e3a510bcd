extension Signal {
  /// Delivers every event on `scheduler`.
  ///
  /// ```
  /// input:  -a-b-|     (sent on any thread)
  /// result: -a-b-|     (delivered by the scheduler, each event one action)
  /// ```
  ///
  /// - Emits: each value, in an action scheduled on `scheduler` when it arrives; a serial scheduler keeps
  ///   the order.
  /// - Completes: on `scheduler`, after the values before it. **Fails:** likewise, with the source's error.
  /// - Interruption and disposal: an interrupted source interrupts the result, on `scheduler`. When the
  ///   result ends or is abandoned it detaches from the source and cancels the deliveries still scheduled.
  public func observe(on scheduler: any Scheduler) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      let pending = CompositeDisposable()
      let source = upstream.observe { event in
        pending.schedule(on: scheduler) { downstream.send(event) }
      }
      return CompositeDisposable([pending, source].compactMap { $0 })
    })
  }
}

extension SignalProducer {
  /// Delivers every event of every start on `scheduler`; see ``Signal/observe(on:)``.
  public func observe(on scheduler: any Scheduler) -> SignalProducer {
    lift { $0.observe(on: scheduler) }
  }

  /// Starts the work on `scheduler`: each start runs this producer's start closure in an action scheduled
  /// on `scheduler`, and the events follow from wherever the work sends them.
  ///
  /// ```
  /// producer (each start):                  (a|)   sent synchronously by its start closure
  /// start(on: testScheduler), nothing run:  (nothing yet)
  /// after testScheduler.advance():          (a|)
  /// ```
  ///
  /// - Interruption and disposal: disposing a start before the scheduler ran it cancels the work, which never
  ///   starts; disposing later interrupts the work as usual.
  public func start(on scheduler: any Scheduler) -> SignalProducer {
    SignalProducer { observer, lifetime in
      lifetime += scheduler.schedule {
        guard !lifetime.hasEnded else { return }
        self.startWithSignal { signal, interrupter in
          lifetime += interrupter
          lifetime += signal.observe(observer)
        }
      }
      lifetime.observeEnded { _ = observer }
    }
  }
}
