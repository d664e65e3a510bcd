import SignalsTestSupport
import Testing

@testable import Signals

/// A node's first plain observer, held in the node itself (`ValueNode.inlineObserver`) rather than in a box:
/// it is delivered to, replayed, disposed and let go of as a boxed one is (`Docs/PropertyGraph.md`, "What a
/// property is made of").
@Suite(.watchingThePool, .onItsOwnThread) struct InlineNodeObserverTests {
  /// Whether `property`'s node holds an observer inline, and how many boxes it has.
  func slots(_ property: Property<Int>) -> (inline: Bool, boxes: Int) {
    property.node.withRoot { _ in (property.node.inGraph.hasInlineObserver, property.node.observers.count) }
  }

  @Test func aFirstObserverIsHeldInlineAndReplaysThenReceivesEveryChange() {
    let a = MutableProperty(1)
    let b = a.map { $0 * 2 }
    let received = Locked<[Int]>([])
    let disposable = b.observeValues { value in received.withLock { $0.append(value) } }
    #expect(slots(b) == (true, 0))
    a.value = 2
    a.value = 3
    #expect(received.withLock { $0 } == [2, 4, 6])
    disposable?.dispose()
    #expect(slots(b) == (false, 0))
    #expect(b.node.withRoot { _ in b.node.inlineObserver == nil })
    a.value = 4
    #expect(received.withLock { $0 } == [2, 4, 6])
  }

  @Test func anInlineObserverDisposedByAnEarlierObserverOfTheSameChangeIsNotCalled() {
    let a = MutableProperty(1)
    let b = a.map { $0 + 10 }
    let received = Locked<[Int]>([])
    let released = Locked(false)
    var inline: (any Disposable)?
    do {
      let canary = Canary { released.withLock { $0 = true } }
      inline = b.observeValues { value in
        _ = canary
        received.withLock { $0.append(value) }
      }
    }
    // The source's observers are delivered first: this one disposes b's in the change that reaches b.
    a.observeValues { value in if value == 2 { inline?.dispose() } }
    a.value = 2
    // Switched off at once; let go of by the owner, after the change, though `b` and the disposable are kept.
    #expect(released.withLock { $0 })
    a.value = 3
    #expect(received.withLock { $0 } == [11])
    #expect(slots(b) == (false, 0))
  }

  @Test func disposingAnOldSubscriptionAgainLeavesTheObserverThatTookTheSlot() {
    let a = MutableProperty(1)
    let b = a.map { $0 }
    let received = Locked<[String]>([])
    let old = b.observeValues { value in received.withLock { $0.append("old \(value)") } }
    old?.dispose()
    let new = b.observeValues { value in received.withLock { $0.append("new \(value)") } }
    #expect(slots(b) == (true, 0))
    old?.dispose()
    a.value = 2
    #expect(received.withLock { $0 } == ["old 1", "new 1", "new 2"])
    #expect(b.observerCount == 1)
    new?.dispose()
  }

  @Test func furtherObserversKeepTheirBoxesAndTheirOrderWhenTheFirstIsDisposed() {
    let a = MutableProperty(1)
    let b = a.map { $0 }
    let log = Locked<[String]>([])
    let first = b.observeValues { value in log.withLock { $0.append("1:\(value)") } }
    b.observeValues { value in log.withLock { $0.append("2:\(value)") } }
    b.observeValues { value in log.withLock { $0.append("3:\(value)") } }
    #expect(slots(b) == (true, 2))
    #expect(b.observerCount == 3)
    a.value = 2
    first?.dispose()
    // The slot is free, but a newcomer goes after the boxes, in a box of its own.
    b.observeValues { value in log.withLock { $0.append("4:\(value)") } }
    #expect(slots(b) == (false, 3))
    log.withLock { $0 = [] }
    a.value = 3
    #expect(log.withLock { $0 } == ["2:3", "3:3", "4:3"])
  }

  @Test func aNodeKeptOnlyByItsInlineObserverGoesOnAndIsFreedOnceDisposedFromInsideIt() {
    let a = MutableProperty(1)
    let received = Locked<[Int]>([])
    weak var node: ValueNode<Int>?
    var disposable: (any Disposable)?
    do {
      let b = a.map { $0 + 100 }
      node = b.node
      disposable = b.observeValues { value in
        received.withLock { $0.append(value) }
        if value == 103 { disposable?.dispose() }
      }
    }
    #expect(node != nil)
    a.value = 2
    a.value = 3
    #expect(received.withLock { $0 } == [101, 102, 103])
    // Disposed while its domain was owned (by its own delivery): the owner let go of the closure and the node.
    disposable = nil
    #expect(node == nil)
    a.value = 4
    #expect(received.withLock { $0 } == [101, 102, 103])
    #expect(a.source.node.withRoot { _ in a.source.node.dependents.isEmpty })
  }

  @Test func theEndOfTheNodeSwitchesOffAndLetsGoOfItsInlineObserverAndTellsABinding() {
    var a: MutableProperty<Int>? = MutableProperty(1)
    let b = a!.map { $0 * 3 }
    let received = Locked<[Int]>([])
    let released = Locked(false)
    let target = MutableProperty(0)
    do {
      let canary = Canary { released.withLock { $0 = true } }
      b.observeValues { value in
        _ = canary
        received.withLock { $0.append(value) }
      }
    }
    let binding = target <~ b
    #expect(slots(b) == (true, 1))
    a!.value = 2
    a = nil
    #expect(released.withLock { $0 })
    #expect(slots(b) == (false, 0))
    #expect(received.withLock { $0 } == [3, 6])
    #expect(target.value == 6)
    #expect(binding?.isDisposed ?? true)
  }
}
