/// The state of one `delay`: the values and the completion waiting for their instant, and a failure or
/// interruption waiting for its hop.
///
/// - A value or the completion is due `interval` after it arrived: the wake it asked for sends it.
/// - A failure or an interruption is due the instant it arrived: the next wake, whichever asked for it,
///   sends first the events due by then (a zero interval's value sent just before it, say), then it; the
///   events due later are dropped.
/// - Finished: after a terminal event went out, nothing more.
@usableFromInline
struct DelayMachine<Value, Failure: Error>: TimedMachine {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event

  @usableFromInline static var wakesReplaceEachOther: Bool { false }

  @usableFromInline let interval: Duration
  /// Values and the completion, each due `interval` after it arrived.
  @usableFromInline var waiting = DueEvents<Value, Failure>()
  @usableFromInline var ending = SourceEnding<Value, Failure>()

  @inlinable
  init(interval: Duration) {
    self.interval = interval
  }

  @inlinable
  mutating func receive(_ event: Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard ending.isRunning else { return nil }
    switch event {
    case .value, .completed:
      let due = now.advanced(by: interval)
      waiting.append(event, due: due)
      return due
    case .failed, .interrupted:
      return ending.take(event, at: now)
    }
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Event>) {
    guard !ending.isFinished else { return }
    guard ending.pending != nil else {
      ending.isFinished = waiting.releaseFirst(dueBy: now, into: &outbox)
      return
    }
    ending.isFinished = waiting.release(dueBy: ending.limit(at: now), into: &outbox)
    guard ending.isFinished || ending.send(into: &outbox) else { return }
    waiting.removeAll()
  }
}
