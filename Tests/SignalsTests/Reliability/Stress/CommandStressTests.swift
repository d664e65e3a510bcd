import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// Many threads applying and executing a `Command` while its `enabledIf` flips and while it is released.
///
/// Sizes: 4 executing threads × 1,000 attempts, plus 1 thread flipping `enabledIf` 1,000 times; half of the
/// executions finish on another thread, so executions really overlap in time.
@Suite(.watchingThePool, .onItsOwnThread) struct CommandStressTests {
  static let threads = 4
  static let attemptsPerThread = 1_000

  /// What the executions of a stressed command did.
  final class Tally: Sendable {
    let workCalls = AtomicCounter()
    let runs = AtomicCounter()
    let disabled = AtomicCounter()
    let wrong = AtomicCounter()
    let ended = AtomicCounter()
    let inFlight = AtomicCounter()
    let maxInFlight = Atomic<Int>(0)

    /// Waits (bounded) until `count` executions have ended; returns whether they all did.
    func waitForEnds(_ count: Int) -> Bool {
      let deadline = ContinuousClock.now + .seconds(60)
      while ended.value < count {
        if ContinuousClock.now > deadline { return false }
        yieldThread()
      }
      return true
    }
  }

  /// A command whose work sends its input and completes, synchronously for even inputs and on `worker` for
  /// odd ones; it counts executions in flight in `tally`.
  private static func makeCommand(
    policy: ExecutionPolicy,
    enabledIf: MutableProperty<Bool>,
    tally: Tally,
    worker: WorkerThread? = nil
  ) -> Command<Int, Int, Never> {
    Command<Int, Int, Never>(
      policy: policy, enabledIf: enabledIf,
      execute: { input in
        SignalProducer { observer, _ in
          tally.workCalls.increment()
          let now = tally.inFlight.increment()
          _ = tally.maxInFlight.max(now, ordering: .acquiringAndReleasing)
          let finish: @Sendable () -> Void = {
            observer.send(value: input)
            // Leaves before the terminal event: the command counts the execution as running until then.
            tally.inFlight.decrement()
            observer.sendCompleted()
          }
          if let worker, !input.isMultiple(of: 2) { worker.async(finish) } else { finish() }
        }
      })
  }

  /// Starts `command.apply(input)` and sorts its outcome into `tally`. Returns whether the execution ran, if it
  /// ended before `start` returned.
  @discardableResult
  private static func apply(
    _ command: SignalProducer<Int, CommandError<Never>>, _ input: Int, _ tally: Tally
  ) -> Bool? {
    let state = Locked<(values: [Int], ran: Bool?)>(([], nil))
    command.start { event in
      let values = state.withLock { $0.values }
      switch event {
      case .value(let value): state.withLock { $0.values.append(value) }
      case .completed:
        state.withLock { $0.ran = true }
        if values == [input] { tally.runs.increment() } else { tally.wrong.increment() }
      case .failed(.disabled):
        state.withLock { $0.ran = false }
        if values.isEmpty { tally.disabled.increment() } else { tally.wrong.increment() }
      case .failed, .interrupted:
        tally.wrong.increment()
      }
      if event.isTerminating { tally.ended.increment() }
    }
    return state.withLock { $0.ran }
  }

