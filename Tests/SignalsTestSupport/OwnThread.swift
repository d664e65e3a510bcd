import Dispatch
import Foundation
import Testing

/// Runs `body` on a thread of its own and waits for it without holding a thread: the way a test blocks.
///
/// A test that waits synchronously (a semaphore, a group's `wait`, a spin on a flag, `Thread.sleep`, a
/// producer's blocking `first()`) must not do it on a thread of Swift's cooperative pool, which has one thread
/// per core, or on the main actor: every other test waits for that thread meanwhile. Inside `body`, the test
/// may block as long as it needs; the calling task is suspended, not blocked, until `body` returns. `body`
/// runs in the calling task, so `#expect`, `Test.current` and every task-local value work in it as anywhere in
/// the test.
///
/// `body` is `@Sendable`, so in a `@MainActor` test it runs off the main actor too; what it needs from the
/// main actor, it reads before or after.
package func onItsOwnThread<Value, Failure: Error>(
  _ body: @Sendable () async throws(Failure) -> Value
) async throws(Failure) -> Value {
  let thread = OwnThreadExecutor()
  defer { thread.stop() }
  // The test leaves the pool thread it claimed, and claims the thread it comes back on.
  let watched = PoolWatch.current
  if let watched { watched.watch.leaves(watched.token) }
  defer { if let watched { watched.watch.resumes(watched.token) } }
  return try await withTaskExecutorPreference(thread, isolation: nil) { () async throws(Failure) -> Value in
    // The preference takes effect at the task's next enqueue; yielding makes that now, so that not one
    // instruction of `body` runs on the pool.
    await Task.yield()
    return try await body()
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Runs each test of the suite, or the test, on a thread of its own, as ``onItsOwnThread(_:)`` does: for
  /// tests that block their thread (stress runs, semaphores, spin-waits) or compute for long.
  ///
  /// Given to a suite, it also runs the suite's tests one at a time, and the suite only while fewer suites
  /// (or lone tests) that carry it than there are cores run: such tests start threads of their own and keep
  /// cores busy, and dozens at once would slow every thread of the process, the pool's too (under
  /// ThreadSanitizer, many times over). A suite waits for its turn suspended, holding no thread, before its
  /// tests start, so no test's time includes the wait; a test given the trait alone waits within its time.
  ///
  /// A `@MainActor` test still runs on the main actor: it calls ``onItsOwnThread(_:)`` around what blocks.
  package static var onItsOwnThread: Self { OwnThreadTrait() }
}

/// The trait behind ``Testing/Trait/onItsOwnThread``.
package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  package var isRecursive: Bool { true }

  /// A scope for the suite it is given to (its turn), and for each test case (its thread).
  package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite || testCase != nil ? self : nil
  }

  /// Runs a suite in its turn, its tests one at a time; runs a test case in ``onItsOwnThread(_:)``.
  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if test.isSuite {
      // A suite nested in one that has its turn shares it.
      guard !Self.inSuite else { return try await function() }
      await SuiteTurns.shared.enter()
      defer { SuiteTurns.shared.leave() }
      try await Self.$inSuite.withValue(true) {
        try await ParallelizationTrait.serialized.provideScope(for: test, testCase: testCase, performing: function)
      }
    } else if isOnAThreadOfItsOwn {
      // Given to a suite and to one of its tests, the trait applies once.
      try await function()
    } else if Self.inSuite {
      try await SignalsTestSupport.onItsOwnThread { try await function() }
    } else {
      // Given to a test alone: the test takes a turn itself, and its time includes the wait for it.
      await SuiteTurns.shared.enter()
      defer { SuiteTurns.shared.leave() }
      try await SignalsTestSupport.onItsOwnThread { try await function() }
    }
  }

  @TaskLocal private static var inSuite = false
}

/// Lets as many suites (or lone tests) run on threads of their own at once as there are cores; the others wait
/// for a turn, suspended.
final class SuiteTurns: @unchecked Sendable {
  static let shared = SuiteTurns(limit: ProcessInfo.processInfo.activeProcessorCount)

