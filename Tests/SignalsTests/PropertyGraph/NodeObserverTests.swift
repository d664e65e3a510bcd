import Dispatch
import SignalsTestSupport
import Testing

@testable import Signals

/// `Property.observeValues(_:)` and `MutableProperty.observeValues(_:)`: an observer attached to the property's
/// node, which the wave's deliver phase calls directly (Contracts §16, `Docs/PropertyGraph.md`).
@Suite(.watchingThePool, .onItsOwnThread) struct NodeObserverTests {
  @Test func aDerivedPropertyReplaysItsValueThenEveryChange() {
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let received = Locked<[Int]>([])
    let disposable = doubled.observeValues { value in received.withLock { $0.append(value) } }
    a.value = 2
    a.value = 3
    #expect(received.withLock { $0 } == [2, 4, 6])
    disposable?.dispose()
    a.value = 4
    #expect(received.withLock { $0 } == [2, 4, 6])
  }

  @Test func aSourceAloneAndASourceInTheGraphBothReplayThenDeliver() {
    let alone = MutableProperty(1)
    let inGraph = MutableProperty(10)
    let derived = inGraph.map { $0 + 1 }
    let received = Locked<[Int]>([])
    alone.observeValues { value in received.withLock { $0.append(value) } }
    inGraph.observeValues { value in received.withLock { $0.append(value) } }
    alone.value = 2
    inGraph.value = 20
    #expect(received.withLock { $0 } == [1, 10, 2, 20])
    #expect(derived.value == 21)
  }

  @Test func theDiamondIsDeliveredOnceWithTheNewStateAndSourcesFirst() {
    let a = MutableProperty(1)
    let b = a.map { $0 + 1 }
    let c = a.map { $0 * 10 }
    let d = Property.combineLatest(b, c) { "\($0)/\($1)" }
    let log = Locked<[String]>([])
    d.observeValues { value in log.withLock { $0.append("d \(value) a=\(a.value) b=\(b.value)") } }
    a.observeValues { value in log.withLock { $0.append("a \(value) d=\(d.value)") } }
    log.withLock { $0 = [] }
    a.value = 2
    #expect(log.withLock { $0 } == ["a 2 d=3/20", "d 3/20 a=2 b=3"])
  }

  @Test func anObserverAndTheSignalOfOnePropertyAgree() {
    let a = MutableProperty(1)
    let b = a.map { $0 + 1 }
    let fromNode = Locked<[Int]>([])
    let fromSignal = Locked<[Int]>([])
    b.observeValues { value in fromNode.withLock { $0.append(value) } }
    b.signal.observeValues { value in fromSignal.withLock { $0.append(value) } }
    for value in 2...5 { a.value = value }
    #expect(fromNode.withLock { $0 } == [2] + fromSignal.withLock { $0 })
  }

  @Test func aTransactionIsOneChangeAndAnObserverAttachedInsideReplaysTheValueFromBefore() {
    let a = MutableProperty(1)
    let b = MutableProperty(2)
    let sum = Property.combineLatest(a, b) { $0 + $1 }
    let received = Locked<[Int]>([])
    withTransaction {
      a.value = 10
      sum.observeValues { value in received.withLock { $0.append(value) } }
      b.value = 20
    }
    #expect(received.withLock { $0 } == [3, 30])
  }

