import Signals
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct LockedStateTests {
  private struct Tally: Sendable, Equatable {
    var count = 0
    var total = 0
  }

  @Test func withLockChangesTheStateAndReturnsWhatTheBodyReturns() {
    let state = LockedState(Tally())
    let returned = state.withLock { tally -> String in
      tally.count += 1
      tally.total += 5
      return "counted \(tally.count)"
    }
    #expect(returned == "counted 1")
    #expect(state.withLock { $0 } == Tally(count: 1, total: 5))
  }

  @Test func aThrowingBodyKeepsWhatItChangedAndRethrows() {
    enum Stop: Error { case now }
    let state = LockedState(0)
    #expect(throws: Stop.self) {
      try state.withLock { value in
        value = 7
        throw Stop.now
      }
    }
    #expect(state.withLock { $0 } == 7)
    #expect(state.withLock { $0 + 1 } == 8, "the lock was released by the throw")
  }

  @Test(.onItsOwnThread) func changesFromManyThreadsAreNeitherLostNorTorn() {
    let state = LockedState(Tally())
    let perThread = 5_000
    stressConcurrently(4) { thread in
      for _ in 0..<perThread {
        state.withLock { tally in
          tally.count += 1
          tally.total += thread
        }
      }
    }
    #expect(state.withLock { $0 } == Tally(count: 4 * perThread, total: (0 + 1 + 2 + 3) * perThread))
  }

  /// The per-start state of a producer: each start reduces from the initial value, whichever thread starts it.
  @Test(.onItsOwnThread) func aStateMadeInTheStartClosureBelongsToThatStart() {
    let totals = SignalProducer<Int, Never> { observer, lifetime in
      let total = LockedState(0)
      lifetime += SignalProducer<Int, Never>([1, 2, 3]).map { value in
        total.withLock { total in
          total += value
          return total
        }
      }.start(observer)
    }
    let runs = LockedState<[[Int]]>([])
    stressConcurrently(4) { _ in
      var values: [Int] = []
      totals.startWithValues { values.append($0) }
      runs.withLock { $0.append(values) }
    }
    #expect(runs.withLock { $0 } == Array(repeating: [1, 3, 6], count: 4))
  }
}
