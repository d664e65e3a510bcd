import Dispatch
import Foundation
import SignalsTestSupport
import Testing

@testable import Signals

/// A set of a source in the graph claims its free domain without the lock and is accepted by its wave's
/// commit: sets racing what changes a domain without owning it (attaching and detaching observers, making and
/// dropping derived properties, merging domains), and a `modify` or a read racing a set not accepted yet. Run
/// under ThreadSanitizer by `.ci/run`.
@Suite(.watchingThePool, .onItsOwnThread) struct SetWithoutLockStressTests {
  static let setters = 2
  static let perSetter = 2_000

  @Test func setsRacingObserversAndDerivedPropertiesMadeAndDroppedLoseNothing() {
    let a = MutableProperty(0)
    let b = a.map { $0 }
    let log = SenderLog(senders: Self.setters, stride: 100_000)
    b.observeValues { if $0 != 0 { log.record($0 - 1) } }
    let churn = ChurnLog(senders: Self.setters, stride: 100_000)
    let wrongDerived = AtomicCounter()
    let done = AtomicCounter()
    let stop = AtomicFlag()
    stressConcurrently(Self.setters + 2) { thread in
      if thread < Self.setters {
        for sequence in 0..<Self.perSetter { a.value = log.value(sender: thread, sequence: sequence) + 1 }
        if done.increment() == Self.setters { stop.store(true) }
      } else if thread == Self.setters {
        // A derived property made, observed and dropped: its node is linked, then unlinked, while sets claim
        // the domain.
        while !stop.value {
          let c = a.map { $0 * 2 }
          let disposable = c.observeValues { if $0 % 2 != 0 { wrongDerived.increment() } }
          yieldThread()
          disposable?.dispose()
        }
      } else {
        churn.churn(until: stop, minimumRounds: 20) { action in
          a.map { $0 }.observeValues { if $0 != 0 { action($0 - 1) } }
        }
      }
    }
    #expect(log.sawEverything(perSender: Self.perSetter), "\(log.counts)")
    #expect(log.maxDepth == 1)
    #expect(wrongDerived.value == 0)
    #expect(churn.overlapCount == 0)
    #expect(churn.disorderCount == 0)
    #expect(churn.lateBurstCount == 0)
    #expect(b.value == a.value)
  }

  @Test func aSetRacingAMergeOfItsDomainReachesTheMergedGraph() {
    for _ in 0..<300 {
      let x = MutableProperty(0)
      let y = MutableProperty(0)
      // Each in a domain of its own, until the combination merges them.
      let doubled = x.map { $0 * 2 }
      let negated = y.map { -$0 }
      let setsDone = AtomicFlag()
      let combined = Locked<Property<Int>?>(nil)
      let outOfOrder = AtomicCounter()
      stressConcurrently(2) { thread in
        if thread == 0 {
          for value in 1...50 { x.value = value }
          setsDone.store(true)
        } else {
          let sum = Property.combineLatest(doubled, negated) { $0 + $1 }
          let last = Locked(Int.min)
          sum.observeValues { value in
            last.withLock {
              if value < $0 { outOfOrder.increment() }
              $0 = value
            }
          }
          combined.withLock { $0 = sum }
        }
      }
      #expect(setsDone.value)
      #expect(outOfOrder.value == 0)
      #expect(combined.withLock { $0 }?.value == 100)
      #expect(doubled.value == 100)
    }
  }

  @Test func aModifyMadeWhileAnotherThreadsSetComputesStartsFromThatSet() {
    let a = MutableProperty(0)
    let computing = DispatchSemaphore(value: 0)
    // Sleeps in the wave of the set to 100, before its commit: that set is not accepted yet.
    let slow = a.map { value -> Int in
      if value == 100 {
        computing.signal()
        usleep(50_000)
      }
      return value
    }
    let seen = Locked<[Int]>([])
    slow.observeValues { value in seen.withLock { $0.append(value) } }
    let done = DispatchSemaphore(value: 0)
    Thread {
      a.value = 100
      done.signal()
    }.start()
    computing.wait()
    a.modify { $0 += 1 }
    done.wait()
    #expect(a.value == 101)
    #expect(slow.value == 101)
    #expect(seen.withLock { $0 } == [0, 100, 101])
  }
}

extension SetWithoutLockStressTests {
  @Test func anotherThreadReadsASetThatIsStillComputing() {
    let a = MutableProperty(0)
    let computing = DispatchSemaphore(value: 0)
    let read = DispatchSemaphore(value: 0)
    let slow = a.map { value -> Int in
      if value == 100 {
        computing.signal()
        read.wait()
      }
      return value
    }
    let done = DispatchSemaphore(value: 0)
    Thread {
      a.value = 100
      done.signal()
    }.start()
    computing.wait()
    // The set is not committed yet, but it is the newest value, as it would be once queued.
    #expect(a.value == 100)
    #expect(slow.value == 0)
    read.signal()
    done.wait()
    #expect(slow.value == 100)
  }

  @Test func aModifyInsideAnotherModifyRacingASetThatSetsTheOuterSourceDoesNotHang() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let bDerived = b.map { $0 }
    let computing = DispatchSemaphore(value: 0)
    let inBody = DispatchSemaphore(value: 0)
    // The set of `a` to 100 sets `b` from its wave, while `b`'s modify (below) runs its body: it waits for it.
    let echo = a.map { value -> Int in
      if value == 100 {
        computing.signal()
        inBody.wait()
        b.value = 1
      }
      return value
    }
    let finished = DispatchSemaphore(value: 0)
    Thread {
      a.value = 100
      finished.signal()
    }.start()
    Thread {
      b.modify { _ in
        computing.wait()
        inBody.signal()
        usleep(20_000)
        // `a`'s set is still computing, waiting for this body: the modify starts from it, and does not wait.
        a.modify { $0 += 1 }
      }
      finished.signal()
    }.start()
    #expect(finished.wait(timeout: .now() + 10) == .success)
    #expect(finished.wait(timeout: .now() + 10) == .success)
    #expect(a.value == 101)
    #expect(echo.value == 101)
    #expect(b.value == 1)
    #expect(bDerived.value == 1)
  }
}

/// Single-threaded: the thread whose set claimed the domain reads it before its commit.
@Suite(.watchingThePool) struct SetWithoutLockTests {
  @Test func aClosureComputedInTheSetsWaveReadsTheNewValue() {
    let a = MutableProperty(0)
    let pair = a.map { value in (value, a.value) }
    a.value = 5
    #expect(pair.value == (5, 5))
  }

  @Test func aModifyFromInsideTheSetsWaveStartsFromTheSetAndComesAfterIt() {
    let a = MutableProperty(0)
    let seen = Locked<[Int]>([])
    let echo = a.map { value -> Int in
      if value == 1 { a.modify { $0 += 10 } }
      return value
    }
    echo.observeValues { value in seen.withLock { $0.append(value) } }
    a.value = 1
    #expect(a.value == 11)
    #expect(seen.withLock { $0 } == [0, 1, 11])
  }

  @Test func aSetFromInsideTheSetsWaveIsNotOverwrittenByItsCommit() {
    let a = MutableProperty(0)
    let echo = a.map { value -> Int in
      if value == 1 { a.value = 2 }
      return value
    }
    a.value = 1
    #expect(a.value == 2)
    #expect(echo.value == 2)
  }
}
