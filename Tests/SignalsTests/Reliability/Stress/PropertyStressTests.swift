import SignalsTestSupport
import Testing

@testable import Signals

/// Many threads setting, modifying, observing and disposing a `MutableProperty` and the properties derived
/// from it, at once.
///
/// Sizes: 4 writer threads × 2,500 changes, plus 2 threads starting and disposing observations meanwhile.
@Suite(.watchingThePool, .onItsOwnThread) struct PropertyStressTests {
  static let writers = 4
  static let perWriter = 2_500

  /// Starts `producer`, waits for its replayed value and one more, disposes, and returns what it saw.
  private static func briefly(_ producer: SignalProducer<Int, Never>, entries: EntryGuard) -> [Int] {
    let seen = Locked<[Int]>([])
    let disposable = producer.startWithValues { value in
      entries.enter { seen.withLock { $0.append(value) } }
    }
    var spins = 0
    while seen.withLock({ $0.count }) < 2 && spins < 1_000 {
      spins += 1
      yieldThread()
    }
    disposable.dispose()
    return seen.withLock { $0 }
  }

  @Test func modifyObserveAndDisposeAtOnceLoseNoUpdateAndEveryObservationSeesConsecutiveValues() {
    let property = MutableProperty(0)
    let doubled = property.map { $0 * 2 }
    let changes = AtomicCounter()
    let entries = EntryGuard()
    let derivedLast = Locked(0)
    let derivedGaps = AtomicCounter()
    doubled.signal.observeValues { value in
      entries.enter {
        changes.increment()
        derivedLast.withLock { last in
          if value != last + 2 { derivedGaps.increment() }
          last = value
        }
      }
    }
    let gaps = AtomicCounter()
    let observations = AtomicCounter()
    let stop = AtomicFlag()
    let remaining = AtomicCounter()
    stressConcurrently(Self.writers + 2) { thread in
      if thread < Self.writers {
        for _ in 0..<Self.perWriter { property.modify { $0 += 1 } }
        if remaining.increment() == Self.writers { stop.store(true) }
      } else {
        var round = 0
        while !stop.value || round < 50 {
          round += 1
          let source = thread.isMultiple(of: 2) ? property.producer : doubled.producer.map { $0 / 2 }
          let seen = Self.briefly(source, entries: EntryGuard())
          observations.increment()
          if zip(seen, seen.dropFirst()).contains(where: { $1 != $0 + 1 }) { gaps.increment() }
        }
      }
    }
    let total = Self.writers * Self.perWriter
    #expect(property.value == total)
    #expect(doubled.value == total * 2)
    #expect(changes.value == total)
    #expect(derivedGaps.value == 0)
    #expect(entries.maxDepth == 1)
    #expect(gaps.value == 0)
    #expect(observations.value >= 100)
  }

  @Test func swapFromManyThreadsHandsOutEveryValueExactlyOnce() {
    // Each swap returns the value it replaced: over all swaps, the returned values and the final value are the
    // initial value and every swapped-in value, each exactly once. Observers see each sender's values in order.
    let property = MutableProperty(-1)
    let log = SenderLog(senders: Self.writers, stride: Self.perWriter)
    property.signal.observeValues(log.record)
    let returned = Locked<[Int]>([])
    stressConcurrently(Self.writers) { thread in
      var olds: [Int] = []
      olds.reserveCapacity(Self.perWriter)
      for sequence in 0..<Self.perWriter { olds.append(property.swap(log.value(sender: thread, sequence: sequence))) }
      returned.withLock { $0.append(contentsOf: olds) }
    }
    let all = returned.withLock { $0 } + [property.value]
    #expect(all.sorted() == [-1] + Array(0..<Self.writers * Self.perWriter))
    #expect(log.sawEverything(perSender: Self.perWriter))
    #expect(log.maxDepth == 1)
  }

  @Test func transactionsSettingOneSourceFromManyThreadsEachCommitTheirOwnValue() {
    // Every writer sets the one source inside its own transaction, so its slot passes from transaction to
    // transaction as each commits. Each commit delivers its own value, once, in each sender's order; none is
    // lost to, or taken by, a transaction that claimed the slot while another committed.
    let property = MutableProperty(-1)
    let log = SenderLog(senders: Self.writers, stride: Self.perWriter)
    property.signal.observeValues(log.record)
    stressConcurrently(Self.writers) { thread in
      for sequence in 0..<Self.perWriter {
        withTransaction { property.value = log.value(sender: thread, sequence: sequence) }
      }
    }
    #expect(log.sawEverything(perSender: Self.perWriter))
    #expect(log.maxDepth == 1)
  }

  @Test func aCombinedPropertyFollowsConcurrentChangesOfBothSourcesAndEndsAtTheirLatestValues() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let combined = Property.combineLatest(a, b)
    let entries = EntryGuard()
    let state = Locked((count: 0, last: (0, 0), disorder: 0))
    combined.signal.observeValues { pair in
      entries.enter {
        state.withLock { state in
          state.count += 1
          if pair.0 < state.last.0 || pair.1 < state.last.1 { state.disorder += 1 }
          if pair.0 == state.last.0 && pair.1 == state.last.1 { state.disorder += 1 }
          state.last = pair
        }
      }
    }
    let churnGaps = AtomicCounter()
    let stop = AtomicFlag()
    let remaining = AtomicCounter()
    stressConcurrently(Self.writers + 1) { thread in
      if thread < Self.writers {
        let source = thread.isMultiple(of: 2) ? a : b
        for _ in 0..<Self.perWriter { source.modify { $0 += 1 } }
        if remaining.increment() == Self.writers { stop.store(true) }
      } else {
        var round = 0
        while !stop.value || round < 50 {
          round += 1
          let seen = Self.briefly(combined.producer.map { pair in pair.0 + pair.1 }, entries: EntryGuard())
          if zip(seen, seen.dropFirst()).contains(where: { $1 != $0 + 1 }) { churnGaps.increment() }
        }
      }
    }
    let half = Self.writers / 2 * Self.perWriter
    let result = state.withLock { $0 }
    #expect(combined.value.0 == half && combined.value.1 == half)
    #expect(result.last.0 == half && result.last.1 == half)
    #expect(result.count == Self.writers * Self.perWriter)
    #expect(result.disorder == 0)
    #expect(entries.maxDepth == 1)
    #expect(churnGaps.value == 0)
  }
}
