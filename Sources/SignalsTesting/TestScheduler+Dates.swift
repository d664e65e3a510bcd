import Signals

// ReactiveSwift's calendar dates on the test scheduler: `TestScheduler(startDate:)`, `currentDate` and
// `advance(to: Date)`, so that a ported spec keeps its dates. Foundation stays out of Signals; SignalsTesting
// reads `Date` from FoundationEssentials where the toolchain has it (Linux), from Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension TestScheduler {
  /// A test scheduler whose clock starts at the calendar date `startDate`: ReactiveSwift's
  /// `TestScheduler(startDate:)`.
  ///
  /// Virtual time still starts at ``/Signals/SchedulerInstant/zero`` (so marble diagrams and recorded times
  /// read the same as with ``init(tick:)``); `startDate` is the date of that instant, and ``currentDate`` is
  /// `startDate` plus the time advanced since. `TestScheduler()` starts at `Date(timeIntervalSinceReferenceDate: 0)`,
  /// ReactiveSwift's default.
  public convenience init(startDate: Date, tick: Duration = .seconds(1)) {
    self.init(tick: tick, startInterval: startDate.timeIntervalSinceReferenceDate)
  }

  /// The calendar date of ``now``: the start date plus the virtual time elapsed (ReactiveSwift's `currentDate`).
  public var currentDate: Date {
    let elapsed = now.sinceOrigin.components
    return Date(
      timeIntervalSinceReferenceDate: startInterval + Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
  }

  /// Moves the clock to the calendar date `date`, running every action due until then, in order
  /// (ReactiveSwift's `advance(to: Date)`); see ``advance(to:)-(SchedulerInstant)``. A date in the past runs what
  /// is due now and leaves the clock.
  public func advance(to date: Date) {
    advance(to: SchedulerInstant(sinceOrigin: .seconds(date.timeIntervalSinceReferenceDate - startInterval)))
  }
}
#endif
