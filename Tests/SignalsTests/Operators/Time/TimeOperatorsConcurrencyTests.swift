import Dispatch
import Signals
import SignalsTestSupport
import Testing

@Suite(.watchingThePool, .onItsOwnThread) struct TimeOperatorsConcurrencyTests {
  @Test func observeOnAQueueDeliversEverythingInOrderOnThatQueue() {
    let scheduler = QueueScheduler(name: "observe-on")
    let key = DispatchSpecificKey<Int>()
    scheduler.queue.setSpecific(key: key, value: 7)
    let (signal, input) = Signal<Int, Never>.pipe()
    let seen = LockedList<(Int, Bool)>()
    let ended = LockedList<Bool>()
    signal.observe(on: scheduler).observe { event in
      switch event {
      case .value(let value): seen.append((value, DispatchQueue.getSpecific(key: key) == 7))
      default: ended.append(true)
      }
    }
    for value in 0..<500 { input.send(value: value) }
    input.sendCompleted()
    #expect(eventually { ended.values.count == 1 })
    #expect(seen.values.map(\.0) == Array(0..<500))
    #expect(seen.values.allSatisfy { $0.1 })
  }

  @Test func debounceOnAQueueSendsTheLastValueOfABurstFromManyThreads() {
    let scheduler = QueueScheduler(name: "debounce")
    let (signal, input) = Signal<Int, Never>.pipe()
    let seen = LockedList<Int>()
    signal.debounce(.milliseconds(50), on: scheduler).observeValues { seen.append($0) }
    concurrently(4) { thread in
      for value in 0..<100 { input.send(value: thread * 1000 + value) }
    }
    input.send(value: -1)
    #expect(eventually { seen.values.count == 1 })
    usleepMilliseconds(100)
    #expect(seen.values == [-1])
  }

  @Test func collectEveryOnAQueueLosesNoValueFromManyThreads() {
    let scheduler = QueueScheduler(name: "collect")
    let (signal, input) = Signal<Int, Never>.pipe()
    let batches = LockedList<[Int]>()
    let completed = LockedList<Bool>()
    signal.collect(every: .milliseconds(5), on: scheduler).observe { event in
      switch event {
      case .value(let batch): batches.append(batch)
      default: completed.append(true)
      }
    }
    concurrently(4) { thread in
      for value in 0..<250 { input.send(value: thread * 1000 + value) }
    }
    input.sendCompleted()
    #expect(eventually { completed.values.count == 1 })
    #expect(batches.values.flatMap { $0 }.count == 1000)
    #expect(batches.values.allSatisfy { !$0.isEmpty })
  }

  @Test func debounceNeverLosesOrDuplicatesTheLastValueWhenItsTimerRacesCompletion() {
    let scheduler = QueueScheduler(name: "debounce-race")
    for round in 0..<200 {
      let (signal, input) = Signal<Int, Never>.pipe()
      let events = LockedList<String>()
      signal.debounce(.microseconds(200), on: scheduler).observe { event in
        events.append(event.value.map { "\($0)" } ?? event.description)
      }
      input.send(value: round)
      usleepMilliseconds(round % 2)
      input.sendCompleted()
      #expect(eventually { events.values.last == "completed" })
      #expect(events.values == ["\(round)", "completed"])
    }
  }
}
