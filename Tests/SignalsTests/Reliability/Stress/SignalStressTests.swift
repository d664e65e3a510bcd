import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Many threads sending, observing and disposing at once on pipes, a derived chain and multi-input operators.
///
/// Sizes: 4 sender threads × 2,500 values, plus 2 threads attaching and detaching observers meanwhile.
@Suite(.watchingThePool, .onItsOwnThread) struct SignalStressTests {
  static let senders = 4
  static let perSender = 2_500

  @Test func aDerivedChainDeliversEveryValueOnceInEachSendersOrderWhileObserversComeAndGo() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let chain = signal.map { $0 + 0 }.filter { _ in true }.compactMap { Optional($0) }
    let log = SenderLog(senders: Self.senders, stride: Self.perSender)
    chain.observeValues(log.record)
    let churn = ChurnLog(senders: Self.senders, stride: Self.perSender)
    let stop = AtomicFlag()
    let remaining = AtomicCounter()
    stressConcurrently(Self.senders + 2) { thread in
      if thread < Self.senders {
        for sequence in 0..<Self.perSender { input.send(value: log.value(sender: thread, sequence: sequence)) }
        if remaining.increment() == Self.senders { stop.store(true) }
      } else {
        churn.churn(until: stop, minimumRounds: 50) { action in chain.observeValues(action) }
      }
    }
    #expect(log.sawEverything(perSender: Self.perSender))
    #expect(log.maxDepth == 1)
    #expect(churn.overlapCount == 0)
    #expect(churn.disorderCount == 0)
    #expect(churn.lateBurstCount == 0)
    let recorder = TestRecorder(chain)
    input.sendCompleted()
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func mergeOfPipesSentFromManyThreadsLosesAndRepeatsNothingAndCompletesOnce() {
    // Two pipes, each sent into by two threads; the merge is observed by a permanent observer and by churning ones.
    let pipes = (0..<2).map { _ in Signal<Int, Never>.pipe() }
    let merged = Signal.merge(pipes.map(\.output)).map { $0 }
    let log = SenderLog(senders: Self.senders, stride: Self.perSender)
    let recorder = TestRecorder<Int, Never>()
    merged.observe { event in
      if case .value(let value) = event { log.record(value) }
      if event.isTerminating { recorder.record(event) }
    }
    let churn = ChurnLog(senders: Self.senders, stride: Self.perSender)
    let stop = AtomicFlag()
    let remaining = AtomicCounter()
    let finishedPerPipe = [AtomicCounter(), AtomicCounter()]
    stressConcurrently(Self.senders + 2) { thread in
      if thread < Self.senders {
        let pipe = pipes[thread % 2].input
        for sequence in 0..<Self.perSender { pipe.send(value: log.value(sender: thread, sequence: sequence)) }
        // The second sender of a pipe to finish completes it, then sends one more completion, which is dropped.
        if finishedPerPipe[thread % 2].increment() == 2 {
          pipe.sendCompleted()
          pipe.sendCompleted()
        }
        if remaining.increment() == Self.senders { stop.store(true) }
      } else {
        churn.churn(until: stop, minimumRounds: 50) { action in merged.observeValues(action) }
      }
    }
    #expect(log.sawEverything(perSender: Self.perSender))
    #expect(log.maxDepth == 1)
    #expect(recorder.descriptions == ["completed"])
    #expect(churn.overlapCount == 0 && churn.disorderCount == 0 && churn.lateBurstCount == 0)
  }

