/// The state of one `timeout`: the source's events on their hop, and the deadline.
///
/// - Running: every event of the source is due the instant it arrived, and a wake sends it; the deadline's
///   wake was scheduled when the operator was observed (``firstWake``).
/// - Timed out: the wake at the deadline sends the events that arrived by then, then fails with `error`,
///   unless one of them ended the stream.
/// - Finished: after a terminal event went out, nothing more.
@usableFromInline
struct TimeoutMachine<Value, Failure: Error>: TimedMachine {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event

  @usableFromInline static var wakesReplaceEachOther: Bool { false }

  @usableFromInline let deadline: SchedulerInstant
  @usableFromInline let error: Failure
  /// The source's events, each due the instant it arrived.
  @usableFromInline var arrived = DueEvents<Value, Failure>()
  @usableFromInline var isFinished = false

  @inlinable
  init(deadline: SchedulerInstant, error: Failure) {
    self.deadline = deadline
    self.error = error
  }

  @inlinable
  var firstWake: SchedulerInstant? { deadline }

  @inlinable
  mutating func receive(_ event: Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard !isFinished else { return nil }
    arrived.append(event, due: now)
    return now
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Event>) {
    guard !isFinished else { return }
    guard now >= deadline else {
      isFinished = arrived.releaseFirst(dueBy: now, into: &outbox)
      return
    }
    if arrived.release(dueBy: deadline, into: &outbox) {
      isFinished = true
      return
    }
    outbox.append(.failed(error))
    isFinished = true
    arrived.removeAll()
  }
}
