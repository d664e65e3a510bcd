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
  public func observe(on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    let upstream = core
    return madeAt(
      Signal(deriving: { downstream in
        let pending = CompositeDisposable()
        let source = upstream.observe { event in
          pending.schedule(on: scheduler) { downstream.send(event) }
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
  /// A property that follows this one, but changes on `scheduler`: for outputs a view reads on the main thread
  /// (`viewModel.title.observe(on: MainScheduler.shared)`), however and wherever the view model's state is set.
  ///
  /// ```
  /// source:                 a--b--c     (set on any thread)
  /// observe(on: scheduler): a--b--c     (its value changes in an action scheduled on `scheduler`)
  /// ```
  ///
  /// - Emits: its value is this property's value when it is made; each later change of this property becomes
  ///   its value, and is delivered to its observers, in an action scheduled on `scheduler`, in order on a serial
  ///   scheduler. Until that action runs, its `value` is the previous one, so a view that reads it on the
  ///   scheduler never sees a value change under it. Read inside `withObservationTracking`, it calls `onChange`
  ///   on `scheduler` too.
  /// - Completes: on `scheduler`, after the changes before it, when this property ends.
  /// - Disposal: it is a property fed by this one's `producer`: it stays attached while it, its `signal`, its
  ///   `producer` or an observer is alive, and detaches (cancelling the actions still scheduled) once all are
  ///   gone. It is a source of the property graph, so properties derived from it are glitch-free among
  ///   themselves, not with this property (see `Docs/PropertyGraph.md`).
  ///
  /// - Parameters:
  ///   - scheduler: where its changes are delivered.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public func observe(
    on scheduler: any Scheduler, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Property<Value> {
    let source = producer
    return Property(
      unsafeProducer: SignalProducer.unchecked { observer, lifetime in
        let scheduled = CompositeDisposable()
        lifetime += scheduled
        // The first event is the replay of the current value, sent while `start` runs; the rest follow on the
        // scheduler. Deliveries are serial, so the flag needs no lock.
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
