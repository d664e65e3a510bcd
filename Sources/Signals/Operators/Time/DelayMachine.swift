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
  /// A failure or interruption taken and not sent yet.
  @usableFromInline var end: ArrivedEnd<Value, Failure>?
  @usableFromInline var isFinished = false

  @inlinable
  init(interval: Duration) {
    self.interval = interval
  }

  @inlinable
  mutating func receive(_ event: Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard !isFinished, end == nil else { return nil }
    switch event {
    case .value, .completed:
      let due = now.advanced(by: interval)
      waiting.append(event, due: due)
      return due
    case .failed, .interrupted:
      end = ArrivedEnd(event, at: now)
      return now
    }
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Event>) {
    guard !isFinished else { return }
    guard let end else {
      isFinished = waiting.releaseFirst(dueBy: now, into: &outbox)
      return
    }
    if waiting.release(dueBy: end.arrived, into: &outbox) {
      isFinished = true
      return
    }
    outbox.append(end.event)
    isFinished = true
    waiting.removeAll()
  }
}
