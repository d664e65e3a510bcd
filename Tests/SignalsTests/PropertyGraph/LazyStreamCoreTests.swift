import Dispatch
import SignalsTestSupport
import Testing

@testable import Signals

/// A derived property's stream core is made on its first `signal` or `producer`: until then the property is its
/// node, its `Property` handle and its observers' boxes (`Docs/PropertyGraph.md`, "What a property is made of").
@Suite(.watchingThePool, .onItsOwnThread) struct LazyStreamCoreTests {
  @Test func aDerivedPropertyObservedWithObserveValuesAndReadMakesNoCore() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let received = Locked<[Int]>([])
    let disposable = doubled.observeValues { value in received.withLock { $0.append(value) } }
    a.value = 2
    withTransaction { a.value = 3 }
    #expect(doubled.value == 6)
    #expect(doubled.observerCount == 1)
    #expect(received.withLock { $0 } == [2, 4, 6])
    #expect(doubled.coreIfMade == nil)
    #expect(doubled.node.withRoot { _ in doubled.node.core } == nil)
    disposable?.dispose()
    #expect(doubled.coreIfMade == nil)
  }

  @Test func propertiesComputedFromADerivedPropertyMakeNoCoreOfIt() {
    let a = MutableProperty(1)
    let b = MutableProperty(10)
    let doubled = a.map { $0 * 2 }
    let combined = Property.combineLatest(doubled, b) { $0 + $1 }
    let switched = combined.flatMap(.latest) { value in value > 20 ? doubled : combined }
    let distinct = switched.skipRepeats()
    let list = Property.combineLatest([doubled, combined])
    let received = Locked<[Int]>([])
    distinct.observeValues { value in received.withLock { $0.append(value) } }
    a.value = 6
    a.value = 7
    #expect(received.withLock { $0 } == [12, 14])
    #expect(switched.value == 14)
    #expect(list.value == [14, 24])
    for property in [doubled, combined, switched, distinct] { #expect(property.coreIfMade == nil) }
    #expect(list.coreIfMade == nil)
  }

  @Test func aKeptDerivedPropertyWithOneObserverHoldsNoCoreAndIsFreedWithItsHandleAndObserver() {
    let a = MutableProperty(1)
    weak var weakNode: ValueNode<Int>?
    var disposable: (any Disposable)?
    do {
      let doubled = a.map { $0 * 2 }
      weakNode = doubled.node
      disposable = doubled.observeValues { _ in }
      a.value = 2
      #expect(doubled.coreIfMade == nil)
      #expect(doubled.node.withRoot { _ in doubled.node.core } == nil)
    }
    #expect(weakNode != nil)
    disposable?.dispose()
    #expect(weakNode == nil)
  }

  @Test func theDebuggingAidsSeeAKeptObservedPropertyWithoutMakingItsCore() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }.named("doubled")
    let observation = doubled.observeValues { _ in }
    a.value = 3
    let dump = PropertyGraphDump(["doubled": doubled])
    let node = dump.nodes.first { $0.name == "doubled" }
    #expect(node?.observers == 1)
    #expect(node?.value == "6")
    #expect(node?.hasEnded == false)
    #expect(doubled.observerCount == 1)
    #expect(doubled.coreIfMade == nil)
    observation?.dispose()
    #expect(doubled.observerCount == 0)
  }

  @Test func aBindingFromADerivedPropertyMakesNoCore() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let target = MutableProperty(0)
    target <~ doubled
    a.value = 4
    #expect(target.value == 8)
    #expect(doubled.observerCount == 1)
    #expect(doubled.coreIfMade == nil)
  }

  @Test func theFirstProducerReplaysTheCommittedValueThenEveryChange() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    a.value = 5
    #expect(doubled.coreIfMade == nil)
    let received = Locked<[Int]>([])
    let disposable = doubled.producer.startWithValues { value in received.withLock { $0.append(value) } }
    #expect(doubled.coreIfMade != nil)
    a.value = 6
    #expect(received.withLock { $0 } == [10, 12])
    #expect(doubled.observerCount == 1)
    disposable.dispose()
  }

  @Test func threadsAskingForTheFirstSignalAtOnceShareOneCore() {
    for _ in 0..<50 {
      let a = MutableProperty(1)
      let doubled = a.map { $0 * 2 }
      let received = Locked<[Int]>([])
      let signals = Locked<[Signal<Int, Never>]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        let signal = doubled.signal
        signal.observeValues { value in received.withLock { $0.append(value) } }
        signals.withLock { $0.append(signal) }
      }
      let cores = signals.withLock { $0.map { ObjectIdentifier($0.core) } }
      #expect(Set(cores).count == 1)
      #expect(cores.first == doubled.coreIfMade.map { ObjectIdentifier($0) })
      a.value = 2
      #expect(received.withLock { $0 } == [4, 4, 4, 4])
      #expect(doubled.observerCount == 4)
    }
  }

  @Test func aViewOfADerivedPropertySharesItsCore() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let view = Property(doubled)
    #expect(view.coreIfMade == nil)
    let received = Locked<[Int]>([])
    view.signal.observeValues { value in received.withLock { $0.append(value) } }
    #expect(doubled.coreIfMade != nil)
    #expect(view.coreIfMade === doubled.coreIfMade)
    a.value = 2
    #expect(received.withLock { $0 } == [4])
    #expect(doubled.observerCount == 1)
  }

  @Test func aDerivedPropertyWithNoCoreLeavesTheGraphWithItsProperty() {
    let a = MutableProperty(1)
    let computed = Locked(0)
    weak var weakNode: ValueNode<Int>?
    do {
      let doubled = a.map { value in
        computed.withLock { $0 += 1 }
        return value * 2
      }
      weakNode = doubled.node
      a.value = 2
      #expect(computed.withLock { $0 } == 2)
    }
    #expect(weakNode == nil)
    a.value = 3
    #expect(computed.withLock { $0 } == 2)
  }

  @Test func aSignalOutlivesItsPropertyAndKeepsItsNodeGoingWhileObserved() {
    let a = MutableProperty(1)
    let received = Locked<[Int]>([])
    weak var weakNode: ValueNode<Int>?
    var disposable: (any Disposable)?
    do {
      let incremented = a.map { $0 + 1 }
      weakNode = incremented.node
      disposable = incremented.signal.observeValues { value in received.withLock { $0.append(value) } }
    }
    a.value = 2
    #expect(received.withLock { $0 } == [3])
    #expect(weakNode != nil)
    disposable?.dispose()
    disposable = nil
    a.value = 3
    #expect(received.withLock { $0 } == [3])
    #expect(weakNode == nil)
  }

  @Test func aCoreMadeBeforeTheEndCompletesWithTheInputs() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    let doubled = source!.map { $0 * 2 }
    let events = Locked<[String]>([])
    doubled.signal.observe { event in events.withLock { $0.append("\(event)") } }
    source!.value = 2
    source = nil
    #expect(events.withLock { $0 } == ["value(4)", "completed"])
  }

  @Test func aCoreMadeAfterThePropertyEndedReplaysItsLastValueAndCompletes() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    let doubled = source!.map { $0 * 2 }
    source!.value = 3
    source = nil
    #expect(doubled.coreIfMade == nil)
    let events = Locked<[String]>([])
    doubled.producer.start { event in events.withLock { $0.append("\(event)") } }
    #expect(events.withLock { $0 } == ["value(6)", "completed"])
    #expect(doubled.value == 6)
  }

  @Test func aSignalAskedForAfterTheEndEndsAsOneAskedForBeforeDoes() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    let early = source!.map { $0 * 2 }
    let late = source!.map { $0 * 2 }
    let earlySignal = early.signal
    source = nil
    #expect(late.coreIfMade == nil)
    let events = Locked<[String]>([])
    earlySignal.observe { event in events.withLock { $0.append("early \(event)") } }
    late.signal.observe { event in events.withLock { $0.append("late \(event)") } }
    #expect(events.withLock { $0 } == ["early interrupted", "late interrupted"])
  }

  @Test func aCoreMadeWhileAnotherThreadSetsTheSourceReplaysInOrderWithItsChanges() {
    let a = MutableProperty(0)
    let doubled = a.map { $0 * 2 }
    let setter = DispatchGroup()
    DispatchQueue.global().async(group: setter) {
      for value in 1...2_000 { a.value = value }
    }
    let received = Locked<[Int]>([])
    let disposable = doubled.producer.startWithValues { value in received.withLock { $0.append(value) } }
    setter.wait()
    let values = received.withLock { $0 }
    #expect(values.last == 4_000)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    disposable.dispose()
  }

  // The core is one more observer of its node, its feed (`CoreFeed`): attached at its first observer, kept last.

  @Test func aCoresObserversAreToldAfterTheNodesOwnEvenWhenTheyCameFirst() {
    let a = MutableProperty(1)
    let b = a.map { $0 + 1 }
    let log = Locked<[String]>([])
    b.signal.observeValues { value in log.withLock { $0.append("signal \(value)") } }
    b.observeValues { value in log.withLock { $0.append("first \(value)") } }
    b.observeValues { value in log.withLock { $0.append("second \(value)") } }
    log.withLock { $0 = [] }
    a.value = 2
    #expect(log.withLock { $0 } == ["first 3", "second 3", "signal 3"])
    #expect(b.observerCount == 3)
  }

  @Test func aCoreWhoseObserversLeftReplaysTheLatestValueToTheNextAndGoesOn() {
    let a = MutableProperty(1)
    let b = a.map { $0 * 10 }
    let producer = b.producer
    let first = Locked<[Int]>([])
    let disposable = producer.startWithValues { value in first.withLock { $0.append(value) } }
    a.value = 2
    disposable.dispose()
    a.value = 3
    let second = Locked<[Int]>([])
    producer.startWithValues { value in second.withLock { $0.append(value) } }
    a.value = 4
    #expect(first.withLock { $0 } == [10, 20])
    #expect(second.withLock { $0 } == [30, 40])
  }

  @Test func aSourceThatJoinsTheGraphKeepsItsCoresObserversAfterItsNodesOwn() {
    let a = MutableProperty(1)
    let log = Locked<[String]>([])
    a.signal.observeValues { value in log.withLock { $0.append("signal \(value)") } }
    a.value = 2
    let doubled = a.map { $0 * 2 }
    a.observeValues { value in log.withLock { $0.append("node \(value)") } }
    a.value = 3
    #expect(log.withLock { $0 } == ["signal 2", "node 2", "node 3", "signal 3"])
    #expect(doubled.value == 6)
    #expect(a.observerCount == 2)
  }

  @Test func aCoreThatWasObservedLeavesItsNodeWhenItEndsAndTheNodeLeavesTheGraph() {
    let a = MutableProperty(1)
    let computed = Locked(0)
    weak var weakNode: ValueNode<Int>?
    do {
      let b = a.map { value in
        computed.withLock { $0 += 1 }
        return value + 1
      }
      weakNode = b.node
      b.signal.observeValues { _ in }?.dispose()
      // The feed stays while the core lives, without an observer to call.
      #expect(b.node.withRoot { _ in b.node.observers.count } == 1)
      #expect(b.observerCount == 0)
      a.value = 2
    }
    #expect(weakNode == nil)
    a.value = 3
    #expect(computed.withLock { $0 } == 2)
  }
}
