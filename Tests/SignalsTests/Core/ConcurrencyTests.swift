import Dispatch
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// What a stress observer saw. Written only from inside delivery, without a lock of its own: delivery is
/// serial, and the core's lock orders one delivery before the next, so ThreadSanitizer reports any overlap.
private final class StressLog: @unchecked Sendable {
  var seen: [Bool]
  var lastPerSender: [Int]
  var count = 0
  var duplicates = 0
  var outOfOrder = 0

  init(senders: Int, perSender: Int) {
    seen = Array(repeating: false, count: senders * perSender)
    lastPerSender = Array(repeating: -1, count: senders)
  }

  func record(_ value: Int, perSender: Int) {
    count += 1
    if seen[value] { duplicates += 1 }
    seen[value] = true
    let sender = value / perSender
    if value <= lastPerSender[sender] { outOfOrder += 1 }
    lastPerSender[sender] = value
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct SignalConcurrencyTests {
  static let senders = 4
  static let perSender = 100_000

  @Test func concurrentSendsAreDeliveredSeriallyEachExactlyOnceInEachSendersOrder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let inside = AtomicFlag()
    let overlaps = AtomicCounter()
    let log = StressLog(senders: Self.senders, perSender: Self.perSender)
    signal.observeValues { value in
      if inside.set() { overlaps.increment() }
      log.record(value, perSender: Self.perSender)
      inside.store(false)
    }
    concurrently(Self.senders) { sender in
      let base = sender * Self.perSender
      for offset in 0..<Self.perSender { input.send(value: base + offset) }
    }
    #expect(overlaps.value == 0)
    #expect(log.count == Self.senders * Self.perSender)
    #expect(log.duplicates == 0)
    #expect(log.outOfOrder == 0)
    #expect(log.seen.allSatisfy { $0 })
  }

  @Test func concurrentObserveAndDisposeWhileSendingNeverOverlapsOrRepeats() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let perSender = 20_000
    let overlaps = AtomicCounter()
    let disorder = AtomicCounter()
    let stop = AtomicFlag()
    let repeatedLateDeliveries = AtomicCounter()
    concurrently(4) { worker in
      if worker < 2 {
        let base = worker * perSender
        for offset in 0..<perSender { input.send(value: base + offset) }
        stop.store(true)
      } else {
        var rounds = 0
        while !stop.value || rounds < 100 {
          rounds += 1
          let inside = AtomicFlag()
          let state = Locked((last: [-1, -1], disposed: false, late: 0))
          let disposable = signal.observeValues { value in
            if inside.set() { overlaps.increment() }
            state.withLock { state in
              let sender = value / perSender
              if value <= state.last[sender] { disorder.increment() }
              state.last[sender] = value
              if state.disposed { state.late += 1 }
            }
            inside.store(false)
          }
          disposable?.dispose()
          state.withLock { $0.disposed = true }
          if state.withLock({ $0.late }) > 1 { repeatedLateDeliveries.increment() }
        }
      }
    }
    #expect(overlaps.value == 0)
    #expect(disorder.value == 0)
    // Another thread may have already begun delivering the event in flight when `dispose()` returns; that one
    // event can still arrive, never a later one: at most one late delivery per observer.
    #expect(repeatedLateDeliveries.value == 0)
    let recorder = TestRecorder(signal)
    input.sendCompleted()
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func disposalRacingCompletionDeliversExactlyOneTerminalEvent() {
    for _ in 0..<500 {
      let input = Box<Signal<Int, Never>.Observer?>(nil)
      let recorder = TestRecorder(SignalProducer<Int, Never> { observer, _ in input.value = observer })
      let observer = input.value!
      let disposable = recorder.disposable!
      concurrently(2) { worker in
        if worker == 0 {
          observer.send(value: 1)
          observer.sendCompleted()
        } else {
          disposable.dispose()
        }
      }
      #expect(recorder.events.filter(\.isTerminating).count == 1)
      #expect(!recorder.violatedGrammar)
      #expect(recorder.isTerminated)
    }
  }

  @Test func producerDisposedFromAnotherThreadWhileSendingStopsAndEndsItsLifetime() {
    let lifetimeEnded = AtomicFlag()
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let sent = AtomicCounter()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { lifetimeEnded.store(true) }
      DispatchQueue.global().async {
        started.signal()
        while !lifetime.hasEnded {
          observer.send(value: sent.increment())
        }
        finished.signal()
      }
    }
    let recorder = TestRecorder(producer)
    started.wait()
    while sent.value < 1_000 {}
    recorder.disposable?.dispose()
    finished.wait()
    #expect(lifetimeEnded.value)
    #expect(recorder.isInterrupted)
    #expect(!recorder.violatedGrammar)
    let values = recorder.values
    #expect(values == Array(1...values.count))
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct PropertyConcurrencyTests {
  static let setters = 4
  static let perSetter = 100_000

  @Test func concurrentSetsAreEachDeliveredOnceAndTheFinalValueIsOneOfTheLast() {
    let property = MutableProperty(-1)
    let inside = AtomicFlag()
    let overlaps = AtomicCounter()
    let log = StressLog(senders: Self.setters, perSender: Self.perSetter)
    property.signal.observeValues { value in
      if inside.set() { overlaps.increment() }
      log.record(value, perSender: Self.perSetter)
      inside.store(false)
    }
    let producerValues = AtomicCounter()
    property.producer.startWithValues { _ in producerValues.increment() }
    concurrently(Self.setters) { setter in
      let base = setter * Self.perSetter
      for offset in 0..<Self.perSetter { property.value = base + offset }
    }
    let lastValues = (0..<Self.setters).map { $0 * Self.perSetter + Self.perSetter - 1 }
    #expect(lastValues.contains(property.value))
    #expect(overlaps.value == 0)
    #expect(log.count == Self.setters * Self.perSetter)
    #expect(log.duplicates == 0)
    #expect(log.outOfOrder == 0)
    #expect(producerValues.value == Self.setters * Self.perSetter + 1)
  }

  @Test func concurrentModifyLosesNoUpdate() {
    let property = MutableProperty(0)
    let changes = AtomicCounter()
    property.signal.observeValues { _ in changes.increment() }
    concurrently(4) { _ in
      for _ in 0..<10_000 { property.modify { $0 += 1 } }
    }
    #expect(property.value == 40_000)
    #expect(changes.value == 40_000)
  }

  @Test func producersStartedWhileSettingSeeTheCurrentValueThenEveryLaterChangeWithoutGapsOrRepeats() {
    let property = MutableProperty(0)
    let perSetter = 5_000
    let problems = AtomicCounter()
    let recorders = Locked<[TestRecorder<Int, Never>]>([])
    concurrently(2) { worker in
      if worker == 0 {
        for value in 1...perSetter { property.value = value }
      } else {
        for round in 0..<50 {
          while property.value < round * 100 {}
          let recorder = TestRecorder(property.producer)
          recorders.withLock { $0.append(recorder) }
        }
      }
    }
    for recorder in recorders.withLock({ $0 }) {
      let values = recorder.values
      guard let first = values.first else {
        problems.increment()
        continue
      }
      if values != Array(first...perSetter) { problems.increment() }
    }
    #expect(problems.value == 0)
  }
}
