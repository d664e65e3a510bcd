import SignalsTestSupport
import Testing

@testable import Signals

/// A source that joined the graph keeps its accepted value on its node, and a set of it takes its domain's lock
/// alone (`SourceCore.acceptInDomain`): what `value`, `withValue`, `modify`, observers attached before and after
/// it joined, a transaction and the end of the source see of it.
@Suite(.watchingThePool) struct SourceInGraphTests {
  @Test func anObserverAttachedBeforeTheSourceJoinedReceivesEverySetAfterInOrder() {
    let source = MutableProperty(0)
    var before: [Int] = []
    let early = source.observeValues { before.append($0) }
    source.value = 1
    // The source joins the graph: a property is derived from it.
    let doubled = source.map { $0 * 2 }
    #expect(source.source.node.isInGraph)
    var derived: [Int] = []
    let derivedObservation = doubled.observeValues { derived.append($0) }
    var after: [Int] = []
    let late = source.observeValues { after.append($0) }
    source.value = 2
    source.value = 3
    #expect(before == [0, 1, 2, 3])
    #expect(after == [1, 2, 3])
    #expect(derived == [2, 4, 6])
    early?.dispose()
    source.value = 4
    #expect(before == [0, 1, 2, 3])
    #expect(after == [1, 2, 3, 4])
    late?.dispose()
    derivedObservation?.dispose()
  }

  @Test func aSetIsReadOnTheNextLineAndByWithValueAndModify() {
    let source = MutableProperty(1)
    let plusOne = source.map { $0 + 1 }
    source.value = 5
    #expect(source.value == 5)
    // `withValue` hands its body a copy, outside the domain's lock: the body may read the graph.
    let pair = source.withValue { value in (value, plusOne.value) }
    #expect(pair == (5, 6))
    let old = source.modify { value -> Int in
      defer { value += 10 }
      return value
    }
    #expect(old == 5)
    #expect(source.value == 15)
    #expect(plusOne.value == 16)
    #expect(source.swap(20) == 15)
    #expect(plusOne.value == 21)
  }

  @Test func aModifyBodyInTheGraphMayReadAndSetTheGraphsOtherProperties() {
    let rate = MutableProperty(300)
    let nights = MutableProperty(1)
    let total = Property.combineLatest(nights, rate) { $0 * $1 }
    var told: [Int] = []
    total.observeValues { told.append($0) }
    // The body runs under the source's core lock, not its domain's: it reads a derived property and the source
    // itself (their values before the change), and sets another source of the same graph, whose wave runs
    // before the body returns. The body runs once.
    var runs = 0
    let seenInside = nights.modify { value -> [Int] in
      runs += 1
      let seen = [total.value, nights.value]
      rate.value = 200
      value += 2
      return seen
    }
    #expect(runs == 1)
    #expect(seenInside == [300, 1])
    #expect(nights.value == 3)
    #expect(total.value == 600)
    #expect(told == [300, 200, 600])
  }

  @Test func aSetFromAnObserverIsAcceptedAtOnceAndDeliveredAfterTheChangeInProgress() {
    let source = MutableProperty(0)
    let mirror = source.map { $0 }
    var seen: [Int] = []
    var readBack: [Int] = []
    mirror.observeValues { value in
      seen.append(value)
      if value == 1 {
        source.value = 2
        // Accepted on the node, queued behind this change: `value` returns it, the graph has yet to take it.
        readBack.append(source.value)
        readBack.append(mirror.value)
      }
    }
    source.value = 1
    #expect(seen == [0, 1, 2])
    #expect(readBack == [2, 1])
    #expect(mirror.value == 2)
  }

  @Test func aTransactionSeesAndCommitsASourceInTheGraph() {
    let source = MutableProperty(1)
    let tripled = source.map { $0 * 3 }
    var told: [Int] = []
    tripled.observeValues { told.append($0) }
    withTransaction {
      source.value = 2
      #expect(source.value == 2)
      #expect(tripled.value == 6)
      source.modify { $0 += 1 }
    }
    #expect(told == [3, 9])
    #expect(source.value == 3)
    #expect(tripled.value == 9)
  }

  @Test func aReleasedSourceInTheGraphReplaysTheLastValueItAcceptedToALateProducer() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    let producer = source!.producer
    let derived = source!.map { $0 }
    source!.value = 7
    source = nil
    var events: [String] = []
    producer.start { event in
      switch event {
      case .value(let value): events.append("\(value)")
      case .completed: events.append("completed")
      default: events.append("other")
      }
    }
    #expect(events == ["7", "completed"])
    #expect(derived.value == 7)
  }
}
