import Signals

extension TestScheduler {
  /// Runs `action` at tick `time`, counted from time zero: RxTest's `scheduleAt`.
  public func scheduleAt(_ time: Int, action: @escaping () -> Void) {
    schedule(at: instant(ofTick: time), action)
  }

  /// Makes a producer at tick `created`, starts it at `subscribed`, disposes the start at `disposed`, and runs
  /// the scheduler until nothing is left: RxTest's `start(created:subscribed:disposed:create:)`.
  /// ```swift
  /// let xs = scheduler.createHotSignal([.next(150, 1), .next(210, 2), .completed(300)])
  /// let results = scheduler.start { xs.producer.map { $0 * 10 } }
  /// #expect(results.recorded == [.next(210, 20), .completed(300)])
  /// #expect(xs.subscriptions == [Subscription(200, 300)])
  /// ```
  /// A start still running at `disposed` is interrupted, and `interrupted` recorded (RxTest records nothing:
  /// `Docs/Testing.md`). The run goes on while a repeating timer is scheduled. Returns the start's recorder.
  public func start<Value, Failure>(
    created: Int = 100,
    subscribed: Int = 200,
    disposed: Int = 1000,
    _ create: @escaping () -> SignalProducer<Value, Failure>
  ) -> TestRecorder<Value, Failure> {
    let recorder = TestRecorder<Value, Failure>(scheduler: self)
    var source: SignalProducer<Value, Failure>?
    var start: (any Disposable)?
    scheduleAt(created) { source = create() }
    scheduleAt(subscribed) { start = source?.start { recorder.record($0) } }
    scheduleAt(disposed) { start?.dispose() }
    run()
    return recorder
  }

  /// Makes a signal at tick `subscribed` and observes it, stops observing at `disposed`, and runs the
  /// scheduler until nothing is left; see ``start(created:subscribed:disposed:_:)-(_,_,_,()->SignalProducer<Value,Failure>)``.
  ///
  /// The signal is made when it is observed (`created` only orders it among the actions); disposing the
  /// observation sends nothing, so nothing is recorded at `disposed`.
  public func start<Value, Failure>(
    created: Int = 100,
    subscribed: Int = 200,
    disposed: Int = 1000,
    _ create: @escaping () -> Signal<Value, Failure>
  ) -> TestRecorder<Value, Failure> {
    let recorder = TestRecorder<Value, Failure>(scheduler: self)
    var observation: (any Disposable)?
    scheduleAt(subscribed) { observation = create().observe { recorder.record($0) } }
    scheduleAt(disposed) { observation?.dispose() }
    run()
    return recorder
  }

  /// Takes a property at `created`, starts its producer at `subscribed` (recording its current value), disposes
  /// it at `disposed`, and runs the scheduler; see
  /// ``start(created:subscribed:disposed:_:)-(_,_,_,()->SignalProducer<Value,Failure>)``.
  public func start<Property: PropertyProtocol>(
    created: Int = 100,
    subscribed: Int = 200,
    disposed: Int = 1000,
    _ create: @escaping () -> Property
  ) -> TestRecorder<Property.Value, Never> {
    start(created: created, subscribed: subscribed, disposed: disposed) { create().producer }
  }
}

extension TestRecorder {
  /// What was recorded, as events at ticks from the scheduler's time zero: RxTest's `observer.events`, to
  /// compare with a list of ``Recorded`` (`[.next(210, 2), .completed(300)]`). Without a scheduler, every time
  /// is 0.
  public var recorded: [Recorded<Value, Failure>] {
    entries.map { Recorded(time: $0.tick, event: $0.event) }
  }
}
