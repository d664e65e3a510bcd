import Dispatch

/// A scheduler that runs actions on a Dispatch queue, asynchronously, with real time on `ContinuousClock`.
///
/// Its own queue is serial, so actions run one at a time in the order they were scheduled (for actions with a
/// time, in the order of their due times). A scheduler targeting a concurrent queue keeps neither promise.
public final class QueueScheduler: TimeScheduler {
  /// The queue actions run on.
  public let queue: DispatchQueue

  /// A scheduler on a new serial queue.
  ///
  /// - Parameters:
  ///   - name: the queue's label, shown by debuggers.
  ///   - qos: the quality of service of the queue's work.
  public init(name: String = "Signals.QueueScheduler", qos: DispatchQoS = .default) {
    queue = DispatchQueue(label: name, qos: qos)
  }

  /// A scheduler on `queue`; ordering is guaranteed only if `queue` is serial.
  public init(targeting queue: DispatchQueue) {
    self.queue = queue
  }

  /// The time on `ContinuousClock`, measured from a fixed origin shared by every real-time scheduler.
  public var now: SchedulerInstant { SchedulerClock.now }

  /// Runs `action` on the queue, asynchronously.
  ///
  /// - Returns: a disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    let token = AnyDisposable()
    let work = ScheduledAction(action)
    queue.async {
      guard !token.isDisposed else { return }
      work.run()
    }
    return token
  }

  /// Runs `action` on the queue at `instant` (soon if it has passed).
  ///
  /// - Returns: a disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)? {
    let token = AnyDisposable()
    let work = ScheduledAction(action)
    queue.asyncAfter(deadline: SchedulerClock.deadline(for: instant)) {
      guard !token.isDisposed else { return }
      work.run()
    }
    return token
  }
}

/// An action handed to Dispatch. Schedulers run it on their own context, once, which is why `schedule` takes a
/// closure that is not `@Sendable`: it is never run twice at once. What it captures may meanwhile be used by
/// the thread that scheduled it; guarding that is the caller's part (`Docs/Contracts.md`, section 14).
struct ScheduledAction: @unchecked Sendable {
  let run: () -> Void

  init(_ run: @escaping () -> Void) {
    self.run = run
  }
}

/// The real-time clock of `QueueScheduler` and `MainScheduler`: `ContinuousClock` from a fixed origin.
enum SchedulerClock {
  private static let origin = ContinuousClock.now

  static var now: SchedulerInstant {
    SchedulerInstant(sinceOrigin: origin.duration(to: .now))
  }

  /// The Dispatch deadline of `instant`.
  static func deadline(for instant: SchedulerInstant) -> DispatchTime {
    let delay = now.duration(to: instant)
    guard delay > .zero else { return .now() }
    let (seconds, attoseconds) = delay.components
    let limit = Int64(Int.max / 1_000_000_000) - 1
    let nanoseconds = min(seconds, limit) * 1_000_000_000 + attoseconds / 1_000_000_000
    return .now() + .nanoseconds(Int(nanoseconds))
  }
}
