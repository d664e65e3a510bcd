import Dispatch
import Synchronization

/// A scheduler for UI work: it runs actions on the main queue, synchronously when it can.
///
/// `schedule(_:)` runs the action at once when it is called on the main queue and no action of this scheduler
/// is still waiting there; otherwise it enqueues the action on the main queue. So actions always run on the
/// main thread, in the order they were scheduled, and a value that is already on the main thread reaches the
/// UI without waiting a turn of the run loop. Timed actions are always enqueued.
///
/// "On the main queue" is recognised with a Dispatch queue-specific value, as code run by the main queue
/// (or, on Apple platforms, by the main run loop) sees it. Code on the main thread that Dispatch did not start
/// — top-level code before the run loop runs — is not recognised, and its actions are enqueued.
///
/// **Linux.** The main queue only runs when something drains it: `dispatchMain()`, a run loop, or an
/// `async` main. A command-line tool that does none of these never runs enqueued actions. Tests use bounded
/// waits for the same reason.
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

  /// Runs `action` now if called on the main queue with nothing of this scheduler waiting there, else
  /// enqueues it on the main queue.
  ///
  /// - Returns: `nil` if `action` already ran, else a disposable that cancels it if it has not started yet.
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

  /// Runs `action` on the main queue at `instant` (soon if it has passed).
  ///
  /// - Returns: a disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)? {
    mainQueue.schedule(at: instant, action)
  }
}
