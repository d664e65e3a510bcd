import Dispatch
import Synchronization

/// A scheduler for UI work: it runs actions on the main queue, synchronously when it can.
///
/// `schedule(_:)` runs the action at once when called on the main queue with none of its actions waiting there,
/// and otherwise enqueues it; so actions run on the main thread in order, and a value already there reaches the
/// UI without waiting a turn. Timed actions are always enqueued. "On the main queue" is a Dispatch
/// queue-specific value, which main-thread code Dispatch did not start (top-level code) does not see.
///
/// **Linux.** The main queue runs only when something drains it (`dispatchMain()`, a run loop, an `async`
/// main); a command-line tool that does none never runs enqueued actions.
public final class MainScheduler: TimeScheduler, @unchecked Sendable {
  /// The main scheduler.
  public static let shared = MainScheduler()

  private let key = DispatchSpecificKey<UInt8>()
  /// Timed actions are always enqueued, exactly as a queue scheduler on the main queue does.
  private let mainQueue = QueueScheduler(targeting: .main)
  /// Actions enqueued and not yet run; only when it is zero may an action run synchronously.
  private let enqueued = Atomic<Int>(0)

  private init() {
    DispatchQueue.main.setSpecific(key: key, value: 1)
  }

  /// Whether the caller runs on the main queue.
  public var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == 1 }

  /// The time on `ContinuousClock`, measured from the same origin as `QueueScheduler`'s.
  public var now: SchedulerInstant { SchedulerClock.now }

  /// Runs `action` now if called on the main queue with nothing of this scheduler waiting there, else enqueues
  /// it. Returns `nil` if `action` already ran, else a disposable that cancels it if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    let position = enqueued.add(1, ordering: .acquiringAndReleasing).newValue
    if position == 1 && isOnMainQueue {
      action()
      enqueued.subtract(1, ordering: .acquiringAndReleasing)
      return nil
    }
    let token = AnyDisposable()
    let work = ScheduledAction(action)
    DispatchQueue.main.async {
      defer { self.enqueued.subtract(1, ordering: .acquiringAndReleasing) }
      guard !token.isDisposed else { return }
      work.run()
    }
    return token
  }

  /// Runs `action` on the main queue at `instant` (soon if it has passed); returns a disposable that cancels it.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)? {
    mainQueue.schedule(at: instant, action)
  }
}
