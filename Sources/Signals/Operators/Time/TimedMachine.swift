/// The state machine of an operator that takes a `TimeScheduler`: it decides what to send and when, and the
/// operator (``Signal/timed(_:on:)``) runs it so that **everything it sends is sent from an action of the
/// scheduler**.
///
/// The machine takes each event with the instant it arrived (``receive(_:at:)``) and answers the instant the
/// operator must wake it, if any; it never sends from there. A wake moves what is due into the outbox
/// (``wake(at:into:)``). Both run under the operator's lock and call nothing, so a machine is tested without
/// threads or schedulers. The rule every machine keeps (`Docs/Contracts.md` §12): a failure or an interruption
/// hops to the scheduler without waiting, after what was due by its arrival; what waited longer is dropped.
@usableFromInline
protocol TimedMachine<Input, Output, Failure> {
  associatedtype Input
  associatedtype Output
  associatedtype Failure: Error

  /// Whether a wake asked for replaces the one asked for before, which is then cancelled (`debounce`'s
  /// timer, restarted by every value); otherwise every wake asked for runs.
  static var wakesReplaceEachOther: Bool { get }

  /// A wake to schedule as the operator is observed, before any event (`timeout`'s deadline), if any.
  var firstWake: SchedulerInstant? { get }

  /// Takes `event`, which arrived at `now`; returns the instant at which the operator must call
  /// ``wake(at:into:)``, or `nil` if no new wake is needed.
  mutating func receive(_ event: Signal<Input, Failure>.Event, at now: SchedulerInstant) -> SchedulerInstant?

  /// Appends to `outbox`, in order, what is due at `now`: the instant this wake was asked for, when it runs on
  /// the scheduler.
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Signal<Output, Failure>.Event>)
}

extension TimedMachine {
  @inlinable
  var firstWake: SchedulerInstant? { nil }
}

/// How far the source of a time operator has ended: running, ended and waiting for its hop (``pending``), or
/// finished once the end went out. The part of every machine that keeps the rule of ``TimedMachine``.
@usableFromInline
struct SourceEnding<Value, Failure: Error> {
  /// A failure, interruption or completion of the source, taken and not sent yet, and the instant it arrived:
  /// it goes out at the next wake, after what was due by then.
  @usableFromInline var pending: (event: Signal<Value, Failure>.Event, arrived: SchedulerInstant)?
  /// Whether the end went out: nothing more is taken or sent.
  @usableFromInline var isFinished = false

  @inlinable
  init() {}

  /// Whether the machine still takes events from its source.
  @inlinable
  var isRunning: Bool { !isFinished && pending == nil }

  /// Takes the source's terminal `event`, which arrived at `now`; returns `now`, the instant of its hop.
  @inlinable
  mutating func take(_ event: Signal<Value, Failure>.Event, at now: SchedulerInstant) -> SchedulerInstant {
    pending = (event, now)
    return now
  }

  /// The latest instant whose due events a wake at `now` sends: the end's arrival, once it has arrived.
  @inlinable
  func limit(at now: SchedulerInstant) -> SchedulerInstant {
    pending?.arrived ?? now
  }

  /// Whether the pending end is a completion (rather than a failure or an interruption).
  @inlinable
  var isCompletion: Bool {
    if case .completed = pending?.event { return true }
    return false
  }

  /// Appends the pending end to `outbox`, as an event of a stream of `Output`s, and finishes; does nothing and
  /// returns `false` if no end is pending.
  @inlinable
  mutating func send<Output>(into outbox: inout PendingQueue<Signal<Output, Failure>.Event>) -> Bool {
    guard let pending else { return false }
    switch pending.event {
    case .value: preconditionFailure("Internal inconsistency: a value is not an end")
    case .failed(let error): outbox.append(.failed(error))
    case .completed: outbox.append(.completed)
    case .interrupted: outbox.append(.interrupted)
    }
    self.pending = nil
    isFinished = true
    return true
  }
}

extension Signal {
  /// The result of a time operator: `machine` decides from this signal's events, stamped with `scheduler.now`;
  /// each wake it asks for is scheduled then, and its decisions go out through a ``Coordinator``'s ordered
  /// outbox, outside the lock. Ending cancels the wakes and detaches from this signal.
  @inlinable
  func timed<Machine: TimedMachine>(
    _ machine: Machine,
    on scheduler: any TimeScheduler
  ) -> Signal<Machine.Output, Failure> where Machine.Input == Value, Machine.Failure == Failure {
    let upstream = core
    return Signal<Machine.Output, Failure>(deriving: { downstream in
      let coordinator = Coordinator(machine, downstream: downstream)
      let wakes = CompositeDisposable()
      let latestWake = SerialDisposable()
      func scheduleWake(at instant: SchedulerInstant) {
        // The wake is told the instant it was asked for, not the clock: a real clock may read a hair before
        // it, or well after it on a busy queue, and what is due is decided by the instants alone.
        let wake = { coordinator.update { machine, outbox in machine.wake(at: instant, into: &outbox) } }
        if Machine.wakesReplaceEachOther {
          latestWake.inner = scheduler.schedule(at: instant, wake)
        } else {
          wakes.schedule(on: scheduler, at: instant, wake)
        }
      }
      if let first = machine.firstWake { scheduleWake(at: first) }
      let source = upstream.observe { event in
        let now = scheduler.now
        guard let instant = coordinator.update({ machine, _ in machine.receive(event, at: now) }) else { return }
        scheduleWake(at: instant)
      }
      return CompositeDisposable([wakes, latestWake, source].compactMap { $0 })
    })
  }
}