  @Test func observingFromInsideAnObserverReplaysAfterTheChangeInProgress() {
    let a = MutableProperty(1)
    let b = a.map { $0 * 2 }
    let log = Locked<[String]>([])
    var inner: (any Disposable)?
    a.observeValues { value in
      log.withLock { $0.append("a \(value)") }
      guard value == 2, inner == nil else { return }
      inner = b.observeValues { value in log.withLock { $0.append("inner b \(value)") } }
      log.withLock { $0.append("observed") }
    }
    b.observeValues { value in log.withLock { $0.append("b \(value)") } }
    a.value = 2
    a.value = 3
    #expect(
      log.withLock { $0 } == ["a 1", "b 2", "a 2", "observed", "b 4", "inner b 4", "a 3", "b 6", "inner b 6"])
    inner?.dispose()
  }

  @Test func anObserverIsNotCalledOnceDisposedEvenFromInsideTheSameChange() {
    let a = MutableProperty(1)
    let b = a.map { $0 }
    let received = Locked<[Int]>([])
    var second: (any Disposable)?
    b.observeValues { value in if value == 2 { second?.dispose() } }
    second = b.observeValues { value in received.withLock { $0.append(value) } }
    a.value = 2
    a.value = 3
    #expect(received.withLock { $0 } == [1])
  }

  @Test func aDerivedPropertyThatOnlyItsObserverHoldsGoesOnAndIsFreedWhenDisposed() {
    let a = MutableProperty(1)
    let received = Locked<[Int]>([])
    weak var weakDerived: Property<Int>?
    let disposable: (any Disposable)?
    do {
      let derived = a.map { $0 + 100 }
      weakDerived = derived
      disposable = derived.observeValues { value in received.withLock { $0.append(value) } }
    }
    #expect(weakDerived == nil)
    a.value = 2
    #expect(received.withLock { $0 } == [101, 102])
    disposable?.dispose()
    a.value = 3
    #expect(received.withLock { $0 } == [101, 102])
    #expect(a.source.node.withRoot { _ in a.source.node.dependents.isEmpty })
  }

  @Test func aPropertyFedByAStreamThatOnlyItsObserverHoldsStaysFed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let received = Locked<[Int]>([])
    var derived: Property<Int>?
    do {
      let fed = Property(initial: 0, then: signal)
      derived = fed.map { $0 }
      fed.observeValues { value in received.withLock { $0.append(value) } }
    }
    #expect(derived?.value == 0)
    derived = nil
    input.send(value: 1)
    #expect(received.withLock { $0 } == [0, 1])
  }

  @Test func theEndOfAPropertyLetsItsObserverGoAndALateObserverGetsTheLastValue() {
    var a: MutableProperty<Int>? = MutableProperty(1)
    let derived = a!.map { $0 * 3 }
    let received = Locked<[Int]>([])
    let released = Locked(false)
    do {
      let canary = Canary { released.withLock { $0 = true } }
      derived.observeValues { value in
        _ = canary
        received.withLock { $0.append(value) }
      }
    }
    #expect(!released.withLock { $0 })
    a!.value = 2
    a = nil
    #expect(released.withLock { $0 })
    let late = Locked<[Int]>([])
    #expect(derived.observeValues { value in late.withLock { $0.append(value) } } == nil)
    #expect(received.withLock { $0 } == [3, 6])
    #expect(late.withLock { $0 } == [6])
  }

  @Test func observingAndDisposingWhileAnotherThreadSetsLosesNothingAndCallsNothingAfterDispose() {
    let a = MutableProperty(0)
    let b = a.map { $0 + 1 }
    let done = Locked(false)
    let setter = DispatchQueue(label: "setter")
    let group = DispatchGroup()
    setter.async(group: group) {
      for value in 1...2_000 { a.value = value }
      done.withLock { $0 = true }
    }
    var rounds = 0
    while !done.withLock({ $0 }) || rounds < 10 {
      rounds += 1
      let received = Locked<[Int]>([])
      let disposable = b.observeValues { value in received.withLock { $0.append(value) } }
      disposable?.dispose()
      let settled = received.withLock { $0 }
      // The replay first (unless the disposal came before the setting thread attached it), then changes in
      // order; nothing once the disposal returned and the setter finished its change.
      #expect(settled == settled.sorted())
      #expect(Set(settled).count == settled.count)
    }
    group.wait()
    let last = Locked<[Int]>([])
    b.observeValues { value in last.withLock { $0.append(value) } }
    #expect(last.withLock { $0 } == [2_001])
  }
}
