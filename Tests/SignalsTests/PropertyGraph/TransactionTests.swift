import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// Contracts §16, "Transactions": `withTransaction` makes its sets one change of the graph.
@Suite(.watchingThePool, .onItsOwnThread) struct TransactionTests {
  @Test func setsInsideATransactionEmitOnceWithTheFinalState() {
    let name = MutableProperty("Li")
    let phone = MutableProperty("138")
    let summary = Property.combineLatest(name, phone) { "\($0)·\($1)" }
    let nameRecorder = TestRecorder(name.signal)
    let summaryRecorder = TestRecorder(summary.signal)
    withTransaction {
      name.value = ""
      phone.value = ""
      name.value = "Han"
    }
    #expect(nameRecorder.values == ["Han"])
    #expect(summaryRecorder.values == ["Han·"])
  }

  @Test func propertiesOutsideTheGraphAreDeliveredAtTheEndToo() {
    // Sources nothing is derived from are delivered at the commit as well, once each.
    let first = MutableProperty(0)
    let second = MutableProperty(0)
    let log = Locked<[String]>([])
    first.signal.observeValues { value in log.withLock { $0.append("first \(value)") } }
    second.signal.observeValues { value in log.withLock { $0.append("second \(value)") } }
    withTransaction {
      first.value = 1
      second.value = 2
      first.value = 3
      #expect(log.withLock { $0 }.isEmpty)
    }
    #expect(log.withLock { $0 } == ["first 3", "second 2"])
  }

  @Test func readsInsideATransactionSeeTheNewValuesOfSourcesAndDerivedProperties() {
    let a = MutableProperty(1)
    let b = MutableProperty(10)
    let sum = Property.combineLatest(a, b) { $0 + $1 }
    let doubled = sum.map { $0 * 2 }
    withTransaction {
      a.value = 2
      #expect(a.value == 2)
      #expect(sum.value == 12)
      #expect(doubled.value == 24)
      b.value = 20
      #expect(sum.value == 22)
      #expect(doubled.value == 44)
    }
    #expect(doubled.value == 44)
  }

