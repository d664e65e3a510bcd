/// A scheduler that runs every action at once, on the calling thread, before `schedule` returns.
///
/// Useful as a default, and in tests of code that takes a scheduler but needs no time.
public final class ImmediateScheduler: Scheduler {
  /// An immediate scheduler.
  public init() {}

  /// Runs `action` now. Returns `nil`: there is nothing left to cancel.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    action()
    return nil
  }
}
