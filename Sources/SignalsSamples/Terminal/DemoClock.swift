import Signals
import Synchronization

/// The terminal demo's clock: a scheduler whose time moves only when the demo says so.
///
/// The interactive demo advances it by the real time that passes between keys; a script advances it with
/// `wait <seconds>` lines, so a scripted run prints the same frames on every machine, however loaded. Actions
/// run on the thread that advances, in order of due time, and those due at the same instant in the order
/// they were scheduled; none is run while the lock is held.
///
/// It is the demo's stand-in for `MainScheduler`, not a test tool: specs use SignalsTesting's `TestScheduler`.
public final class DemoClock: TimeScheduler, @unchecked Sendable {
  private struct Entry {
    let due: SchedulerInstant
    let sequence: Int
    let action: () -> Void
  }

  // Guarded by `lock`.
  private let lock = Mutex<Void>(())
  private var current = SchedulerInstant.zero
  private var nextSequence = 0
  private var entries: [Entry] = []

  /// A clock at ``/Signals/SchedulerInstant/zero`` with nothing scheduled.
  public init() {}

  /// The clock's time: zero, plus everything it was advanced by.
  public var now: SchedulerInstant { locked { current } }

  /// How many actions are scheduled and have neither run nor been cancelled.
  public var scheduledCount: Int { locked { entries.count } }

  /// Schedules `action` at the current instant: it runs at the next advance.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    schedule(at: now, action)
  }

  /// Schedules `action` at `instant`, or at the current instant if `instant` has passed.
  ///
  /// - Returns: a disposable that removes `action` if it has not run yet.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)? {
    let sequence = locked {
      defer { nextSequence += 1 }
      entries.append(Entry(due: max(instant, current), sequence: nextSequence, action: action))
      return nextSequence
    }
    return AnyDisposable { [weak self] in
      self?.locked { self?.entries.removeAll { $0.sequence == sequence } }
    }
  }

  /// Moves the time on by `duration`, running every action due by then, in order; an action scheduled by
  /// one of them runs too if it falls due in that span.
  public func advance(by duration: Duration) {
    let limit = now.advanced(by: duration)
    while let entry = nextEntry(dueBy: limit) {
      entry.action()
    }
    locked { current = max(current, limit) }
  }

  /// Removes the first entry due by `limit`, by (due time, sequence), and moves the time to it.
  private func nextEntry(dueBy limit: SchedulerInstant) -> Entry? {
    locked {
      guard
        let index = entries.indices.min(by: {
          (entries[$0].due, entries[$0].sequence) < (entries[$1].due, entries[$1].sequence)
        }),
        entries[index].due <= limit
      else { return nil }
      current = max(current, entries[index].due)
      return entries.remove(at: index)
    }
  }

  /// Runs `body` holding the lock. The result leaves through a local: `Mutex.withLock` wants a `sending`
  /// result, which a value read from the guarded state cannot be proven to be.
  private func locked<Result>(_ body: () -> Result) -> Result {
    var result: Result?
    lock.withLock { _ in result = body() }
    return result!
  }
}
