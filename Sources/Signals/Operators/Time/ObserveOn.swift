extension Signal {
  /// Delivers every event on `scheduler`.
  /// ```
  /// input:  -a-b-|     (sent on any thread)
  /// result: -a-b-|     (delivered by the scheduler, each event one action)
  /// ```
  /// - Emits: each value in an action scheduled on `scheduler` as it arrives (in order on a serial scheduler).
  /// - Completes / Fails: on `scheduler`, after the values before it.
  /// - Interruption and disposal: an interrupted source interrupts the result, on `scheduler`. Ending detaches
  ///   from the source and cancels the deliveries still scheduled.
  public func observe(on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    let upstream = core
    return madeAt(
      Signal(deriving: { downstream in
        let pending = CompositeDisposable()
        let source = upstream.observe { event in
          pending.schedule(on: scheduler) { downstream.sendCompact(event) }
        }
        return CompositeDisposable([pending, source].compactMap { $0 })
      }), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Delivers every event of every start on `scheduler`; see ``Signal/observe(on:fileID:line:)``.
  public func observe(on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer
  {
    lifting(#function, fileID, line) { $0.observe(on: scheduler) }
  }

  /// Starts the work on `scheduler`: each start runs this producer's start closure in an action of
  /// `scheduler`; the events come from wherever the work sends them.
  /// ```
  /// producer (each start):                  (a|)   sent synchronously by its start closure
  /// start(on: testScheduler), nothing run:  (nothing yet)
  /// after testScheduler.advance():          (a|)
  /// ```
  /// - Interruption and disposal: disposing a start before the scheduler ran it cancels the work.
  public func start(on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    madeAt(
      SignalProducer.unchecked { observer, lifetime in
        lifetime += scheduler.schedule {
          guard !lifetime.hasEnded else { return }
          self.startWithSignal { signal, interrupter in
            lifetime += interrupter
            lifetime += signal.observe(observer)
          }
        }
        lifetime.observeEnded { _ = observer }
      }, #function, fileID, line)
  }
}

extension PropertyProtocol {
  /// A property that follows this one, but changes on `scheduler`: for outputs a view reads on the main thread,
  /// wherever the view model's state is set.
  /// ```
  /// source:                 a--b--c     (set on any thread)
  /// observe(on: scheduler): a--b--c     (its value changes in an action scheduled on `scheduler`)
  /// ```
  /// - Emits: this property's value now; each later change becomes its value, and reaches its observers, in an
  ///   action scheduled on `scheduler`, so a view reading it there never sees it change under it.
  /// - Completes: on `scheduler`, after the changes before it, when this property ends.
  /// - Disposal: it is fed by this one's `producer` while it, its streams or an observer live, and detaches,
  ///   cancelling what is scheduled, once all are gone. As a source of the graph, properties derived from it are
  ///   glitch-free among themselves, not with this property (`Docs/PropertyGraph.md`).
  public func observe(
    on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<Value> {
    let source = producer
    return Property(
      unsafeProducer: SignalProducer.unchecked { observer, lifetime in
        let scheduled = CompositeDisposable()
        lifetime += scheduled
        // The first event, the current value, is sent while `start` runs; the rest follow on the scheduler.
        // Deliveries are serial, so the flag needs no lock.
        var replayed = false
        lifetime += source.start { event in
          guard replayed else {
            replayed = true
            return observer.send(event)
          }
          scheduled.schedule(on: scheduler) { observer.send(event) }
        }
      }, fileID: fileID, line: line)
  }
}
