/// Events a time operator has decided to send, each with the instant it is due, in the order they were
/// decided: `delay`'s values and completion, `throttle`'s leading values.
@usableFromInline
struct DueEvents<Value, Failure: Error> {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event

  @usableFromInline var entries = PendingQueue<(due: SchedulerInstant, event: Event)>()

  @inlinable
  init() {}

  /// Queues `event`, due at `due`.
  @inlinable
  mutating func append(_ event: Event, due: SchedulerInstant) {
    entries.append((due, event))
  }

  /// Moves the first event into `outbox` if it is due by `instant`: what the wake asked for by that event
  /// does, so that each event goes out in its own action of the scheduler, as if it had been scheduled alone.
  /// Returns whether the event moved was terminal (nothing follows it).
  @inlinable
  mutating func releaseFirst(dueBy instant: SchedulerInstant, into outbox: inout PendingQueue<Event>) -> Bool {
    guard let first = entries.first, first.due <= instant else { return false }
    _ = entries.popFirst()
    outbox.append(first.event)
    return first.event.isTerminating
  }

  /// Moves every event due by `instant` into `outbox`, in the order they were queued, stopping at the first
  /// one due later: what the wake of an end does before sending it. Returns whether a terminal event was
  /// moved (nothing follows it).
  @inlinable
  mutating func release(dueBy instant: SchedulerInstant, into outbox: inout PendingQueue<Event>) -> Bool {
    while let first = entries.first, first.due <= instant {
      _ = entries.popFirst()
      outbox.append(first.event)
      if first.event.isTerminating { return true }
    }
    return false
  }

  /// Drops every event still queued.
  @inlinable
  mutating func removeAll() {
    _ = entries.removeAll()
  }
}
