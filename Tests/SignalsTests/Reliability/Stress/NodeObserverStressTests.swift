import SignalsTestSupport
import Testing

@testable import Signals

/// Observers attached to a property's node (`observeValues`, bindings) under contention: threads observe and
/// dispose while another sets the graph's source (so its owner delivers while they attach), and derived
/// properties observed that way are made and dropped in the middle of waves. Run under ThreadSanitizer by
/// `.ci/run`.
@Suite(.watchingThePool, .onItsOwnThread) struct NodeObserverStressTests {
  static let observers = 3
  static let rounds = 400
  static let sets = 3_000

  @Test func observersAttachedAndDisposedWhileTheOwnerDeliversSeeOnlyConsistentIncreasingStates() {
    let a = MutableProperty(0)
    let d = Property.combineLatest(a.map { $0 }, a.map { $0 * 2 })
    let inconsistent = AtomicCounter()
    let outOfOrder = AtomicCounter()
    let replays = AtomicCounter()
    stressConcurrently(Self.observers + 1) { index in
      guard index < Self.observers else {
        for value in 1...Self.sets { a.value = value }
        return
      }
      for _ in 0..<Self.rounds {
        let last = Locked(-1)
        let disposable = d.observeValues { pair in
          if pair.1 != pair.0 * 2 { inconsistent.increment() }
          last.withLock { last in
            if last == -1 { replays.increment() }
            if pair.0 <= last { outOfOrder.increment() }
            last = pair.0
          }
        }
        yieldThread()
        disposable?.dispose()
      }
    }
    #expect(inconsistent.value == 0)
    #expect(outOfOrder.value == 0)
    // An observer disposed before the owner attached it gets no replay; most are attached at once.
    #expect(replays.value > 0)
    #expect(d.observerCount == 0)
    let final = Locked<[Int]>([])
    d.observeValues { pair in final.withLock { $0.append(pair.0) } }
    #expect(final.withLock { $0 } == [Self.sets])
  }

  @Test func derivedPropertiesObservedAndDroppedMidWaveLeaveTheGraph() {
    let a = MutableProperty(0)
    let base = a.map { $0 + 1 }
    let wrong = AtomicCounter()
    stressConcurrently(Self.observers + 1) { index in
      guard index < Self.observers else {
        for value in 1...Self.sets { a.value = value }
        return
      }
      for round in 0..<Self.rounds {
        var disposable: (any Disposable)?
        do {
          let derived = base.map { $0 * 10 }
          disposable = derived.observeValues { value in
            if value % 10 != 0 { wrong.increment() }
          }
        }
        // Half are disposed, half dropped while still observed and then disposed later: both leave the graph.
        if round.isMultiple(of: 2) { yieldThread() }
        disposable?.dispose()
      }
    }
    #expect(wrong.value == 0)
    #expect(base.storage.core.node.withRoot { _ in base.storage.core.node.dependents.isEmpty })
    #expect(a.value == Self.sets)
  }
}
