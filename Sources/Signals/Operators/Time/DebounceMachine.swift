/// The state of one `debounce`: the latest value waiting for quiet, and an end waiting for its hop.
///
/// - Quiet: nothing waits.
/// - Waiting: the latest value, due `interval` after it arrived; each value replaces it and restarts the
///   wait (the wake asked for replaces the one before).
/// - Ending: the source ended at `arrived`; the next wake sends the waiting value if it was due by then, or,
///   on completion, at once anyway; then the end. On failure or interruption a value not yet due is dropped.
/// - Finished: after the end went out, nothing more.
@usableFromInline
struct DebounceMachine<Value, Failure: Error>: TimedMachine {
  @usableFromInline typealias Event = Signal<Value, Failure>.Event

  @usableFromInline static var wakesReplaceEachOther: Bool { true }

  @usableFromInline let interval: Duration
  /// The latest value, not sent yet, and the instant it is due.
  @usableFromInline var waiting: (value: Value, due: SchedulerInstant)?
  @usableFromInline var ending = SourceEnding<Value, Failure>()

  @inlinable
  init(interval: Duration) {
    self.interval = interval
  }

  @inlinable
  mutating func receive(_ event: Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard ending.isRunning else { return nil }
    guard case .value(let value) = event else { return ending.take(event, at: now) }
    let due = now.advanced(by: interval)
    waiting = (value, due)
    return due
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Event>) {
    guard !ending.isFinished else { return }
    if let waiting, waiting.due <= ending.limit(at: now) || ending.isCompletion {
      outbox.append(.value(waiting.value))
      self.waiting = nil
    }
    if ending.send(into: &outbox) { waiting = nil }
  }
}
