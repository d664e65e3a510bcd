/// Something that runs actions soon, in the order they were scheduled, on a context of its own (a queue, the
/// main thread, virtual time in tests); safe to use from any thread. The rules: `Docs/Contracts.md` §12.
public protocol Scheduler: AnyObject, Sendable {
  /// Runs `action` soon: at once on some schedulers, later on others. It runs once (so it is not `@Sendable`),
  /// maybe on another thread (`Docs/Contracts.md` §14).
  ///
  /// - Returns: a disposable that cancels `action` if it has not started, or `nil` if it already ran.
  @discardableResult
  func schedule(_ action: @escaping () -> Void) -> (any Disposable)?
}

/// A scheduler that can also run actions at a ``SchedulerInstant`` of its own clock, with `Duration`
/// intervals, so virtual-time schedulers (SignalsTesting's `TestScheduler`) and real ones share one interface.
public protocol TimeScheduler: Scheduler {
  /// The scheduler's current time.
  var now: SchedulerInstant { get }

  /// Runs `action` at `instant`, or soon if it has passed; actions due at one instant run in the order they
  /// were scheduled. Returns a disposable that cancels `action` if it has not started.
  @discardableResult
  func schedule(at instant: SchedulerInstant, _ action: @escaping () -> Void) -> (any Disposable)?
}

extension TimeScheduler {
  /// Runs `action` once `delay` has passed from now.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
    schedule(at: now.advanced(by: delay), action)
  }

  /// Runs `action` at `start`, then every `interval` until the returned disposable, which cancels the runs not
  /// started, is disposed. Run `n` is due at `start + n × interval`, so late runs do not drift; a
  /// non-positive interval counts as the smallest positive one.
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

/// The disposable of a repeating schedule, holding the token of the next run. A run may arm the next one before
/// `schedule` has returned its own token, so a token is installed only if no later run's already is.
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

/// A point in time on a scheduler's clock: the time since its origin (a fixed instant of `ContinuousClock`, or
/// a virtual-time scheduler's creation, so its time starts at ``zero``).
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
