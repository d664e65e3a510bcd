import Dispatch
import Foundation
import SignalsTestSupport
import Testing

@testable import Signals

/// Contracts §16 under contention: real threads setting shared sources, committing transactions, creating
/// derived properties and binding, while observers of a derived diamond check every value they are told
/// against the rest of the graph. Run under ThreadSanitizer by `.ci/run`.
///
/// Sizes: 4 threads × 1,500 sets or transactions per test. (A binding cycle set from two threads is in
/// `BindingCycleTests`, whose specs share the global cycle handler one at a time.)
@Suite(.watchingThePool, .onItsOwnThread) struct PropertyGraphStressTests {
  static let threads = 4
  static let perThread = 1_500

  /// a ─┬─ map(identity) ─┐
  ///    └─ map(× 2) ──────┴─ combineLatest → d
  struct Diamond {
    let a = MutableProperty(0)
    let b: Property<Int>
    let c: Property<Int>
    let d: Property<(Int, Int)>

    init() {
      b = a.map { $0 }
      c = a.map { $0 * 2 }
      d = Property.combineLatest(b, c)
    }

    /// Whether `pair` is a state the diamond can be in: both halves from one value of `a`.
    static func isConsistent(_ pair: (Int, Int)) -> Bool { pair.1 == pair.0 * 2 }
  }

  @Test func modifiesThatReadTheGraphRacingSetsAndTransactionsLoseNoUpdate() {
    let counter = MutableProperty(0)
    let other = MutableProperty(0)
    let pair = MutableProperty(0)
    let sum = Property.combineLatest(counter, other, pair) { $0 + $1 + $2 }
    let perThread = 2_000
    // Two threads add one to `counter` with `modify`, reading the graph inside the body; one sets `other`
    // plainly; one commits transactions that set `other` and `pair` together. Plain sets and commits of
    // `counter`'s graph wait for a body in progress, so no increment is lost.
    stressConcurrently(4) { thread in
      for step in 0..<perThread {
        switch thread {
        case 0, 1: counter.modify { $0 += sum.value >= 0 ? 1 : 0 }
        case 2: other.value = step
        default:
          withTransaction {
            other.value = step
            pair.value = step
          }
        }
      }
    }
    #expect(counter.value == 2 * perThread)
    #expect(sum.value == counter.value + other.value + pair.value)
  }

