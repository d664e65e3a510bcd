/// The state of one `throttle`: leading values on their hop, the trailing value waiting for its slot, and an
/// end waiting for its hop.
///
/// - A value that arrives when nothing was sent for `interval` and nothing waits is *leading*: due at once,
///   queued for the next wake, never replaced.
/// - One that arrives sooner is *trailing*: it waits for the slot `interval` after the previous send, replaced
///   by a later one until then. With `latest == false` it is dropped instead.
/// - Ending: the next wake sends the leading values and a trailing value due by then (on completion, any
///   trailing value), then the end; a failure or an interruption drops a trailing value not yet due.
/// - Finished: nothing more.
@usableFromInline
struct ThrottleMachine<Value, Failure: Error>: TimedMachine {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event

  @usableFromInline static var wakesReplaceEachOther: Bool { false }

  @usableFromInline let interval: Duration
  /// Whether a value that arrives too soon waits for the next slot (`true`) or is dropped.
  @usableFromInline let latest: Bool
  /// Leading values, due the instant they arrived.
  @usableFromInline var leading = DueEvents<Value, Failure>()
  /// When the latest value was sent, or is due to be sent.
  @usableFromInline var lastSent: SchedulerInstant?
  /// The latest value that arrived too soon, and its slot.
  @usableFromInline var trailing: (value: Value, due: SchedulerInstant)?
  @usableFromInline var ending = SourceEnding<Value, Failure>()

  @inlinable
  init(interval: Duration, latest: Bool = true) {
    self.interval = interval
    self.latest = latest
  }

  @inlinable
  mutating func receive(_ event: Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard ending.isRunning else { return nil }
    guard case .value(let value) = event else { return ending.take(event, at: now) }
    if let trailing {
      self.trailing = (value, trailing.due)
      return nil
    }
    guard let lastSent, now < lastSent.advanced(by: interval) else {
      lastSent = now
      leading.append(event, due: now)
      return now
    }
    guard latest else { return nil }
    let slot = lastSent.advanced(by: interval)
    trailing = (value, slot)
    return slot
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Event>) {
    guard !ending.isFinished else { return }
    let limit = ending.limit(at: now)
    if ending.pending == nil {
      _ = leading.releaseFirst(dueBy: limit, into: &outbox)
    } else {
      _ = leading.release(dueBy: limit, into: &outbox)
    }
    if let trailing, trailing.due <= limit || ending.isCompletion {
      outbox.append(.value(trailing.value))
      lastSent = trailing.due
      self.trailing = nil
    }
    guard ending.send(into: &outbox) else { return }
    leading.removeAll()
    trailing = nil
  }
}
