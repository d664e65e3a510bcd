/// Something that runs actions: soon, in the order they were scheduled, on a context of its own.
///
/// Schedulers say *where* work runs (a queue, the main thread, virtual time in tests). Operators such as
/// ``Signal/observe(on:fileID:line:)`` take one instead of relying on the sender's thread. Every scheduler is safe to use
/// from any thread.
public protocol Scheduler: AnyObject, Sendable {
  /// Runs `action` soon: at once on some schedulers, later on others.
  ///
  /// `action` runs once, so it is not `@Sendable`; it may run on another thread than the caller's, so what it
  /// captures must not be used meanwhile by the caller without a lock (`Docs/Contracts.md`, section 14).
  ///
  /// - Returns: a disposable that cancels `action` if it has not started yet, or `nil` if `action` already
  ///   ran (an immediate scheduler).
  @discardableResult
  func schedule(_ action: @escaping () -> Void) -> (any Disposable)?
}

/// A scheduler that can also run actions at a point in time, measured by its own clock.
///
/// Time is a ``SchedulerInstant`` on the scheduler's clock and intervals are the standard library's
/// `Duration`, so virtual-time schedulers (the `TestScheduler` of SignalsTesting) and real ones (on
/// `ContinuousClock`) share one interface.
public protocol TimeScheduler: Scheduler {
  /// The scheduler's current time.
  var now: SchedulerInstant { get }

  /// Runs `action` at `instant`, or soon if `instant` has passed. Actions due at the same instant run in the
  /// order they were scheduled.
  ///
  /// - Returns: a disposable that cancels `action` if it has not started yet.
  @discardableResult
  func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)?
}

extension TimeScheduler {
  /// Runs `action` once `delay` has passed from now.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
    schedule(at: now.advanced(by: delay), action)
  }

  /// Runs `action` at `start`, then every `interval` after it until the returned disposable is disposed.
  ///
  /// Each run is due at `start + n × interval`, so late runs do not make the later ones drift. A non-positive
  /// interval is treated as the smallest positive one, so the timer cannot spin in one instant.
  ///
  /// - Returns: a disposable that cancels the runs not started yet.
  @discardableResult
  public func schedule(
    at start: SchedulerInstant,
    repeatingEvery interval: Duration,
    _ action: @escaping () -> Void
  ) -> any Disposable {
    let step = interval > .zero ? interval : .nanoseconds(1)
    let timer = RepeatingTimer()
    func arm(_ due: SchedulerInstant, _ generation: Int) {
      let token = schedule(at: due) {
        guard !timer.isDisposed else { return }
        action()
        arm(due.advanced(by: step), generation + 1)
      }
      timer.install(token, generation: generation)
    }
    arm(start, 0)
    return timer
  }
}

/// The disposable of a repeating schedule: it holds the token of the next run.
///
/// A run may fire — and arm the next one — before `schedule` has returned its token to the run before, so a
/// token is installed only if no later run's token already is.
final class RepeatingTimer: Disposable, @unchecked Sendable {
  private let state = Locked<(isDisposed: Bool, generation: Int, token: (any Disposable)?)>((false, -1, nil))

  var isDisposed: Bool { state.withLock { $0.isDisposed } }

  func install(_ token: (any Disposable)?, generation: Int) {
    let disposeNow = state.withLock { state -> Bool in
      if state.isDisposed { return true }
      guard generation > state.generation else { return false }
      state.generation = generation
      state.token = token
      return false
    }
    if disposeNow { token?.dispose() }
  }

  func dispose() {
    let token = state.withLock { state -> (any Disposable)? in
      state.isDisposed = true
      defer { state.token = nil }
      return state.token
    }
    token?.dispose()
  }
}

/// A point in time on a scheduler's clock: the time elapsed since the clock's origin.
///
/// For real schedulers the origin is a fixed instant of `ContinuousClock`; for a virtual-time test scheduler
/// it is the moment the scheduler was created, so its time starts at ``zero``.
public struct SchedulerInstant: InstantProtocol, Sendable, CustomStringConvertible {
  /// The time elapsed since the clock's origin.
  public var sinceOrigin: Duration

  /// The instant `sinceOrigin` after the clock's origin.
  public init(sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  /// The clock's origin.
  public static let zero = SchedulerInstant(sinceOrigin: .zero)

  /// The instant `duration` later (earlier, if negative).
  public func advanced(by duration: Duration) -> SchedulerInstant {
    SchedulerInstant(sinceOrigin: sinceOrigin + duration)
  }

  /// The time from this instant to `other`.
  public func duration(to other: SchedulerInstant) -> Duration {
    other.sinceOrigin - sinceOrigin
  }

  /// Orders instants by time.
  public static func < (lhs: SchedulerInstant, rhs: SchedulerInstant) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  /// The time since the origin, e.g. `"1.5 seconds"`.
  public var description: String { "\(sinceOrigin)" }
}