  @Test func combineLatestUnderConcurrentSendsEmitsOncePerSendInEachInputsOrder() {
    // Each input is sent into by two threads; values are per-sender sequence numbers, so each component of the
    // combinations must follow its senders' order, and the last combination holds both inputs' last values.
    let a = Signal<Int, Never>.pipe()
    let b = Signal<Int, Never>.pipe()
    let combined = Signal.combineLatest(a.output, b.output)
    let entries = EntryGuard()
    let state = Locked((count: 0, lastA: [-1, -1, -1, -1], lastB: [-1, -1, -1, -1], disorder: 0))
    let stride = Self.perSender
    combined.observeValues { pair in
      entries.enter {
        state.withLock { state in
          state.count += 1
          let (senderA, sequenceA) = (pair.0 / stride, pair.0 % stride)
          let (senderB, sequenceB) = (pair.1 / stride, pair.1 % stride)
          if sequenceA < state.lastA[senderA] { state.disorder += 1 }
          if sequenceB < state.lastB[senderB] { state.disorder += 1 }
          state.lastA[senderA] = sequenceA
          state.lastB[senderB] = sequenceB
        }
      }
    }
    // Prime both inputs from this thread (sender 0's sequence 0 of each): one combination.
    a.input.send(value: 0)
    b.input.send(value: 0)
    stressConcurrently(Self.senders) { thread in
      let input = thread.isMultiple(of: 2) ? a.input : b.input
      for sequence in 1...Self.perSender - 1 { input.send(value: thread * stride + sequence) }
    }
    let result = state.withLock { $0 }
    #expect(result.count == 1 + Self.senders * (Self.perSender - 1))
    #expect(result.disorder == 0)
    #expect(entries.maxDepth == 1)
    // Every sender's last value was delivered as part of some combination.
    #expect(result.lastA[0] == Self.perSender - 1 && result.lastA[2] == Self.perSender - 1)
    #expect(result.lastB[1] == Self.perSender - 1 && result.lastB[3] == Self.perSender - 1)
  }

  @Test func terminationRacingSendsAndObserversEndsEveryObserverExactlyOnceWithNothingAfter() {
    // 100 rounds: 3 threads send, 1 completes the pipe midway, 1 attaches observers to the derived chain and the
    // merge; every observer that attached sees the grammar `value* terminal` with one terminal.
    let violations = AtomicCounter()
    let unterminated = AtomicCounter()
    for _ in 0..<100 {
      let (signal, input) = Signal<Int, Never>.pipe()
      let (other, otherInput) = Signal<Int, Never>.pipe()
      let chain = signal.map { $0 * 2 }.filter { $0 >= 0 }
      let merged = Signal.merge([chain, other])
      let recorders = Locked<[TestRecorder<Int, Never>]>([TestRecorder(chain), TestRecorder(merged)])
      stressConcurrently(5) { thread in
        switch thread {
        case 0, 1:
          for value in 0..<50 { input.send(value: value) }
        case 2:
          for value in 0..<50 { otherInput.send(value: value) }
        case 3:
          for _ in 0..<10 { input.send(value: -1) }
          input.sendCompleted()
        default:
          for index in 0..<10 {
            let recorder = index.isMultiple(of: 2) ? TestRecorder(chain) : TestRecorder(merged)
            recorders.withLock { $0.append(recorder) }
          }
        }
      }
      otherInput.sendCompleted()
      for recorder in recorders.withLock({ $0 }) {
        if recorder.violatedGrammar || recorder.events.filter(\.isTerminating).count != 1 { violations.increment() }
        if !recorder.isTerminated { unterminated.increment() }
      }
    }
    #expect(violations.value == 0)
    #expect(unterminated.value == 0)
  }

  @Test func disposingAChainFromAnotherThreadWhileSendingDetachesAndReleasesIt() {
    // 100 rounds: a sender thread and a disposing thread race; afterwards the chain (whose only observer was
    // disposed and whose handle is gone) has detached from the pipe and released its closures.
    let leaks = AtomicCounter()
    let wrongEnds = AtomicCounter()
    for _ in 0..<100 {
      let (signal, input) = Signal<Int, Never>.pipe()
      let released = AtomicFlag()
      let recorder: TestRecorder<Int, Never>
      do {
        let canary = Canary { _ = released.set() }
        let chain = signal.map { value -> Int in
          _ = canary
          return value
        }
        recorder = TestRecorder(chain)
      }
      let disposable = recorder.disposable!
      stressConcurrently(2) { thread in
        if thread == 0 {
          for value in 0..<100 { input.send(value: value) }
        } else {
          disposable.dispose()
        }
      }
      if !released.value { leaks.increment() }
      // A disposed observation of a signal receives nothing more, not even a terminal event.
      if recorder.isTerminated || recorder.violatedGrammar { wrongEnds.increment() }
      let values = recorder.values
      if values != Array(0..<values.count) { wrongEnds.increment() }
    }
    #expect(leaks.value == 0)
    #expect(wrongEnds.value == 0)
  }
}