  @Test(arguments: [ExecutionPolicy.serial, .concurrent])
  func everyApplyFromManyThreadsRunsOrAnswersDisabledWhileEnabledIfFlips(policy: ExecutionPolicy) {
    let enabledIf = MutableProperty(true)
    let tally = Tally()
    let worker = WorkerThread()
    defer { worker.stop() }
    let command = Self.makeCommand(policy: policy, enabledIf: enabledIf, tally: tally, worker: worker)
    let values = AtomicCounter()
    let refused = AtomicCounter()
    command.values.observeValues { _ in values.increment() }
    command.disabledAttempts.observeValues { _ in refused.increment() }
    let attempts = Self.threads * Self.attemptsPerThread
    let executorsDone = AtomicCounter()
    stressConcurrently(Self.threads + 1) { thread in
      if thread < Self.threads {
        for attempt in 0..<Self.attemptsPerThread {
          let input = thread * Self.attemptsPerThread + attempt
          if attempt.isMultiple(of: 3) {
            command.execute(input)
            tally.ended.increment()
          } else {
            Self.apply(command.apply(input), input, tally)
          }
        }
        executorsDone.increment()
      } else {
        // Flips for as long as the executors run (at least `attemptsPerThread` times), then leaves it enabled.
        var flip = 0
        while executorsDone.value < Self.threads || flip < Self.attemptsPerThread {
          flip += 1
          enabledIf.value = !flip.isMultiple(of: 2)
        }
        enabledIf.value = true
      }
    }
    #expect(tally.waitForEnds(attempts))
    // Wait (bounded) for the last asynchronous execution started by `execute` to end.
    let deadline = ContinuousClock.now + .seconds(60)
    while command.isExecuting.value && ContinuousClock.now < deadline { yieldThread() }
    // Executions started by `execute` are counted through the command's outputs; `apply`'s through `tally`.
    #expect(tally.wrong.value == 0)
    #expect(values.value + refused.value == attempts)
    #expect(tally.workCalls.value == values.value)
    #expect(tally.runs.value <= values.value && tally.disabled.value <= refused.value)
    #expect(values.value > 0 && refused.value > 0)
    if policy == .serial { #expect(tally.maxInFlight.load(ordering: .acquiring) == 1) }
    #expect(!command.isExecuting.value)
    #expect(command.isEnabled.value)
  }

  @Test func aPropertyDerivedFromIsExecutingAndIsEnabledNeverShowsAnImpossibleStateWhileThreadsExecute() {
    // Each state change is one change of the graph, also when another thread owns the domain and the change
    // is queued: a serial command with no `enabledIf` is either executing and disabled, or idle and enabled.
    let command = Command(work: { (input: Int) in input })
    let shown = Property.combineLatest(command.isExecuting, command.isEnabled) { [$0, $1] }
    let changes = AtomicCounter()
    let impossible = Locked<[[Bool]]>([])
    shown.signal.observeValues { state in
      changes.increment()
      if state[0] == state[1] { impossible.withLock { $0.append(state) } }
    }
    stressConcurrently(Self.threads) { thread in
      for attempt in 0..<Self.attemptsPerThread { command.execute(thread * Self.attemptsPerThread + attempt) }
    }
    #expect(impossible.withLock { $0 }.isEmpty)
    #expect(changes.value >= 2 && changes.value.isMultiple(of: 2))
    #expect(shown.value == [false, true])
  }

  @Test func releasingACommandWhileThreadsStartItsProducersRunsNothingAfterTheRelease() {
    let enabledIf = MutableProperty(true)
    let tally = Tally()
    let box = Box<Command<Int, Int, Never>?>(
      Self.makeCommand(policy: .concurrent, enabledIf: enabledIf, tally: tally))
    let producers = (0..<Self.threads).map { box.value!.apply($0 * 2) }
    let outputs = TestRecorder(box.value!.values)
    let released = AtomicFlag()
    let workAfterRelease = AtomicCounter()
    let started = AtomicCounter()
    let attempts = Self.threads * Self.attemptsPerThread
    stressConcurrently(Self.threads + 1) { thread in
      if thread < Self.threads {
        for _ in 0..<Self.attemptsPerThread {
          let wasReleased = released.value
          // Even inputs: the execution ends inside `start`, so its outcome is known here.
          let ran = Self.apply(producers[thread], thread * 2, tally)
          if wasReleased && ran != false { workAfterRelease.increment() }
          started.increment()
        }
      } else {
        while started.value < attempts / 2 { yieldThread() }
        box.value = nil
        _ = released.set()
      }
    }
    #expect(tally.waitForEnds(attempts))
    #expect(tally.wrong.value == 0)
    #expect(tally.runs.value + tally.disabled.value == attempts)
    #expect(tally.runs.value >= attempts / 2 - Self.threads)
    #expect(tally.disabled.value > 0)
    #expect(workAfterRelease.value == 0)
    #expect(outputs.isCompleted)
  }
}
