import Dispatch
import Foundation
import SignalsTestSupport
import Testing

@testable import Signals

/// The pool watch reports the holds planted in front of it, by name, without failing the run: each plant runs
/// under a watch of its own inside ``issues(recordedBy:)``, which keeps what the watch records.
@Suite(.watchingThePool) struct PoolWatchTests {
  /// The plant of the issue: a test that blocks the pool thread it runs on for a second and a half.
  @Test func aTestThatBlocksItsPoolThreadForASecondAndAHalfIsNamedWithTheHoldsLength() async throws {
    let reported = try await issues {
      await PoolWatch.shared.watch(named: "PlantedTests/blocksItsPoolThread()") { sentence in
        Issue.record(Comment(rawValue: sentence))
      } body: {
        blockThisThread(for: 1.5)
      }
    }
    #expect(reported.count == 1, "\(reported)")
    let report = try #require(reported.first)
    // The length is what the watch measured: at least the planted hold, more on a loaded machine.
    #expect(
      seconds(after: "PlantedTests/blocksItsPoolThread() kept a thread of the cooperative pool for ", in: report)
        .map { $0 >= 1.4 } == true, "\(report)")
    #expect(report.contains("on a thread of its own (`.onItsOwnThread`"), "\(report)")
  }

  @Test func aTestThatBlocksOnAThreadOfItsOwnIsNotReported() async throws {
    let reported = try await issues {
      await PoolWatch.shared.watch(named: "PlantedTests/blocksItsOwnThread()") { sentence in
        Issue.record(Comment(rawValue: sentence))
      } body: {
        await onItsOwnThread { blockThisThread(for: 1.2) }
      }
    }
    #expect(reported.isEmpty, "\(reported)")
  }

  /// A pool of one thread of its own, probed and held like the real one, with a threshold of 0.3 s.
  @Test func aHoldOfAOneThreadPoolIsNamedAndAStallAfterAnAwaitNamesTheTestsRunning() async throws {
    let pool = OneThread()
    defer { pool.stop() }
    let watch = PoolWatch(pool: pool.lane, mainActor: nil, threshold: .milliseconds(300), interval: .milliseconds(50))
    let reported = try await issues {
      await withTaskExecutorPreference(pool) {
        await Task.yield()
        // Blocks the thread it started on: named, with the hold's length.
        await watch.watch(named: "Planted/holds()") {
          Issue.record(Comment(rawValue: $0))
        } body: {
          blockThisThread(for: 0.6)
        }
        // Lets a probe see its thread free, then blocks it after the `await`: a stall no claim explains.
        await watch.watch(named: "Planted/blocksAfterAnAwait()") {
          Issue.record(Comment(rawValue: $0))
        } body: {
          try? await Task.sleep(for: .milliseconds(200))
          blockThisThread(for: 0.6)
        }
      }
    }
    #expect(reported.count == 2, "\(reported)")
    #expect(
      reported.first.flatMap { seconds(after: "Planted/holds() kept a thread of the cooperative pool for ", in: $0) }
        .map { $0 >= 0.5 } == true, "\(reported)")
    #expect(
      reported.last.flatMap { seconds(after: "The cooperative pool had no free thread for ", in: $0) }
        .map { $0 >= 0.3 } == true
        && reported.last?.contains("the tests running then: Planted/blocksAfterAnAwait().") == true,
      "\(reported)")
  }

  /// A main actor of one thread, busy for 0.6 s with a threshold of 0.3 s.
  @Test func aBusyMainActorIsReportedToTheTestsRunning() async throws {
    let pool = OneThread()
    let main = OneThread()
    defer {
      pool.stop()
      main.stop()
    }
    let watch = PoolWatch(
      pool: pool.lane, mainActor: main.lane, threshold: .milliseconds(300), interval: .milliseconds(50))
    let reported = try await issues {
      await withTaskExecutorPreference(pool) {
        await Task.yield()
        await watch.watch(named: "Planted/blocksTheMainActor()") {
          Issue.record(Comment(rawValue: $0))
        } body: {
          // Lets a probe see its pool thread free, then blocks the main actor.
          try? await Task.sleep(for: .milliseconds(200))
          await withTaskExecutorPreference(main) {
            await Task.yield()
            blockThisThread(for: 0.6)
          }
        }
      }
    }
    #expect(reported.count == 1, "\(reported)")
    #expect(
      reported.first.flatMap { seconds(after: "The main actor was busy for ", in: $0) }.map { $0 >= 0.3 } == true
        && reported.first?.contains("Planted/blocksTheMainActor()") == true,
      "\(reported)")
  }
}

/// Blocks the calling thread for `seconds`: the plants' hold.
/// The length in seconds a report gives right after `prefix` (`… for 1.53 s`), or `nil` if it has none there.
private func seconds(after prefix: String, in report: String) -> Double? {
  guard let start = report.range(of: prefix)?.upperBound else { return nil }
  return Double(report[start...].prefix { $0.isNumber || $0 == "." })
}

private func blockThisThread(for seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}

/// A task executor with one thread, which also runs plain closures: a stand-in, in the watch's self-tests, for
/// the pool or the main actor, whose probes run on that same thread.
private final class OneThread: TaskExecutor, @unchecked Sendable {
  private enum Work {
    case job(UnownedJob)
    case closure(@Sendable () -> Void)
  }

  private let work = Locked<[Work]>([])
  private let available = DispatchSemaphore(value: 0)

  init() {
    Thread { [self] in
      while true {
        available.wait()
        guard let next = work.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
        switch next {
        case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
        case .closure(let closure): closure()
        }
      }
    }.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    work.withLock { $0.append(.job(job)) }
    available.signal()
  }

  /// Runs `closure` on the thread, after what was enqueued before.
  func run(_ closure: @escaping @Sendable () -> Void) {
    work.withLock { $0.append(.closure(closure)) }
    available.signal()
  }

  /// Ends the thread once it has run what was enqueued.
  func stop() {
    available.signal()
  }

  /// A lane of the watch whose probes run on this thread.
  var lane: PoolWatch.Lane {
    PoolWatch.Lane(width: 1) { [self] _, probe in run(probe) }
  }
}

/// Every top-level suite carries `.watchingThePool`, so that the watch knows every test.
@Suite(.watchingThePool) struct TestSupportRulesTests {
  @Test func everyTopLevelSuiteAndTestIsWatched() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // Docs/Testing.md's spec is this file's text, line for line (scripts/check-testing-guide.sh).
    let exempt = ["TestingGuideSpec.swift"]
    var unwatched: [String] = []
    var seen = 0
    for target in ["SignalsTests", "SignalsMVVMTests"] {
      let directory = tests.appendingPathComponent(target)
      let files = try #require(FileManager.default.enumerator(atPath: directory.path))
      for case let file as String in files
      where file.hasSuffix(".swift") && !exempt.contains(where: { file.hasSuffix($0) }) {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.hasPrefix("@Suite") || line.hasPrefix("@Test") || line.hasPrefix("@MainActor @Suite") {
          seen += 1
          if !line.contains(".watchingThePool") { unwatched.append("\(target)/\(file):\(number + 1): \(line)") }
        }
      }
    }
    #expect(seen > 100, "only \(seen) top-level suites found under \(tests.path)")
    #expect(unwatched.isEmpty, "top-level suites without .watchingThePool:\n\(unwatched.joined(separator: "\n"))")
  }
}