  @Test(arguments: [false, true])
  func aSetOrACommitMadeWhileAModifyRunsItsBodyWaitsForIt(inATransaction: Bool) {
    let counter = MutableProperty(0)
    let other = MutableProperty(0)
    let sum = Property.combineLatest(counter, other) { $0 + $1 }
    let seen = Locked<[Int]>([])
    counter.observeValues { value in seen.withLock { $0.append(value) } }
    let inside = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      inside.wait()
      // Made while the body below sleeps: it must wait for the body, or the body's result would overwrite it.
      if inATransaction {
        withTransaction {
          counter.value = 100
          other.value = 1
        }
      } else {
        counter.value = 100
      }
      done.signal()
    }.start()
    counter.modify { value in
      inside.signal()
      usleep(50_000)
      value += sum.value + 1
    }
    done.wait()
    #expect(counter.value == 100)
    #expect(seen.withLock { $0 } == [0, 1, 100])
  }

  @Test func concurrentSetsReachADiamondOneConsistentStateAtATimeAndNoneIsLost() {
    let diamond = Diamond()
    let log = SenderLog(senders: Self.threads, stride: 100_000)
    let inconsistent = AtomicCounter()
    let misreads = AtomicCounter()
    diamond.d.signal.observeValues { pair in
      if !Diamond.isConsistent(pair) { inconsistent.increment() }
      // While d is told of a change, the rest of the derived graph holds the same state.
      if diamond.b.value != pair.0 || diamond.c.value != pair.1 { misreads.increment() }
      log.record(pair.0)
    }
    stressConcurrently(Self.threads) { thread in
      for sequence in 0..<Self.perThread { diamond.a.value = log.value(sender: thread, sequence: sequence) }
    }
    #expect(inconsistent.value == 0)
    #expect(misreads.value == 0)
    #expect(log.maxDepth == 1)
    // Every set is one change: each reaches d exactly once, in each sender's order.
    #expect(log.sawEverything(perSender: Self.perThread), "\(log.counts)")
    // The last value set is the one the graph ends with.
    #expect(diamond.d.value == (diamond.a.value, diamond.a.value * 2))
  }

  @Test func concurrentTransactionsAndSetsAreEachOneChangeAndNeverSeenHalfDone() {
    // Threads 0 and 1 commit transactions that keep x == y; threads 2 and 3 set z alone. The combination sees
    // whole transactions only, and one change per transaction or set.
    let x = MutableProperty(0)
    let y = MutableProperty(0)
    let z = MutableProperty(0)
    let sum = Property.combineLatest(x.map { $0 }, y.map { $0 }, z) { ($0, $1, $2) }
    let torn = AtomicCounter()
    let changes = AtomicCounter()
    let staleReads = AtomicCounter()
    let entries = EntryGuard()
    sum.signal.observeValues { state in
      entries.enter {
        changes.increment()
        if state.0 != state.1 { torn.increment() }
      }
    }
    stressConcurrently(Self.threads) { thread in
      for round in 1...Self.perThread {
        let value = thread * 100_000 + round
        if thread < 2 {
          withTransaction {
            x.value = value
            y.value = value
            // Inside, the derived property is computed from the transaction's values.
            if sum.value.0 != value || sum.value.1 != value { staleReads.increment() }
          }
        } else {
          z.value = value
        }
      }
    }
    #expect(torn.value == 0)
    #expect(staleReads.value == 0)
    #expect(entries.maxDepth == 1)
    #expect(changes.value == Self.threads * Self.perThread)
    #expect(x.value == y.value)
    #expect(sum.value == (x.value, y.value, z.value))
  }

  @Test func propertiesCreatedWhileOtherThreadsSetStartFromOneConsistentState() {
    // Creating a combination reads its inputs' values from one commit, even while another thread changes
    // them; it then follows every later change (a catch-up covers a change made while it was attaching).
    let diamond = Diamond()
    let done = AtomicFlag()
    let inconsistentAtCreation = AtomicCounter()
    let inconsistentLater = AtomicCounter()
    stressConcurrently(Self.threads) { thread in
      if thread == 0 {
        for value in 1...Self.perThread * 2 { diamond.a.value = value }
        done.store(true)
        return
      }
      var round = 0
      while !done.value || round < 20 {
        round += 1
        let pair = Property.combineLatest(diamond.b, diamond.c)
        if !Diamond.isConsistent(pair.value) { inconsistentAtCreation.increment() }
        let disposable = pair.signal.observeValues { if !Diamond.isConsistent($0) { inconsistentLater.increment() } }
        yieldThread()
        if !Diamond.isConsistent(pair.value) { inconsistentLater.increment() }
        disposable?.dispose()
      }
    }
    #expect(inconsistentAtCreation.value == 0)
    #expect(inconsistentLater.value == 0)
    // Once every thread is done (a set can return before its change is propagated, when another thread owns
    // the graph: that thread propagates it before it lets go), a new combination holds the final state.
    let last = Property.combineLatest(diamond.b, diamond.c).value
    #expect(last == (Self.perThread * 2, Self.perThread * 4))
  }

  @Test func bindingsAndObserversOnManyThreadsEndWithTheLastState() {
    // Two diamonds over one source, a label bound to each, and threads that set, observe and dispose at once.
    let diamond = Diamond()
    let label = MutableProperty("")
    label <~ diamond.d.map { "\($0.0)/\($0.1)" }
    let churn = ChurnLog(senders: 2, stride: 100_000)
    let remaining = AtomicCounter()
    let stop = AtomicFlag()
    stressConcurrently(Self.threads) { thread in
      if thread < 2 {
        for sequence in 0..<Self.perThread { diamond.a.value = thread * 100_000 + sequence }
        if remaining.increment() == 2 { stop.store(true) }
      } else {
        churn.churn(until: stop, minimumRounds: 50) { record in
          diamond.d.signal.observeValues { record($0.0) }
        }
      }
    }
    #expect(churn.overlapCount == 0)
    #expect(churn.disorderCount == 0)
    #expect(churn.lateBurstCount == 0)
    let final = diamond.a.value
    #expect(label.value == "\(final)/\(final * 2)")
  }
}

extension PropertyGraphStressTests {
  /// A source in the graph set from many threads at once (its sets take its domain's lock alone): each set is
  /// one change, delivered once to the source's observers (one attached before it joined, one after) and to the
  /// derived property's, in each sender's order; a thread reads back its own set or a later one; the graph
  /// ends with the last value accepted.
  @Test func concurrentSetsOfASourceInTheGraphAreEachOneChangeAndTheLastAcceptedWins() {
    let source = MutableProperty(-1)
    let early = SenderLog(senders: Self.threads, stride: 100_000)
    source.observeValues { if $0 >= 0 { early.record($0) } }
    let doubled = source.map { $0 * 2 }
    let late = SenderLog(senders: Self.threads, stride: 100_000)
    source.observeValues { if $0 >= 0 { late.record($0) } }
    let derived = SenderLog(senders: Self.threads, stride: 100_000)
    let inconsistent = AtomicCounter()
    doubled.observeValues { value in
      guard value >= 0 else { return }
      derived.record(value / 2)
      if doubled.value != value { inconsistent.increment() }
    }
    let staleReads = AtomicCounter()
    stressConcurrently(Self.threads) { thread in
      for sequence in 0..<Self.perThread {
        source.value = early.value(sender: thread, sequence: sequence)
        // The value read on the next line is this set, or one another thread made later: never an earlier one
        // of this thread's.
        let read = source.value
        if read / early.stride == thread && read % early.stride != sequence { staleReads.increment() }
      }
    }
    #expect(staleReads.value == 0)
    #expect(inconsistent.value == 0)
    #expect(early.sawEverything(perSender: Self.perThread), "\(early.counts)")
    #expect(late.sawEverything(perSender: Self.perThread), "\(late.counts)")
    #expect(derived.sawEverything(perSender: Self.perThread), "\(derived.counts)")
    #expect(early.maxDepth == 1 && late.maxDepth == 1 && derived.maxDepth == 1)
    #expect(doubled.value == source.value * 2)
  }
}
