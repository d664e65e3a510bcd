import Signals

/// A scheduler on virtual time, for tests: nothing runs until the test advances the clock.
///
/// Time starts at ``/Signals/SchedulerInstant/zero`` and moves only by ``advance(by:)-(Duration)``,
/// ``advance(to:)-(SchedulerInstant)`` and ``run()``. Actions run on the advancing thread, by due time, then in
/// the order scheduled; one due within the span being advanced runs in the same call. No lock is held while
/// an action runs, so it may schedule, cancel and advance. `schedule(_:)` runs at the next advance, even
/// `advance(by: .zero)`. `tick` is the length of a marble character (`Docs/Testing.md`).
public final class TestScheduler: TimeScheduler, @unchecked Sendable {
  private struct Entry {
    let due: SchedulerInstant
    let sequence: Int
    let action: () -> Void
  }

  private struct State {
    var now = SchedulerInstant.zero
    var nextSequence = 0
    var entries: [Entry] = []
    /// Inputs of hot test signals, kept for as long as the scheduler lives.
    var retained: [AnyObject] = []

    /// Removes and returns the first entry due at or before `limit`, by (due time, sequence).
    mutating func popFirst(dueBy limit: SchedulerInstant?) -> Entry? {
      guard
        let index = entries.indices.min(by: {
          (entries[$0].due, entries[$0].sequence) < (entries[$1].due, entries[$1].sequence)
        })
      else { return nil }
      if let limit, entries[index].due > limit { return nil }
      return entries.remove(at: index)
    }
  }

  private let state = Locked(State())

  /// The virtual length of one marble character.
  public let tick: Duration

  /// The calendar date of ``/Signals/SchedulerInstant/zero``, in seconds since 1 January 2001 (Foundation's
  /// reference date): what `TestScheduler(startDate:)` was given, 0 otherwise.
  let startInterval: Double

  /// A test scheduler whose marble character lasts `tick`.
  public init(tick: Duration = .seconds(1)) {
    self.tick = tick
    self.startInterval = 0
  }

  /// A test scheduler whose origin is the date `startInterval` seconds after Foundation's reference date.
  init(tick: Duration, startInterval: Double) {
    self.tick = tick
    self.startInterval = startInterval
  }

  /// The current virtual time.
  public var now: SchedulerInstant { state.withLock { $0.now } }

  /// How many actions are scheduled and not yet run or cancelled.
  public var scheduledCount: Int { state.withLock { $0.entries.count } }

  /// The instant of marble tick `index`: `index × tick` after the origin.
  public func instant(ofTick index: Int) -> SchedulerInstant {
    .zero.advanced(by: tick * index)
  }

  /// Schedules `action` at the current instant; it runs at the next advance.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    schedule(at: now, action)
  }

  /// Schedules `action` at `instant` (at the current instant if `instant` has passed).
  ///
  /// - Returns: a disposable that removes `action` if it has not run yet.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)? {
    let sequence = state.withLock { state -> Int in
      defer { state.nextSequence += 1 }
      state.entries.append(Entry(due: max(instant, state.now), sequence: state.nextSequence, action: action))
      return state.nextSequence
    }
    return AnyDisposable { [weak self] in
      let removed = self?.state.withLock { state -> Entry? in
        guard let index = state.entries.firstIndex(where: { $0.sequence == sequence }) else { return nil }
        return state.entries.remove(at: index)
      }
      _ = removed  // released here, outside the lock
    }
  }

  /// Moves the clock forward by `duration`, running every action due until then, in order.
  public func advance(by duration: Duration = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock forward by `seconds`: ReactiveSwift's `advance(by: TimeInterval)`, so a ported spec keeps
  /// its numbers; `advance(by: .seconds(seconds))`.
  public func advance(by seconds: Double) {
    advance(by: Duration.seconds(seconds))
  }

  /// Moves the clock forward by `count` marble ticks.
  public func advance(ticks count: Int) {
    advance(by: tick * count)
  }

  /// Moves the clock to `instant`, running every action due until then, in order; the clock reads each
  /// action's due time while it runs. An instant in the past runs what is due now and leaves the clock.
  public func advance(to instant: SchedulerInstant) {
    PropertyChange.endCall()  // each step of a spec is a call of its own (Docs/Debugging.md, "One call")
    while let entry = state.withLock({ state -> Entry? in
      guard let entry = state.popFirst(dueBy: instant) else {
        state.now = max(state.now, instant)
        return nil
      }
      state.now = max(state.now, entry.due)
      return entry
    }) {
      entry.action()
      PropertyChange.endCall()
    }
  }

  /// Runs every scheduled action, and what they schedule, until nothing is left; the clock ends at the last
  /// action's time. A repeating timer never leaves nothing: advance such tests by a span instead.
  public func run() {
    PropertyChange.endCall()
    while let entry = state.withLock({ state -> Entry? in
      guard let entry = state.popFirst(dueBy: nil) else { return nil }
      state.now = max(state.now, entry.due)
      return entry
    }) {
      entry.action()
      PropertyChange.endCall()
    }
  }

  /// Keeps `object` alive as long as this scheduler: for the inputs of hot test signals.
  func retain(_ object: AnyObject) {
    state.withLock { $0.retained.append(object) }
  }
}
