import Synchronization

/// The states of a serial hand-off: one thread at a time does the work (a core's delivery, a coordinator's
/// flush), and the others queue what they bring behind it.
///
/// Kept in an `Atomic<Int>` beside the queue, and changed under the lock that guards the queue, with one
/// exception: the worker that finds ``busy`` after its work, so nothing queued, goes back to ``idle`` with one
/// compare-and-exchange, without taking the lock. A thread that queues something under the lock first moves
/// ``busy`` to ``busyWithQueue`` (see ``waitsForWorker(_:)``), so the worker cannot leave it behind: it must
/// then take the lock, and finds it.
@usableFromInline
enum SerialWorkState {
  /// Nobody is working.
  @usableFromInline static let idle = 0
  /// A thread is working, and nothing is queued for it.
  @usableFromInline static let busy = 1
  /// A thread is working, and something is queued for it: it must take the lock before it leaves.
  @usableFromInline static let busyWithQueue = 2

  /// Under the lock: whether a thread is working. If it is, it is told that something waits for it, so the
  /// caller must queue it before releasing the lock. If not (also when the worker has just left), the caller
  /// may take the work itself with ``claim(_:)``.
  @inlinable @inline(__always)
  static func waitsForWorker(_ state: borrowing Atomic<Int>) -> Bool {
    var current = state.load(ordering: .acquiring)
    while current == busy {
      let (exchanged, original) = state.compareExchange(
        expected: busy, desired: busyWithQueue, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return current == busyWithQueue
  }

  /// Under the lock: whether a thread is working (it may be about to leave, unless it is the calling thread).
  @inlinable @inline(__always)
  static func isBusy(_ state: borrowing Atomic<Int>) -> Bool {
    state.load(ordering: .acquiring) != idle
  }

  /// Under the lock, with nobody working: makes the calling thread the worker.
  @inlinable @inline(__always)
  static func claim(_ state: borrowing Atomic<Int>) {
    state.store(busy, ordering: .releasing)
  }

  /// Under the lock: makes the calling thread the worker and returns `true`, or, if a thread is working,
  /// tells it that something waits and returns `false` (the caller must then queue it before releasing the
  /// lock). Like ``waitsForWorker(_:)`` then ``claim(_:)``, but where threads may also claim without the
  /// lock (``claimWithoutLock(_:)``): the claim is then a compare-and-exchange, so that such a thread cannot
  /// claim between the check and the claim.
  @inlinable @inline(__always)
  static func claimOrQueue(_ state: borrowing Atomic<Int>, againstClaimsWithoutLock: Bool) -> Bool {
    guard againstClaimsWithoutLock else {
      guard !waitsForWorker(state) else { return false }
      claim(state)
      return true
    }
    while true {
      if claimWithoutLock(state) { return true }
      if waitsForWorker(state) { return false }
      // The worker left between the two: try again.
    }
  }

  /// Without the lock: makes the calling thread the worker if nobody is working, and returns whether it did.
  /// Only where every claim under the lock is made by ``claimOrQueue(_:againstClaimsWithoutLock:)`` with
  /// `true`.
  @inlinable @inline(__always)
  static func claimWithoutLock(_ state: borrowing Atomic<Int>) -> Bool {
    state.compareExchange(expected: idle, desired: busy, ordering: .acquiringAndReleasing).exchanged
  }

  /// The worker, after its work: goes back to idle if nothing is queued, without the lock, and returns
  /// `true`; returns `false` if something is queued (the worker must take the lock and deal with it).
  @inlinable @inline(__always)
  static func leaveIfNothingQueued(_ state: borrowing Atomic<Int>) -> Bool {
    state.compareExchange(expected: busy, desired: idle, ordering: .acquiringAndReleasing).exchanged
  }
}
