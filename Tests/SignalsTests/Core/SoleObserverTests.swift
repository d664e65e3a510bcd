import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// A core with one observer calls it in place, through `SignalCore.soleObserver`, rather than through a
/// snapshot of its list. These specs change the list during deliveries — where the sole observer is left
/// stale until the deliverer lets go — and check that every event still reaches exactly the observers it
/// must, and that closures are released as before.
@Suite(.watchingThePool) struct SoleObserverTests {
  @Test func anObserverRemovedDuringADeliveryIsNotCalledAgainAndTheOtherIs() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var first: [Int] = []
    var second: [Int] = []
    var secondDisposable: (any Disposable)?
    signal.observeValues { value in
      first.append(value)
      if value == 1 { secondDisposable?.dispose() }
    }
    secondDisposable = signal.observeValues { second.append($0) }
    input.send(value: 0)
    input.send(value: 1)  // the list goes from two observers to one during this delivery
    input.send(value: 2)
    input.send(value: 3)
    #expect(first == [0, 1, 2, 3])
    #expect(second == [0])
  }

  @Test func anObserverAddedDuringTheSoleObserversDeliveryReceivesTheLaterEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var first: [Int] = []
    var second: [Int] = []
    signal.observeValues { value in
      first.append(value)
      if value == 1 { signal.observeValues { second.append($0) } }
    }
    input.send(value: 0)
    input.send(value: 1)  // the list goes from one observer to two during this delivery
    input.send(value: 2)
    #expect(first == [0, 1, 2])
    #expect(second == [2])
  }

  @Test func aTerminalEventQueuedWhileTheListChangesReachesTheObserverLeft() {
    // The end is accepted (queued behind the delivery) before the list shrinks to one observer: the
    // deliverer must still find the observer left, though the core has already ended for new observers.
    let (signal, input) = Signal<Int, Never>.pipe()
    var firstDisposable: (any Disposable)?
    firstDisposable = signal.observeValues { _ in
      input.sendCompleted()
      firstDisposable?.dispose()
    }
    let second = TestRecorder(signal)
    input.send(value: 1)
    #expect(second.descriptions == ["1", "completed"])
  }

  @Test func theSoleObserverLeavingDuringItsOwnDeliveryIsReleasedBeforeTheSendReturns() {
    var canaryAlive = true
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    do {
      let canary = Canary { canaryAlive = false }
      var disposable: (any Disposable)?
      disposable = signal.observeValues { value in
        _ = canary
        received.append(value)
        disposable?.dispose()
      }
    }
    input.send(value: 1)
    #expect(!canaryAlive)
    input.send(value: 2)
    #expect(received == [1])
  }

  @Test func aPropertysSoleObserverFollowsObserversComingAndGoingDuringItsDeliveries() {
    let property = MutableProperty(0)
    var log: [String] = []
    var late: (any Disposable)?
    property.signal.observeValues { value in
      log.append("a\(value)")
      if value == 1 { late = property.signal.observeValues { log.append("b\($0)") } }
      if value == 3 { late?.dispose() }
    }
    for value in 1...4 { property.value = value }
    #expect(log == ["a1", "a2", "b2", "a3", "a4"])  // `a` disposes `b` before 3 reaches it
  }
}
