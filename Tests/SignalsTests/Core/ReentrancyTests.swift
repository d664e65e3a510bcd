import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ReentrancyTests {
  @Test func sendFromOwnObserverIsDeliveredAfterTheCurrentEventInOrderWithoutRecursion() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let entries = EntryGuard()
    var log: [String] = []
    signal.observeValues { value in
      entries.enter {
        log.append("A\(value)")
        if value == 1 {
          input.send(value: 2)
          input.send(value: 3)
          log.append("A1 returns")
        }
        if value == 2 { input.send(value: 4) }
      }
    }
    signal.observeValues { value in entries.enter { log.append("B\(value)") } }
    input.send(value: 1)
    #expect(log == ["A1", "A1 returns", "B1", "A2", "B2", "A3", "B3", "A4", "B4"])
    #expect(entries.maxDepth == 1)
  }

  @Test func terminalEventSentFromOwnObserverArrivesAfterQueuedValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = TestRecorder<Int, Never>()
    signal.observe { event in
      first.record(event)
      if event.value == 1 {
        input.send(value: 2)
        input.sendCompleted()
        input.send(value: 3)
      }
    }
    let second = TestRecorder(signal)
    input.send(value: 1)
    #expect(first.descriptions == ["1", "2", "completed"])
    #expect(second.descriptions == ["1", "2", "completed"])
  }

  @Test func sendIntoTheUpstreamFromADerivedSignalsObserverIsQueuedUpstream() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let entries = EntryGuard()
    var log: [Int] = []
    let mapped = signal.map { $0 * 10 }
    mapped.observeValues { value in
      entries.enter {
        log.append(value)
        if value < 50 { input.send(value: value / 10 + 1) }
      }
    }
    input.send(value: 1)
    #expect(log == [10, 20, 30, 40, 50])
    #expect(entries.maxDepth == 1)
  }

  @Test func feedbackBetweenTwoSignalsIsDeliveredInOrderWithoutRecursion() {
    let (ping, pingInput) = Signal<Int, Never>.pipe()
    let (pong, pongInput) = Signal<Int, Never>.pipe()
    let entries = EntryGuard()
    var log: [String] = []
    ping.observeValues { value in
      entries.enter {
        log.append("ping\(value)")
        pongInput.send(value: value + 1)
      }
    }
    pong.observeValues { value in
      log.append("pong\(value)")
      if value < 6 { pingInput.send(value: value + 1) }
    }
    pingInput.send(value: 1)
    #expect(log == ["ping1", "pong2", "ping3", "pong4", "ping5", "pong6"])
    #expect(entries.maxDepth == 1)
  }

  @Test func setPropertyFromOwnObserverDoesNotRecurse() {
    let property = MutableProperty(0)
    let entries = EntryGuard()
    var log: [Int] = []
    property.producer.startWithValues { value in
      entries.enter {
        log.append(value)
        if value < 5 { property.value = value + 1 }
      }
    }
    #expect(log == [0, 1, 2, 3, 4, 5])
    #expect(entries.maxDepth == 1)
    #expect(property.value == 5)
  }

  @Test func disposingAProducerFromOwnObserverInterruptsAfterTheCurrentValueAndDropsQueuedValues() {
    let input = Box<Signal<Int, Never>.Observer?>(nil)
    let lifetime = Box<Lifetime?>(nil)
    var log: [String] = []
    SignalProducer<Int, Never> { observer, life in
      input.value = observer
      lifetime.value = life
    }.startWithSignal { signal, interrupter in
      signal.observe { event in
        log.append(event.value.map { "\($0)" } ?? event.description)
        if event.value == 1 {
          input.value?.send(value: 2)
          interrupter.dispose()
          log.append("disposed")
        }
      }
    }
    input.value?.send(value: 1)
    #expect(log == ["1", "disposed", "interrupted"])
    #expect(lifetime.value?.hasEnded == true)
  }

  @Test func disposingALiftedProducerFromOwnObserverStopsASynchronousSequence() {
    // `start` returns its disposable only after a synchronous producer has run, so an observer that must stop
    // one mid-way uses the interrupter `startWithSignal` hands out before the work starts.
    let pulled = AtomicCounter()
    var values: [Int] = []
    SignalProducer<Int, Never>(CountedNumbers(1...100, pulled: pulled)).map { $0 * 2 }.startWithSignal {
      signal, interrupter in
      signal.observeValues { value in
        values.append(value)
        if value == 4 { interrupter.dispose() }
      }
    }
    #expect(values == [2, 4])
    #expect(pulled.value == 2)
  }

  @Test func observingFromOwnObserverDuringDeliveryDoesNotSeeTheCurrentEvent() {
    let property = MutableProperty(0)
    let late = TestRecorder<Int, Never>()
    let lateStart = Box<(any Disposable)?>(nil)
    property.signal.observeValues { value in
      if value == 1 { lateStart.value = property.producer.start(late.record) }
    }
    property.value = 1
    property.value = 2
    #expect(late.descriptions == ["1", "2"])
  }
}
