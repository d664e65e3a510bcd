import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Trait where Self == PoolWatchTrait {
  /// Fails a test that keeps a thread of Swift's cooperative pool, or the main actor, for more than a second.
  ///
  /// Every top-level suite carries it (`TestSupportRulesTests` checks the sources). While a test blocks a pool
  /// thread, every other test that needs one waits; with one thread per core, two such tests stall the run. The
  /// trait names the test that did it, with how long it held the thread, when the test ends. A test that must
  /// block does it on a thread of its own: ``Testing/Trait/onItsOwnThread`` or ``onItsOwnThread(_:)``.
  package static var watchingThePool: Self { PoolWatchTrait() }
}

/// The trait behind ``Testing/Trait/watchingThePool``: it runs each test case under ``PoolWatch/shared`` and
/// records what the watch found as issues of the test.
package struct PoolWatchTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  package var isRecursive: Bool { true }

  /// Runs the test case under the shared watch, then records an issue per hold the watch reports.
  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let name = test.id.nameComponents.joined(separator: "/")
    try await PoolWatch.shared.watch(named: name) { sentence in
      Issue.record(Comment(rawValue: sentence), sourceLocation: test.sourceLocation)
    } body: {
      try await function()
    }
  }
}

/// Watches Swift's cooperative pool and the main actor while tests run, and tells which test held either for
/// longer than ``threshold``.
///
/// How it knows:
/// - Each thread's latest *event* is kept: a test starting on it (or coming back to it from
///   ``onItsOwnThread(_:)``) is a *claim*; a test ending or leaving, or a probe running there, is not.
/// - A watchdog on a thread of its own sends a round of tiny probes into the pool every ``interval``, one per
///   pool thread (each waits a moment for the next, so that a round reaches every free thread), and one to the
///   main actor.
/// - A test that ends (or leaves for a thread of its own) on the thread it claimed, its claim still that
///   thread's latest event, has *held* it: nothing else ran there meanwhile, no probe either. A hold longer than
///   ``threshold`` is reported to that test when it ends, with its length. (The watchdog does not judge a claim
///   before then: while the pool is merely busy, probes wait in its queue, and a claim left by a test that
///   suspended would look held.)
/// - A round of probes that no pool thread has run for longer than ``threshold``, while no claim stands and
///   nothing at all happens on the pool, is a *stall* that no test explains; so is a main-actor probe left
///   waiting as long. It is reported to every test then running, as suspects.
///
/// What it cannot see: a test that blocks only after an `await` has resumed it runs on a thread it did not
/// claim, and one that blocks the main actor ran there after a hop. Such a hold shows only as a stall, when it
/// leaves the pool (or the main actor) with no free thread; and a test that never ends is left to the run.
package final class PoolWatch: @unchecked Sendable {
  /// The watch of the test run: the cooperative pool, at the priority tests run at, and the main actor.
  package static let shared = PoolWatch(
    pool: Lane(width: ProcessInfo.processInfo.activeProcessorCount) { priority, probe in
      Task.detached(priority: priority) { probe() }
    },
    mainActor: Lane(width: 1) { priority, probe in
      Task.detached(priority: priority) { @MainActor in probe() }
    })

  /// How long a test may keep a thread before the watch reports it.
  package let threshold: Duration
  /// How often the watchdog probes.
  package let interval: Duration

  /// Something the watch probes: `send` runs a probe there, at a priority; `width` is how many threads it has.
  package struct Lane: Sendable {
    let width: Int
    let send: @Sendable (TaskPriority?, @escaping @Sendable () -> Void) -> Void

    /// A lane of `width` threads into which `send` puts a probe.
    package init(
      width: Int, send: @escaping @Sendable (TaskPriority?, @escaping @Sendable () -> Void) -> Void
    ) {
      self.width = max(1, width)
      self.send = send
    }
  }

  /// The test whose task is running, so that ``onItsOwnThread(_:)`` can tell its watch it leaves the pool.
  @TaskLocal static var current: (watch: PoolWatch, token: Int)?

  private let pool: Lane
  private let mainActor: Lane?
  private let state = Guarded(State())
  private let wake = DispatchSemaphore(value: 0)
  private let clock = ContinuousClock()

  /// A watch of `pool` and, if given, `mainActor`, which reports holds longer than `threshold`.
  package init(
    pool: Lane, mainActor: Lane?, threshold: Duration = .seconds(1), interval: Duration = .milliseconds(100)
  ) {
    self.pool = pool
    self.mainActor = mainActor
    self.threshold = threshold
    self.interval = interval
  }

  /// Runs `body` as the test `name`: claims the thread it starts on, and when it ends, passes each hold and
  /// stall the watch found for it to `report`, as a sentence that names the test.
  package func watch<Value, Failure: Error>(
    named name: String, reporting report: (String) -> Void, body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    // A watch inside a watched test (a self-test's plant) answers for the thread meanwhile.
    let outer = Self.current
    if let outer { outer.watch.leaves(outer.token) }
    defer { if let outer { outer.watch.resumes(outer.token) } }
    let token = begin(name)
    let result = await Self.$current.withValue((self, token)) { () async -> Result<Value, Failure> in
      do throws(Failure) {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
    for sentence in end(token) { report(sentence) }
    return try result.get()
  }

  // MARK: The tests' side

  private struct Event: Equatable {
    /// The test that claimed the thread, or `nil` for anything else.
    let token: Int?
    let at: ContinuousClock.Instant
  }

  private struct Hold {
    let what: String
    let since: ContinuousClock.Instant
    var until: ContinuousClock.Instant
    /// For a stall no claim explains: the tests running then.
    let suspects: [String]?
  }

  private struct Watched {
    let name: String
    let started: ContinuousClock.Instant
    /// The thread the test claimed, and when; `nil` while it is away.
    var claim: (thread: ThreadID, at: ContinuousClock.Instant)?
    /// How many ``onItsOwnThread(_:)`` (or nested watches) the test is in; it claims nothing meanwhile.
    var away = 0
    /// Holds by claim time, so that a hold seen on several ticks is reported once.
    var holds: [ContinuousClock.Instant: Hold] = [:]
    var stalls: [Hold] = []
  }

  private struct Round {
    let number: Int
    let sent: ContinuousClock.Instant
    var arrived = 0
    let complete = DispatchSemaphore(value: 0)
  }

  private struct State {
    var tests: [Int: Watched] = [:]
    var nextToken = 0
    var latest: [ThreadID: Event] = [:]
    var poolActivity: ContinuousClock.Instant?
    var round: Round?
    var rounds = 0
    /// The unanswered round reported as a stall, and the tests it was reported to.
    var poolStall: (round: Int, tokens: [Int])?
    var mainProbeSent: ContinuousClock.Instant?
    /// The unanswered main-actor probe reported as a stall, and the tests it was reported to.
    var mainStall: (sent: ContinuousClock.Instant, tokens: [Int])?
    var mainThread: ThreadID?
    var priority: TaskPriority?
    var watchdogRunning = false

    /// Records what just happened on `thread`.
    mutating func note(_ event: Event, on thread: ThreadID, ownThread: Bool = false) {
      guard !ownThread else { return }
      latest[thread] = event
      if thread != mainThread { poolActivity = event.at }
    }

    /// Whether `token`'s claim is still the latest event on its thread (and that thread is `thread`).
    func stands(_ token: Int, on thread: ThreadID? = nil) -> Bool {
      guard let claim = tests[token]?.claim, thread == nil || thread == claim.thread else { return false }
      return latest[claim.thread] == Event(token: token, at: claim.at)
    }
  }

  private func begin(_ name: String) -> Int {
    let thread = ThreadID.current
    let now = clock.now
    let priority = Task.currentPriority
    let ownThread = isOnAThreadOfItsOwn
    let (token, startWatchdog) = state.withLock { state in
      let token = state.nextToken
      state.nextToken += 1
      var test = Watched(name: name, started: now)
      if !ownThread { test.claim = (thread, now) }
      state.tests[token] = test
      state.note(Event(token: token, at: now), on: thread, ownThread: ownThread)
      state.priority = priority
      let start = !state.watchdogRunning
      state.watchdogRunning = true
      return (token, start)
    }
    if startWatchdog {
      let watchdog = Thread { [weak self] in Self.runWatchdog(of: self) }
      watchdog.name = "pool watchdog"
      watchdog.start()
    } else {
      wake.signal()
    }
    return token
  }

  /// The test `token` leaves the thread it claimed for a thread of its own.
  func leaves(_ token: Int) {
    let thread = ThreadID.current
    let now = clock.now
    let ownThread = isOnAThreadOfItsOwn
    state.withLock { state in
      guard state.tests[token] != nil else { return }
      if state.stands(token, on: thread) { extend(token, to: now, in: &state) }
      state.tests[token]?.away += 1
      state.tests[token]?.claim = nil
      state.note(Event(token: nil, at: now), on: thread, ownThread: ownThread)
    }
  }

  /// The test `token` is back from a thread of its own, on the thread it runs on now.
  func resumes(_ token: Int) {
    let thread = ThreadID.current
    let now = clock.now
    let ownThread = isOnAThreadOfItsOwn
    state.withLock { state in
      guard var test = state.tests[token] else { return }
      test.away -= 1
      if test.away == 0 && !ownThread {
        test.claim = (thread, now)
        state.note(Event(token: token, at: now), on: thread)
      }
      state.tests[token] = test
    }
  }

  private func end(_ token: Int) -> [String] {
    let thread = ThreadID.current
    let now = clock.now
    let ownThread = isOnAThreadOfItsOwn
    let (test, held) = state.withLock { state -> (Watched?, Duration?) in
      // A claim that still stands held its thread until now: the test never let go of it.
      var held: Duration?
      if state.stands(token, on: thread), let claim = state.tests[token]?.claim {
        extend(token, to: now, in: &state)
        held = now - claim.at
      }
      state.note(Event(token: nil, at: now), on: thread, ownThread: ownThread)
      return (state.tests.removeValue(forKey: token), held)
    }
    guard let test else { return [] }
    if let held { Self.log?.write("held\t\(Self.seconds(held))\t\(test.name)\n") }
    let holds = test.holds.values.sorted { $0.since < $1.since } + test.stalls
    return holds.map { hold in
      let length = Self.seconds(hold.until - hold.since)
      guard let suspects = hold.suspects else {
        return "\(test.name) kept \(hold.what) for \(length) s, and every other test that needed it waited: "
          + "a test that blocks or computes for long does it on a thread of its own (`.onItsOwnThread` or "
          + "`await onItsOwnThread { … }`, see Tests/README.md)."
      }
      return "\(hold.what) for \(length) s while \(test.name) ran, and no test could be named as holding it "
        + "(one that blocks after an `await`?); the tests running then: " + suspects.joined(separator: ", ") + "."
    }
  }

  // MARK: The watchdog's side

  /// The watchdog's loop: it ends with the watch (a self-test's), and holds it only while it looks at it.
  private static func runWatchdog(of strongWatch: PoolWatch?) {
    weak let watch = strongWatch
    while let current = watch {
      if current.state.withLock({ $0.tests.isEmpty }) {
        // Nothing to watch: wait for a test to begin instead of probing an idle pool.
        _ = current.wake.wait(timeout: .now() + 1)
        continue
      }
      Thread.sleep(forTimeInterval: seconds(current.interval))
      current.tick()
    }
  }

  private func tick() {
    let now = clock.now
    let (round, sendMain, priority) = state.withLock { state in
      checkPool(&state, now: now)
      checkMainActor(&state, now: now)
      var round: Int?
      if state.round == nil {
        state.rounds += 1
        state.round = Round(number: state.rounds, sent: now)
        round = state.rounds
      }
      var sendMain = false
      if mainActor != nil && state.mainProbeSent == nil {
        state.mainProbeSent = now
        sendMain = true
      }
      return (round, sendMain, state.priority)
    }
    if let round {
      for _ in 0..<pool.width {
        pool.send(priority) { [self] in poolProbeRan(round: round) }
      }
    }
    if sendMain, let mainActor {
      mainActor.send(priority) { [self] in mainProbeRan() }
    }
  }

  private func poolProbeRan(round number: Int) {
    let thread = ThreadID.current
    let now = clock.now
    let complete = state.withLock { state -> DispatchSemaphore? in
      state.note(Event(token: nil, at: now), on: thread)
      guard var round = state.round, round.number == number else { return nil }
      if round.arrived == 0 { Self.log?.write("round\t\(Self.seconds(now - round.sent))\n") }
      round.arrived += 1
      if round.arrived == pool.width {
        state.round = nil
        for _ in 1..<pool.width { round.complete.signal() }
        return nil
      }
      state.round = round
      return round.complete
    }
    // Stay on this thread a moment, so that the round's next probe runs on another free thread, if one is.
    _ = complete?.wait(timeout: .now() + .milliseconds(10))
  }

  private func mainProbeRan() {
    let thread = ThreadID.current
    let now = clock.now
    state.withLock { state in
      state.mainThread = thread
      state.mainProbeSent = nil
      state.note(Event(token: nil, at: now), on: thread)
    }
  }

  /// Turns claims that have stood for longer than the threshold into holds, and a round that no pool thread has
  /// run, while nothing else happens on the pool either, into a stall.
  private func checkPool(_ state: inout State, now: ContinuousClock.Instant) {
    var explained = false
    for (token, test) in state.tests {
      guard let claim = test.claim, claim.thread != state.mainThread, state.stands(token) else { continue }
      // A claim that stands explains a stall, however young: its test may run on that thread still.
      explained = true
    }
    guard let round = state.round, round.arrived == 0, now - round.sent > threshold else { return }
    if let stall = state.poolStall, stall.round == round.number {
      lengthen(stall.tokens, to: now, in: &state)
    } else if !explained, now - (state.poolActivity ?? round.sent) > threshold {
      let tokens = blameTheRunning(&state, for: "The cooperative pool had no free thread", since: round.sent, now: now)
      state.poolStall = (round.number, tokens)
    }
  }

  private func checkMainActor(_ state: inout State, now: ContinuousClock.Instant) {
    guard let sent = state.mainProbeSent, now - sent > threshold else { return }
    if let stall = state.mainStall, stall.sent == sent {
      lengthen(stall.tokens, to: now, in: &state)
    } else {
      let tokens = blameTheRunning(&state, for: "The main actor was busy", since: sent, now: now)
      state.mainStall = (sent, tokens)
    }
  }

  /// Lengthens the stall last reported to each of `tokens`: it lasts still.
  private func lengthen(_ tokens: [Int], to now: ContinuousClock.Instant, in state: inout State) {
    for token in tokens {
      guard var test = state.tests[token], !test.stalls.isEmpty else { continue }
      test.stalls[test.stalls.count - 1].until = now
      state.tests[token] = test
    }
  }

  /// Reports a stall that no claim explains to each test that was running when it began and is not on a thread
  /// of its own, naming all of them as suspects.
  private func blameTheRunning(
    _ state: inout State, for what: String, since: ContinuousClock.Instant, now: ContinuousClock.Instant
  ) -> [Int] {
    let suspects = state.tests.filter { $0.value.started <= since && $0.value.away == 0 }
    let names = suspects.values.map(\.name).sorted()
    for token in suspects.keys {
      state.tests[token]?.stalls.append(Hold(what: what, since: since, until: now, suspects: names))
    }
    return Array(suspects.keys)
  }

  /// Records (or lengthens) the hold of `token`'s standing claim, once it is older than the threshold.
  private func extend(_ token: Int, to now: ContinuousClock.Instant, in state: inout State) {
    guard let claim = state.tests[token]?.claim, now - claim.at > threshold else { return }
    let what = claim.thread == state.mainThread ? "the main actor" : "a thread of the cooperative pool"
    state.tests[token]?.holds[claim.at, default: Hold(what: what, since: claim.at, until: now, suspects: nil)]
      .until = now
  }

  /// Where the watch writes each test's hold of the thread it started on (when it kept it to the end) and each
  /// probe round's wait: set `SIGNALS_POOL_WATCH_LOG` to a file path to see what keeps the pool busy.
  private static let log: Log? = ProcessInfo.processInfo.environment["SIGNALS_POOL_WATCH_LOG"].flatMap(Log.init)

  private final class Log: Sendable {
    private let file: Guarded<FileHandle>

    init?(path: String) {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else { return nil }
      file = Guarded(handle)
    }

    func write(_ line: String) {
      file.withLock { $0.write(Data(line.utf8)) }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return ((Double(seconds) + Double(attoseconds) / 1e18) * 100).rounded() / 100
  }
}

/// A thread, as `pthread_self` names it.
struct ThreadID: Hashable, Sendable {
  private let raw: UInt

  /// The calling thread.
  static var current: ThreadID {
    #if canImport(Darwin)
    ThreadID(raw: UInt(bitPattern: pthread_self()))
    #else
    ThreadID(raw: UInt(pthread_self()))
    #endif
  }
}
