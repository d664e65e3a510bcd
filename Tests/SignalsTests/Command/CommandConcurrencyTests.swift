import Dispatch
import SignalsTestSupport
import Testing

@testable import Signals

@Suite(.watchingThePool, .onItsOwnThread) struct CommandConcurrencyTests {
  static let threads = 4
  static let attemptsPerThread = 2_000

  @Test func aSerialCommandExecutedFromManyThreadsRunsOneExecutionAtATime() {
    let entries = EntryGuard()
    let command = Command(work: { (input: Int) in entries.enter { input } })
    let ran = AtomicCounter()
    let refused = AtomicCounter()
    command.values.observeValues { _ in ran.increment() }
    command.disabledAttempts.observeValues { _ in refused.increment() }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for attempt in 0..<Self.attemptsPerThread { command.execute(thread * Self.attemptsPerThread + attempt) }
    }
    #expect(entries.maxDepth == 1)
    let total = ran.value + refused.value
    #expect(total == Self.threads * Self.attemptsPerThread)
    #expect(ran.value > 0)
    #expect(!command.isExecuting.value && command.isEnabled.value)
  }

  @Test func isExecutingAlternatesAndEndsFalseUnderConcurrentExecutions() {
    let command = Command(policy: .concurrent, work: { (input: Int) in input })
    let log = Locked<[Bool]>([])
    command.isExecuting.signal.observeValues { value in log.withLock { $0.append(value) } }
    let completed = AtomicCounter()
    command.completed.observeValues { completed.increment() }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for attempt in 0..<Self.attemptsPerThread { command.execute(thread * Self.attemptsPerThread + attempt) }
    }
    let changes = log.withLock { $0 }
    #expect(completed.value == Self.threads * Self.attemptsPerThread)
    #expect(!command.isExecuting.value)
    #expect(changes.first == true && changes.last == false)
    #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 })
  }
}
