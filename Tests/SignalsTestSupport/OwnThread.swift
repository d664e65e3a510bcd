import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
  /// Runs each test of the suite (or the test) on a thread of its own, as ``onItsOwnThread(_:)`` does: for
  /// tests that block their thread while they wait for others (stress runs, semaphores, spin-waits).
  ///
  /// A `@MainActor` test still runs on the main actor: it calls ``onItsOwnThread(_:)`` around what blocks.
  package static var onItsOwnThread: Self { OwnThreadTrait() }
}

/// The trait behind ``Testing/Trait/onItsOwnThread``.
package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  package var isRecursive: Bool { true }

  /// Runs the test case in ``onItsOwnThread(_:)``.
  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await SignalsTestSupport.onItsOwnThread { try await function() }
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
  private let jobs = Mutex<[UnownedJob]>([])
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
    var executor: OwnThreadExecutor?
  }

  /// Idle workers, and executors waiting for a new thread.
  private let state = Mutex<(idle: [Worker], waiting: [OwnThreadExecutor])>(([], []))
  private let spawn = DispatchSemaphore(value: 0)

  private init() {
    let spawner = Thread { [self] in
      while true {
        spawn.wait()
        guard let executor = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) else { continue }
        start(with: executor)
      }
    }
    spawner.name = "own thread spawner"
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
      Self.yieldTheCoresToThePool()
      while true {
        worker.executor?.drain()
        worker.executor = nil
        state.withLock { $0.idle.append(worker) }
        worker.assigned.wait()
      }
    }
    thread.name = "own thread"
    thread.qualityOfService = .utility
    thread.start()
  }

  /// Lowers the calling thread's priority, and so that of every thread it starts: a test that blocks or works
  /// hard on threads of its own then takes the cores only when the cooperative pool does not need them, and the
  /// short tests there run as fast as if it were not running. (On Apple platforms, the thread's quality of
  /// service does this.)
  private static func yieldTheCoresToThePool() {
    #if canImport(Glibc)
    // On Linux the nice value belongs to the thread, and threads inherit it.
    // 19, the lowest: even a few dozen such threads then leave the pool's threads most of the cores.
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
  }
}
