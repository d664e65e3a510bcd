/// The state of one `collect(every:)`: the values of the current interval, and an end waiting for its hop.
///
/// Intervals are counted from `start`, the moment of observation: the batch of a value arriving at `t` ends at
/// the first `start + k × interval` (k ≥ 1) at or after `t`. A wake is asked for only when a batch gets its
/// first value, so an idle stream keeps no timer.
///
/// - Gathering: values wait in the batch until its end, when a wake sends them as one array.
/// - Ending: the source ended at `arrived`; the next wake sends the batch if it ended by then, or, on
///   completion, at once anyway; then the end. On failure or interruption a batch not yet ended is dropped.
/// - Finished: after the end went out, nothing more.
@usableFromInline
struct CollectEveryMachine<Value, Failure: Error>: TimedMachine {
  @usableFromInline static var wakesReplaceEachOther: Bool { false }

  @usableFromInline let interval: Duration
  @usableFromInline let start: SchedulerInstant
  @usableFromInline var batch: [Value] = []
  /// When the current batch ends, once it has a value.
  @usableFromInline var batchEnd: SchedulerInstant?
  @usableFromInline var ending = SourceEnding<Value, Failure>()

  @inlinable
  init(interval: Duration, start: SchedulerInstant) {
    self.interval = max(interval, .nanoseconds(1))
    self.start = start
  }

  /// The end of the interval a value arriving at `now` belongs to.
  @inlinable
  func intervalEnd(containing now: SchedulerInstant) -> SchedulerInstant {
    let periods = max(1, Int((start.duration(to: now) / interval).rounded(.up)))
    let candidate = start.advanced(by: interval * periods)
    return candidate < now ? candidate.advanced(by: interval) : candidate
  }

  @inlinable
  mutating func receive(_ event: Signal<Value, Failure>.Event, at now: SchedulerInstant) -> SchedulerInstant? {
    guard ending.isRunning else { return nil }
    guard case .value(let value) = event else { return ending.take(event, at: now) }
    batch.append(value)
    guard batchEnd == nil else { return nil }
    let due = intervalEnd(containing: now)
    batchEnd = due
    return due
  }

  @inlinable
  mutating func wake(at now: SchedulerInstant, into outbox: inout PendingQueue<Signal<[Value], Failure>.Event>) {
    guard !ending.isFinished else { return }
    if let batchEnd, batchEnd <= ending.limit(at: now) || ending.isCompletion, !batch.isEmpty {
      outbox.append(.value(batch))
      batch = []
      self.batchEnd = nil
    }
    if ending.send(into: &outbox) { batch = [] }
  }
}
