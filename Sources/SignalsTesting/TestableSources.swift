import Signals

/// A hot test source made from events at explicit times (``TestScheduler/createHotSignal(_:)->TestableSignal<Value,Failure>``): RxTest's hot
/// `TestableObservable`. It sends its events at their ticks whoever observes, and logs who subscribed.
public final class TestableSignal<Value, Failure: Error>: @unchecked Sendable {
  /// The events it sends, at their ticks.
  public let recordedEvents: [Recorded<Value, Failure>]
  private let hot: Signal<Value, Failure>
  private let log: SubscriptionLog

  init(_ events: [Recorded<Value, Failure>], scheduler: TestScheduler) {
    recordedEvents = events
    log = SubscriptionLog(scheduler: scheduler)
    let (signal, input) = Signal<Value, Failure>.pipe()
    hot = signal
    scheduler.retain(input)
    for recorded in events {
      scheduler.scheduleAt(recorded.time) { input.send(recorded.event) }
    }
  }

  /// The hot signal. Each read is one subscription in ``subscriptions``, from the read until what was built on
  /// it lets go.
  public var signal: Signal<Value, Failure> {
    let log = self.log
    let id = log.subscribe()
    return hot.on(disposed: { log.unsubscribe(id) })
  }

  /// A producer whose every start observes the hot signal from then on; each start is one subscription in
  /// ``subscriptions``, until it ends. Disposing a start interrupts that start only.
  public var producer: SignalProducer<Value, Failure> {
    let (hot, log) = (self.hot, self.log)
    // Unchecked: a signal is safe to observe from any thread; its values are the producer's own.
    return SignalProducer.unchecked { observer, lifetime in
      let id = log.subscribe()
      lifetime.observeEnded { log.unsubscribe(id) }
      lifetime += hot.observe(observer)
    }
  }

  /// Every subscription so far, in the order they began.
  public var subscriptions: [Subscription] { log.subscriptions }
}

/// A cold test source made from events at explicit times (``TestScheduler/createColdProducer(_:)->TestableProducer<Value,Failure>``): RxTest's
/// cold `TestableObservable`. Each start sends the events at their ticks counted from that start, and is
/// logged.
public final class TestableProducer<Value, Failure: Error>: @unchecked Sendable {
  /// The events of each attempt, at their ticks from its start: the first start plays the first list, the
  /// next start the next, and so on (one list plays for every start).
  public let attempts: [[Recorded<Value, Failure>]]
  private let scheduler: TestScheduler
  private let log: SubscriptionLog
  private let starts = Locked(0)
  /// Where the source was made: a start beyond the last attempt fails the test there.
  private let site: CallSite

  init(_ attempts: [[Recorded<Value, Failure>]], scheduler: TestScheduler, site: CallSite) {
    self.attempts = attempts
    self.scheduler = scheduler
    self.site = site
    log = SubscriptionLog(scheduler: scheduler)
  }

  /// The events of the first attempt: RxTest's `recordedEvents`.
  public var recordedEvents: [Recorded<Value, Failure>] { attempts.first ?? [] }

  /// The producer. Each start is one subscription in ``subscriptions``; disposing it cancels what it had to
  /// send. A start beyond the last of several attempts fails the test and sends nothing.
  public var producer: SignalProducer<Value, Failure> {
    SignalProducer { observer, lifetime in
      let id = self.log.subscribe()
      lifetime.observeEnded { self.log.unsubscribe(id) }
      let attempt = self.starts.withLock { count -> Int in
        defer { count += 1 }
        return count
      }
      guard let events = self.events(ofAttempt: attempt) else {
        lifetime.observeEnded { _ = observer }
        return
      }
      let start = self.scheduler.now
      for recorded in events {
        let due = start.advanced(by: self.scheduler.tick * recorded.time)
        lifetime += self.scheduler.schedule(at: due) { observer.send(recorded.event) }
      }
      lifetime.observeEnded { _ = observer }
    }
  }

  /// Every subscription so far, in the order they began.
  public var subscriptions: [Subscription] { log.subscriptions }

  private func events(ofAttempt attempt: Int) -> [Recorded<Value, Failure>]? {
    if attempts.count == 1 { return attempts[0] }
    guard attempt < attempts.count else {
      reportFailure("Start \(attempt + 1) of a test producer that has \(attempts.count) attempts", at: site)
      return nil
    }
    return attempts[attempt]
  }
}

/// The subscriptions of a test source, stamped with the scheduler's tick.
final class SubscriptionLog: @unchecked Sendable {
  private let scheduler: TestScheduler
  private let entries = Locked<[Subscription]>([])

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Logs a subscription beginning now; returns its index.
  func subscribe() -> Int {
    let now = scheduler.clock
    return entries.withLock { entries in
      entries.append(Subscription(now))
      return entries.count - 1
    }
  }

  /// Ends subscription `index` now.
  func unsubscribe(_ index: Int) {
    let now = scheduler.clock
    entries.withLock { $0[index].unsubscribe = now }
  }

  var subscriptions: [Subscription] { entries.withLock { $0 } }
}

extension TestScheduler {
  /// A hot source that sends `events` at their ticks, counted from time zero, whoever observes it: RxTest's
  /// `createHotObservable`. Its ``TestableSignal/signal`` and ``TestableSignal/producer`` log their
  /// subscriptions. A source that cannot fail: see ``createHotSignal(_:)->TestableSignal<Value,Failure>``.
  public func createHotSignal<Value, Failure>(_ events: [Recorded<Value, Failure>]) -> TestableSignal<Value, Failure> {
    TestableSignal(events, scheduler: self)
  }

  /// A hot source that cannot fail; see ``createHotSignal(_:)->TestableSignal<Value,Failure>``. Chosen when the
  /// events hold no `.error`, so that `[.next(210, 1), .completed(300)]` needs no type.
  public func createHotSignal<Value>(_ events: [Recorded<Value, Never>]) -> TestableSignal<Value, Never> {
    TestableSignal(events, scheduler: self)
  }

  /// A cold source: each start sends `events` at their ticks counted from that start: RxTest's
  /// `createColdObservable`. Its ``TestableProducer/producer`` logs every start.
  public func createColdProducer<Value, Failure>(
    _ events: [Recorded<Value, Failure>]
  ) -> TestableProducer<Value, Failure> {
    createColdProducer(attempts: [events])
  }

  /// A cold source that cannot fail; see ``createColdProducer(_:)->TestableProducer<Value,Failure>``.
  public func createColdProducer<Value>(_ events: [Recorded<Value, Never>]) -> TestableProducer<Value, Never> {
    createColdProducer(attempts: [events])
  }

  /// A cold source whose n-th start plays the n-th list of `attempts`, for specs of retrying: the first
  /// attempt fails, the second succeeds. A start beyond the last attempt fails the test at this call's line.
  public func createColdProducer<Value, Failure>(
    attempts: [[Recorded<Value, Failure>]],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestableProducer<Value, Failure> {
    TestableProducer(
      attempts, scheduler: self, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The current time in whole ticks from time zero: RxTest's `clock`.
  public var clock: Int { Int((now.sinceOrigin / tick).rounded(.down)) }
}
