import Dispatch
import OpenCombine
import OpenCombineDispatch

/// An OpenCombine scheduler on virtual time: actions run only when ``advance(ticks:)`` reaches their due time,
/// in the order (due time, order scheduled). One tick is one second. It borrows the time type of
/// OpenCombine's own `DispatchQueue` scheduler, so operators see the strides they see in production.
///
/// Single-threaded: every publisher under test sends from the thread that advances the clock.
final class VirtualTimeScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.OCombine.SchedulerTimeType
  typealias SchedulerOptions = Never

  private struct Entry {
    var due: SchedulerTimeType
    let order: Int
    let id: Int
    let interval: SchedulerTimeType.Stride?
    let action: () -> Void
  }

  /// Tick 0. Far from `DispatchTime`'s special values (0 is "now", `UInt64.max` is "forever").
  private static let origin = DispatchTime(uptimeNanoseconds: 1_000_000_000_000)

  private(set) var now = SchedulerTimeType(origin)
  var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }
  private var entries: [Entry] = []
  private var nextOrder = 0
  private var nextID = 0

  /// The tick of `now`.
  var tick: Int { Int((now.dispatchTime.uptimeNanoseconds - Self.origin.uptimeNanoseconds) / 1_000_000_000) }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    enqueue(at: now, interval: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    enqueue(at: date, interval: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let id = enqueue(at: date, interval: interval, action)
    return AnyCancellable { [weak self] in self?.entries.removeAll { $0.id == id } }
  }

  @discardableResult
  private func enqueue(
    at due: SchedulerTimeType, interval: SchedulerTimeType.Stride?, _ action: @escaping () -> Void
  ) -> Int {
    nextOrder += 1
    nextID += 1
    entries.append(Entry(due: due, order: nextOrder, id: nextID, interval: interval, action: action))
    return nextID
  }

  /// Runs every action due up to `now + count` ticks, in order, including actions they schedule.
  func advance(ticks count: Int) {
    let end = now.advanced(by: .seconds(count))
    while let index = entries.indices.filter({ entries[$0].due <= end }).min(by: { isEarlier(entries[$0], entries[$1]) }
    ) {
      var entry = entries.remove(at: index)
      if entry.due > now { now = entry.due }
      if let interval = entry.interval {
        entry.due = entry.due.advanced(by: interval)
        nextOrder += 1
        entries.append(Entry(due: entry.due, order: nextOrder, id: entry.id, interval: interval, action: entry.action))
      }
      entry.action()
    }
    now = end
  }

  private func isEarlier(_ a: Entry, _ b: Entry) -> Bool {
    a.due == b.due ? a.order < b.order : a.due < b.due
  }
}
