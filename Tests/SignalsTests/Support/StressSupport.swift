import Dispatch
import Foundation
import SignalsTestSupport
import Testing

@testable import Signals

/// Runs `body(index)` on `count` threads of their own at once, like ``concurrently(_:_:)``, but gives up after
/// `timeout` instead of hanging: a deadlock fails the test rather than the whole run.
///
/// Returns whether every thread finished. On a timeout the threads are left running (they cannot be killed);
/// the test has already failed by then.
@discardableResult
func stressConcurrently(
  _ count: Int,
  timeout: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  expectAThreadOfItsOwn("stressConcurrently", sourceLocation: sourceLocation)
  let finished = DispatchGroup()
  for index in 0..<count {
    finished.enter()
    Thread {
      body(index)
      finished.leave()
    }.start()
  }
  let seconds = Double(timeout.components.seconds)
  guard finished.wait(timeout: .now() + seconds) == .success else {
    Issue.record(
      "\(count) stress threads did not finish within \(timeout): a deadlock?", sourceLocation: sourceLocation)
    return false
  }
  return true
}

/// Lets other threads run: for loops that wait on another thread, so that they do not take a core from it.
func yieldThread() {
  sched_yield()
}

/// A thread of its own that runs closures in order, for work that must finish "later, elsewhere" in a stress
/// test. Not `DispatchQueue.global()`: a test that waits by spinning occupies the threads of the global pool
/// (Swift Testing runs test bodies there), and work queued to it can then starve.
final class WorkerThread: @unchecked Sendable {
  private let queue = Locked<(work: [@Sendable () -> Void], stopped: Bool)>(([], false))
  private let available = DispatchSemaphore(value: 0)

  init() {
    Thread { [self] in
      while true {
        available.wait()
        let next = queue.withLock { state -> (@Sendable () -> Void)? in
          state.work.isEmpty ? nil : state.work.removeFirst()
        }
        guard let next else { return }
        next()
      }
    }.start()
  }

  /// Runs `body` on the worker thread, after what was queued before it.
  func async(_ body: @escaping @Sendable () -> Void) {
    queue.withLock { $0.work.append(body) }
    available.signal()
  }

  /// Ends the thread once it has run what was queued.
  func stop() {
    available.signal()
  }
}

/// What an observer received from several senders whose values encode `(sender, sequence number)` as
/// `sender * stride + sequence`: per-sender order, duplicates, and overlapping or recursive entries.
///
/// Thread-safe; `record` also measures entry depth, so an observer that is entered twice at once shows.
final class SenderLog: @unchecked Sendable {
  private struct State {
    var last: [Int]
    var counts: [Int]
    var sums: [Int]
    var outOfOrder = 0
  }

  let stride: Int
  private let state: Locked<State>
  private let entries = EntryGuard()

  /// A log for `senders` senders whose sequence numbers stay below `stride`.
  init(senders: Int, stride: Int) {
    self.stride = stride
    state = Locked(
      State(
        last: Array(repeating: -1, count: senders), counts: Array(repeating: 0, count: senders),
        sums: Array(repeating: 0, count: senders)))
  }

  /// The value sender `sender` sends as its `sequence`th.
  func value(sender: Int, sequence: Int) -> Int { sender * stride + sequence }

  /// Records one delivery.
  func record(_ value: Int) {
    entries.enter {
      state.withLock { state in
        let sender = value / stride
        let sequence = value % stride
        if sequence <= state.last[sender] { state.outOfOrder += 1 }
        state.last[sender] = sequence
        state.counts[sender] += 1
        state.sums[sender] += sequence
      }
    }
  }

  /// How many values each sender's stream delivered.
  var counts: [Int] { state.withLock { $0.counts } }
  /// The sum of the sequence numbers delivered per sender.
  var sums: [Int] { state.withLock { $0.sums } }
  /// Deliveries whose sequence number was not above the sender's previous one: a repeat or a reordering.
  var outOfOrder: Int { state.withLock { $0.outOfOrder } }
  /// The deepest entry seen; 1 means no delivery overlapped or recursed into another.
  var maxDepth: Int { entries.maxDepth }
  /// Whether the log has seen, per sender, exactly the sequence numbers `0..<perSender`, in order, once each.
  func sawEverything(perSender: Int) -> Bool {
    let expectedSum = perSender * (perSender - 1) / 2
    return outOfOrder == 0 && counts.allSatisfy { $0 == perSender } && sums.allSatisfy { $0 == expectedSum }
  }
}

/// An observer that attaches and detaches repeatedly while others send: it checks that whatever it receives
/// between attaching and detaching is in per-sender order and never overlaps, and that at most one value (the
/// one in flight when it disposed) arrives after its disposal returned.
final class ChurnLog: @unchecked Sendable {
  private let overlaps = AtomicCounter()
  private let disorder = AtomicCounter()
  private let lateBursts = AtomicCounter()
  let rounds = AtomicCounter()
  private let senders: Int
  private let stride: Int

  init(senders: Int, stride: Int) {
    self.senders = senders
    self.stride = stride
  }

  /// Attaches with `observe`, lets a value or two through, detaches, and checks what it saw; repeats until
  /// `stop` is set and at least `minimumRounds` rounds ran.
  func churn(until stop: AtomicFlag, minimumRounds: Int, _ observe: (@escaping (Int) -> Void) -> (any Disposable)?) {
    var round = 0
    while !stop.value || round < minimumRounds {
      round += 1
      rounds.increment()
      let inside = AtomicFlag()
      let state = Locked((last: Array(repeating: -1, count: senders), disposed: false, late: 0))
      let disposable = observe { [stride, overlaps, disorder] value in
        if inside.set() { overlaps.increment() }
        state.withLock { state in
          let sender = value / stride
          if value % stride <= state.last[sender] { disorder.increment() }
          state.last[sender] = value % stride
          if state.disposed { state.late += 1 }
        }
        inside.store(false)
      }
      disposable?.dispose()
      state.withLock { $0.disposed = true }
      if state.withLock({ $0.late }) > 1 { lateBursts.increment() }
    }
  }

  /// Deliveries that overlapped another delivery to the same observer.
  var overlapCount: Int { overlaps.value }
  /// Deliveries out of per-sender order, or repeated.
  var disorderCount: Int { disorder.value }
  /// Observers that received more than one value after their disposal returned.
  var lateBurstCount: Int { lateBursts.value }
}

/// Runs `body` on a new thread whose stack is `stackSize` bytes, and waits for it: for code that must not
/// recurse deeply. It blocks its thread meanwhile: a test calls it on a thread of its own.
func runOnThread(
  stackSize: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () -> Void
) {
  expectAThreadOfItsOwn("runOnThread", sourceLocation: sourceLocation)
  let finished = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    finished.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  finished.wait()
}
