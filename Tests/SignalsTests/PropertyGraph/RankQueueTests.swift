import SignalsTestSupport
import Testing

@testable import Signals

/// The order a wave computes in (Docs/PropertyGraph.md, "What a wave keeps"): lowest rank first, and among
/// equal ranks the order the nodes were scheduled in, whether they wait alone or with others.
@Suite(.watchingThePool) struct RankQueueTests {
  /// Distinct nodes to schedule, kept alive by their cores for the spec's duration.
  let cores = (0..<8).map { SourceCore<Int>(mutable: $0) }

  func node(_ index: Int) -> Unmanaged<Signals.GraphNode> { Unmanaged.passUnretained(cores[index].node) }

  /// Pops everything, as (which node, the rank it was scheduled at).
  func drain(_ queue: inout RankQueue) -> [(node: Int, rank: Int)] {
    var taken: [(node: Int, rank: Int)] = []
    while let (reference, rank) = queue.pop() {
      let index = cores.firstIndex { $0.node === reference.takeUnretainedValue() }!
      taken.append((index, rank))
    }
    return taken
  }

  @Test func lowestRankFirstAndSchedulingOrderAmongEqualRanks() {
    var queue = RankQueue()
    defer { queue.deallocate() }
    for (index, rank) in [(0, 3), (1, 1), (2, 3), (3, 2), (4, 1)] { queue.push(node(index), rank: rank) }
    let taken = drain(&queue)
    #expect(taken.map(\.node) == [1, 4, 3, 0, 2])
    #expect(taken.map(\.rank) == [1, 1, 2, 3, 3])
    #expect(queue.count == 0)
  }

  @Test func aLoneNodeThenAnotherKeepTheirOrder() {
    var queue = RankQueue()
    defer { queue.deallocate() }
    // The first waits alone; the second, of the same rank, comes after it; a lower one goes first.
    queue.push(node(0), rank: 2)
    queue.push(node(1), rank: 2)
    queue.push(node(2), rank: 1)
    #expect(drain(&queue).map(\.node) == [2, 0, 1])
  }

  @Test func aNodeScheduledBelowTheRankBeingTakenIsTakenNext() {
    var queue = RankQueue()
    defer { queue.deallocate() }
    queue.push(node(0), rank: 1)
    queue.push(node(1), rank: 4)
    #expect(queue.pop()?.rank == 1)
    // A node made during the wave may rank below what is left.
    queue.push(node(2), rank: 2)
    queue.push(node(3), rank: 5)
    #expect(drain(&queue).map(\.node) == [2, 1, 3])
  }

  @Test func aChainEmptiesEachBucketAndEmptyingKeepsNothing() {
    var queue = RankQueue()
    defer { queue.deallocate() }
    for index in 0..<5 {
      queue.push(node(index), rank: index + 1)
      #expect(queue.pop()?.rank == index + 1)
    }
    #expect(queue.count == 0 && (1...5).allSatisfy { queue.buckets[$0].nodes.isEmpty })
    queue.push(node(5), rank: 3)
    queue.push(node(6), rank: 1)
    queue.removeAll()
    #expect(queue.count == 0)
    #expect(queue.pop() == nil)
    queue.push(node(7), rank: 2)
    #expect(drain(&queue).map(\.node) == [7])
  }

  @Test func aNodeTakesFirstOnlyBelowEveryNodeWaiting() {
    var queue = RankQueue()
    defer { queue.deallocate() }
    var answers: [Bool] = []
    answers.append(queue.takesFirst(rank: 4))  // nothing waits
    queue.push(node(0), rank: 3)
    answers.append(queue.takesFirst(rank: 2))
    answers.append(queue.takesFirst(rank: 3))  // the lone node waiting was scheduled first
    queue.push(node(1), rank: 1)
    queue.push(node(2), rank: 1)
    #expect(queue.pop()?.rank == 1)
    answers.append(queue.takesFirst(rank: 1))  // node 2 waits at that rank
    answers.append(queue.takesFirst(rank: 2))
    #expect(queue.pop()?.rank == 1)
    // Rank 1 emptied: a node at 2 is not taken first at once (it waits in its bucket), but comes before node 0.
    answers.append(queue.takesFirst(rank: 2))
    answers.append(queue.takesFirst(rank: 3))
    #expect(answers == [true, true, false, false, false, false, false])
    queue.push(node(3), rank: 2)
    #expect(drain(&queue).map(\.node) == [3, 0])
  }
}