  @Test func aProducerStartedInsideATransactionReplaysTheValueFromBeforeItThenItsChange() {
    // An observer that attaches inside a transaction is told what is committed: the value from before the
    // transaction (which may still roll back), then, at the commit, the transaction's change, once.
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    var recorders: [TestRecorder<Int, Never>] = []
    withTransaction {
      a.value = 5
      #expect(doubled.value == 10)
      recorders = [TestRecorder(doubled.producer), TestRecorder(a.producer)]
      #expect(recorders.map(\.values) == [[2], [1]])
    }
    #expect(recorders.map(\.values) == [[2, 10], [1, 5]])
    // Rolled back: the observer saw nothing of it.
    let rolledBack = TestRecorder(doubled.producer)
    #expect(throws: TestError.boom) {
      try withTransaction { () throws(TestError) in
        a.value = 7
        let inside = TestRecorder(doubled.producer)
        #expect(inside.values == [10])
        throw TestError.boom
      }
    }
    #expect(rolledBack.values == [10])
  }

  @Test func aReadInsideATransactionRunsTheTransformOnceAndTheCommitAgain() {
    let a = MutableProperty(1)
    let calls = AtomicCounter()
    let mapped = a.map { value -> Int in
      calls.increment()
      return value * 2
    }
    let before = calls.value
    withTransaction {
      a.value = 5
      #expect(mapped.value == 10)
      #expect(mapped.value == 10)  // computed once per set
    }
    #expect(calls.value - before == 2)  // the read, then the commit
    withTransaction { #expect(mapped.value == 10) }  // nothing set: the committed value, no call
    #expect(calls.value - before == 2)
  }

  @Test func aReadInATransactionThatSetsNothingIsTheCommittedValueComputedFromNothing() {
    let a = MutableProperty(1)
    let chain = (0..<10).reduce(Property(a)) { property, _ in property.map { $0 + 1 } }
    withTransaction {
      #expect(chain.value == 11)
      // The graph is idle and nothing is set: no property's memo is claimed, nothing walks upstream.
      #expect(PropertyTransaction.current?.memos.isEmpty == true)
      a.value = 2
      #expect(chain.value == 12)  // after a set, computed from the transaction's values
      #expect(PropertyTransaction.current?.memos.isEmpty == false)
    }
    #expect(chain.value == 12)
  }

  @Test func withValueAndModifyInsideATransactionSeeTheTransactionsValue() {
    let a = MutableProperty(1)
    withTransaction {
      a.value = 5
      #expect(a.withValue { $0 } == 5)
      a.modify { $0 += 1 }
      #expect(a.value == 6)
    }
    #expect(a.value == 6)
  }

  @Test func nestedTransactionsFlattenIntoTheOutermost() {
    let a = MutableProperty(0)
    let recorder = TestRecorder(a.signal)
    withTransaction {
      a.value = 1
      withTransaction {
        a.value = 2
      }
      #expect(recorder.values.isEmpty)
      a.value = 3
    }
    #expect(recorder.values == [3])
  }

  @Test func aThrowRollsBackTheTransactionsSetsAndRethrows() {
    let a = MutableProperty(0)
    let b = a.map { $0 * 2 }
    let recorder = TestRecorder(b.signal)
    #expect(throws: TestError.boom) {
      try withTransaction { () throws(TestError) in
        a.value = 4
        #expect(b.value == 8)
        throw TestError.boom
      }
    }
    #expect(a.value == 0 && b.value == 0)
    #expect(recorder.values.isEmpty)
    // The transaction is over: the next set emits at once.
    a.value = 5
    #expect(recorder.values == [10])
  }

  @Test func aNestedTransactionThatThrowsRollsBackOnlyItsOwnSets() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let recorder = TestRecorder(Property.combineLatest(a, b).signal)
    withTransaction {
      a.value = 1
      do {
        try withTransaction { () throws(TestError) in
          a.value = 2
          b.value = 2
          throw TestError.other
        }
      } catch {}
      #expect(a.value == 1 && b.value == 0)
      b.value = 3
    }
    #expect(recorder.values.map { "\($0.0),\($0.1)" } == ["1,3"])
  }

  @Test func otherThreadsSeeNothingOfATransactionBeforeItEnds() {
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let seen = Locked<(Int, Int)>((-1, -1))
    withTransaction {
      a.value = 7
      stressConcurrently(1) { _ in seen.withLock { $0 = (a.value, doubled.value) } }
      #expect(a.value == 7)
    }
    #expect(seen.withLock { $0 } == (0, 0))
    #expect(a.value == 7 && doubled.value == 14)
  }

  @Test func setsFromObserversDuringTheCommitAreQueuedInOrder() {
    // Our reentrancy rule, for a commit: a set made by an observer is propagated after the commit has
    // reached every observer, in the order the sets were made.
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let total = Property.combineLatest(a, b) { $0 + $1 }
    let log = Locked<[String]>([])
    a.signal.observeValues { value in
      log.withLock { $0.append("a \(value)") }
      if value == 1 {
        b.value = 100
        b.value = 200
      }
    }
    total.signal.observeValues { value in log.withLock { $0.append("total \(value)") } }
    withTransaction {
      a.value = 1
      b.value = 2
    }
    #expect(log.withLock { $0 } == ["a 1", "total 3", "total 101", "total 201"])
  }

  @Test func aTransactionOpenedInsideAnObserverIsPropagatedAfterTheChangeInProgress() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let pair = Property.combineLatest(a, b) { "\($0),\($1)" }
    let recorder = TestRecorder(pair.signal)
    a.signal.observeValues { value in
      guard value == 1 else { return }
      withTransaction {
        a.value = 2
        b.value = 2
      }
    }
    a.value = 1
    #expect(recorder.values == ["1,0", "2,2"])
  }

  @Test func aCommitOverTwoGraphsAndASourceAloneIsOneChangeOfEach() {
    // Sources in two graphs that share nothing, and one nothing is derived from: one wave, each observer told
    // once, of the final state. Then, from an observer of that wave (which owns both graphs' domains), a
    // commit takes a third graph at once and queues its change of the first behind the change in progress.
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let c = MutableProperty(0)
    let alone = MutableProperty(0)
    let first = a.map { $0 * 10 }
    let second = b.map { $0 * 100 }
    let third = c.map { $0 * 1000 }
    let log = Locked<[String]>([])
    first.signal.observeValues { value in
      log.withLock { $0.append("first \(value)") }
      guard value == 10 else { return }
      withTransaction {
        a.value = 2
        c.value = 2
        alone.value = 2
      }
      log.withLock { $0.append("committed") }
    }
    second.signal.observeValues { value in log.withLock { $0.append("second \(value)") } }
    third.signal.observeValues { value in log.withLock { $0.append("third \(value)") } }
    alone.signal.observeValues { value in log.withLock { $0.append("alone \(value)") } }
    withTransaction {
      b.value = 1
      alone.value = 1
      a.value = 1
    }
    #expect(
      log.withLock { $0 } == [
        "alone 1", "second 100", "first 10", "alone 2", "third 2000", "committed", "first 20",
      ])
    #expect((a.value, b.value, c.value, alone.value) == (2, 1, 2, 2))
    #expect((first.value, second.value, third.value) == (20, 100, 2000))
  }

  @Test func aBindingOfEveryValueSetInATransactionIsOneChange() {
    // The hotel form's "clear": two inputs, a summary bound to a label; one change, one label update.
    let name = MutableProperty("Li Lei")
    let phone = MutableProperty("13812345678")
    let label = MutableProperty("")
    label <~ Property.combineLatest(name, phone) { $0.isEmpty && $1.isEmpty ? "(empty)" : "\($0), \($1)" }
    let recorder = TestRecorder(label.signal)
    withTransaction {
      name.value = ""
      phone.value = ""
    }
    #expect(recorder.values == ["(empty)"])
  }

  @Test func aSetOnAnotherThreadDuringATransactionAppliesAtOnceAndTheCommitOverwritesIt() {
    // A transaction is not a lock: another thread's set propagates on its own, then the commit, which comes
    // later, applies the transaction's value.
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let recorder = TestRecorder(doubled.signal)
    withTransaction {
      a.value = 1
      stressConcurrently(1) { _ in a.value = 5 }
      #expect(recorder.values == [10])
      #expect(a.value == 1)  // the transaction's own value, on its thread
    }
    #expect(recorder.values == [10, 2])
    #expect(a.value == 1 && doubled.value == 2)
  }

  @Test func transactionsFromTwoThreadsAreEachAtomic() {
    // Two threads commit transactions that keep `a == b` on shared sources; observers of the combination
    // never see half a transaction, and the final state is a whole transaction's.
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let pair = Property.combineLatest(a, b)
    let torn = AtomicCounter()
    let seen = AtomicCounter()
    pair.signal.observeValues { pair in
      seen.increment()
      if pair.0 != pair.1 { torn.increment() }
    }
    let rounds = 500
    stressConcurrently(2) { thread in
      for round in 1...rounds {
        let value = thread * 10_000 + round
        withTransaction {
          a.value = value
          b.value = value
        }
      }
    }
    #expect(torn.value == 0)
    #expect(seen.value >= rounds)
    #expect(pair.value.0 == pair.value.1)
    #expect(a.value == b.value)
  }

  // A transaction that sets one source commits it as a plain set: the cases that set could get wrong.

  @Test func aOneSetTransactionThatThrowsRollsBackInTheGraphAndAlone() {
    let inGraph = MutableProperty(0)
    let doubled = inGraph.map { $0 * 2 }
    let alone = MutableProperty(0)
    let doubledRecorder = TestRecorder(doubled.signal)
    let aloneRecorder = TestRecorder(alone.signal)
    #expect(throws: TestError.boom) {
      try withTransaction { () throws(TestError) in
        inGraph.value = 3; throw .boom
      }
    }
    #expect(throws: TestError.boom) {
      try withTransaction { () throws(TestError) in
        alone.value = 3; throw .boom
      }
    }
    #expect(inGraph.value == 0 && doubled.value == 0 && alone.value == 0)
    #expect(doubledRecorder.values.isEmpty && aloneRecorder.values.isEmpty)
    // The slots were let go: the next one-set transactions commit.
    withTransaction { inGraph.value = 4 }
    withTransaction { alone.value = 5 }
    #expect(doubledRecorder.values == [8] && aloneRecorder.values == [5])
  }

  @Test func aOneSetTransactionWhoseNestedSetThrowsCommitsTheOuterValueOnce() {
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let recorder = TestRecorder(doubled.signal)
    withTransaction {
      a.value = 1
      do {
        try withTransaction { () throws(TestError) in
          a.value = 2
          throw TestError.other
        }
      } catch {}
      #expect(a.value == 1)
    }
    #expect(recorder.values == [2])
    #expect(a.value == 1)
  }

  @Test func aOneSetTransactionInsideAnObserverIsPropagatedAfterTheChangeInProgress() {
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let recorder = TestRecorder(doubled.signal)
    doubled.signal.observeValues { value in
      guard value == 2 else { return }
      withTransaction { a.value = 5 }
      // Queued behind this wave: not yet committed.
      #expect(doubled.value == 2)
    }
    a.value = 1
    #expect(recorder.values == [2, 10])
  }

  @Test func oneSetTransactionsOnASourceAnotherThreadSetsAtTheSameTimeAreEachOneChange() {
    // One thread commits one-set transactions while another sets the same source plainly, and a third commits
    // one-set transactions too (whose slot the first may hold): every value observed is one that was set, each
    // thread's values in its order, and the graph ends consistent.
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let last = Locked<[Int: Int]>([:])
    let delivered = Locked(0)
    let disorder = AtomicCounter()
    doubled.signal.observeValues { value in
      let thread = value / 2 / 100_000
      let sequence = value / 2 % 100_000
      last.withLock { last in
        if let previous = last[thread], previous >= sequence { disorder.increment() }
        last[thread] = sequence
      }
      delivered.withLock { $0 = value }
    }
    let rounds = 500
    stressConcurrently(3) { thread in
      for round in 1...rounds {
        let value = (thread + 1) * 100_000 + round
        if thread == 1 { a.value = value } else { withTransaction { a.value = value } }
      }
    }
    #expect(disorder.value == 0)
    #expect(doubled.value == a.value * 2)
    #expect(delivered.withLock { $0 } == doubled.value)
    #expect(last.withLock { $0 }.count == 3)
  }
}
