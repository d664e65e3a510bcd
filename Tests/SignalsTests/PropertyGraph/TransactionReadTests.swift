import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Contracts §16, "Transactions", reads inside: a read computes a derived property with its operator's one
/// update, from the transaction's values, switching nothing until the commit, and never waits for the thread
/// that propagates the graph.
@Suite(.watchingThePool, .onItsOwnThread) struct TransactionReadTests {
  @Test func aFlatMapLatestReadInsideNestedTransactionsFollowsTheInnerPropertyTheTransactionPicks() {
    let selector = MutableProperty(0)
    let a = MutableProperty(1)
    // Ranks above the flatMap: once switched to, the flatMap must rank above it too.
    let deep = a.map { $0 + 1 }.map { $0 + 1 }.map { $0 * 10 }
    // In no graph until the flatMap picks it.
    let loose = MutableProperty(100)
    let followed = selector.flatMap(.latest) { choice -> Property<Int> in
      choice == 0 ? Property(a) : choice == 1 ? deep : Property(loose)
    }
    let pair = Property.combineLatest(a, followed) { "\($0)/\($1)" }
    let recorder = TestRecorder(pair.signal)
    withTransaction {
      #expect(followed.value == 1)
      selector.value = 1
      a.value = 2
      #expect(followed.value == 40)
      struct Undone: Error {}
      #expect(throws: Undone.self) {
        try withTransaction { () throws(Undone) in
          selector.value = 2
          loose.value = 7
          #expect(followed.value == 7)
          #expect(pair.value == "2/7")
          throw Undone()
        }
      }
      // Rolled back: the inner property the outer transaction picked, from its values.
      #expect(followed.value == 40)
      #expect(loose.value == 100)
      a.value = 3
      #expect(pair.value == "3/50")
    }
    // The commit switched and re-ranked: one change, and later changes of `a` reach `pair` glitch-free.
    #expect(recorder.values == ["3/50"])
    a.value = 4
    #expect(recorder.values == ["3/50", "4/60"])
    withTransaction {
      selector.value = 2
      #expect(followed.value == 100)
    }
    loose.value = 8
    #expect(recorder.values == ["3/50", "4/60", "4/100", "4/8"])
  }

  @Test func propertiesMadeAndReadOneAfterAnotherInATransactionAreEachComputedForThemselves() {
    // Each property is released after its read, within one generation of the transaction (nothing is set in
    // between): what the transaction computed for one is never taken for another made in its place.
    let a = MutableProperty(1)
    withTransaction {
      a.value = 2
      for factor in 1...20 { #expect(a.map { $0 * factor }.value == 2 * factor) }
    }
  }

  @Test func aReadDoesNotWaitForAThreadThatIsPropagatingTheGraph() {
    // Thread 0 owns the graph while its observer waits for thread 1's read; the read takes the committed
    // state for what the transaction did not set, and its commit is propagated by thread 0 afterwards.
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let sum = Property.combineLatest(doubled, b) { $0 + $1 }
    let delivering = AtomicCounter()
    let readDone = AtomicCounter()
    let waitedInVain = AtomicCounter()
    let read = Locked(-1)
    doubled.signal.observeValues { _ in
      delivering.increment()
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(10))
      while readDone.value == 0 {
        guard clock.now < deadline else {
          waitedInVain.increment()
          return
        }
        yieldThread()
      }
    }
    let recorder = TestRecorder(sum.signal)
    stressConcurrently(2) { thread in
      if thread == 0 { return a.value = 1 }
      while delivering.value == 0 { yieldThread() }
      withTransaction {
        b.value = 5
        read.withLock { $0 = sum.value }
      }
      readDone.increment()
    }
    #expect(waitedInVain.value == 0)
    #expect(read.withLock { $0 } == 7)
    #expect(recorder.values == [2, 7])
  }
}