  private let limit: Int
  private let state = Guarded<(running: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Returns once fewer than the limit are running.
  func enter() async {
    await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        guard state.running < limit else {
          state.waiting.append(entered)
          return false
        }
        state.running += 1
        return true
      }
      if now { entered.resume() }
    }
  }

  /// Gives the turn to the suite that has waited longest.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}

/// Records an issue if `helper`, which blocks the thread it is called on until other threads finish, is called
/// from a test on a thread of the cooperative pool or on the main actor instead of on a thread of its own.
package func expectAThreadOfItsOwn(_ helper: String, sourceLocation: SourceLocation) {
  guard Test.current != nil, !isOnAThreadOfItsOwn else { return }
  let message =
    "\(helper) blocks the thread it is called on until other threads finish: run the test on a thread of its own "
    + "(`@Suite(.onItsOwnThread)`, `@Test(.onItsOwnThread)` or `await onItsOwnThread { … }`), so that it never "
    + "holds a thread of the cooperative pool or the main actor."
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Whether the calling code runs on a thread that ``onItsOwnThread(_:)`` made: one a test may block.
package var isOnAThreadOfItsOwn: Bool {
  Thread.current.threadDictionary[OwnThreads.marker] != nil
}

/// A task executor with a thread of its own, which runs the jobs enqueued on it in order until it is stopped
/// and has run them.
///
/// Its thread comes from ``OwnThreads``: a thread that ran another test before, or a new one that a spawner
/// thread starts. So making an executor never blocks the caller, a pool thread, in `pthread_create` (whose lock
/// a burst of threads starting and ending holds for long), and a test run starts few threads.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let jobs = Guarded<[UnownedJob]>([])
  private let available = DispatchSemaphore(value: 0)

  init() {
    OwnThreads.shared.run(self)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    available.signal()
  }

  /// Lets the thread go once the jobs enqueued so far have run.
  func stop() {
    available.signal()
  }

  /// Runs the jobs as they come, on the calling thread, until the executor is stopped.
  fileprivate func drain() {
    while true {
      available.wait()
      let next = jobs.withLock { jobs -> UnownedJob? in jobs.isEmpty ? nil : jobs.removeFirst() }
      // Each enqueue and the stop signal once: no job means this wake-up was the stop.
      guard let next else { return }
      next.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// The threads of ``OwnThreadExecutor``s: each drains one executor at a time, then waits for the next.
final class OwnThreads: @unchecked Sendable {
  static let shared = OwnThreads()
  static let marker = "SignalsTestSupport.OwnThreads"

  private final class Worker: @unchecked Sendable {
    let assigned = DispatchSemaphore(value: 0)
    /// Set before `assigned` is signalled, or the thread started; read by the worker's thread after.
    var executor: OwnThreadExecutor?
  }

  /// Idle workers, and executors waiting for a new thread.
  private let state = Guarded<(idle: [Worker], waiting: [OwnThreadExecutor])>(([], []))
  private let spawn = DispatchSemaphore(value: 0)

  private init() {
    let spawner = Thread { [self] in
      while true {
        spawn.wait()
        guard let executor = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) else { continue }
        start(with: executor)
      }
    }
    spawner.name = "own-thread spawner"
    spawner.start()
  }

  /// Has `executor` drained by an idle thread, or by a new one.
  func run(_ executor: OwnThreadExecutor) {
    let idle = state.withLock { state -> Worker? in
      if let worker = state.idle.popLast() { return worker }
      state.waiting.append(executor)
      return nil
    }
    if let idle {
      idle.executor = executor
      idle.assigned.signal()
    } else {
      spawn.signal()
    }
  }

  private func start(with first: OwnThreadExecutor) {
    let worker = Worker()
    worker.executor = first
    let thread = Thread { [self] in
      Thread.current.threadDictionary[Self.marker] = true
      while true {
        worker.executor?.drain()
        worker.executor = nil
        state.withLock { $0.idle.append(worker) }
        worker.assigned.wait()
      }
    }
    thread.name = "own thread"
    thread.start()
  }
}
