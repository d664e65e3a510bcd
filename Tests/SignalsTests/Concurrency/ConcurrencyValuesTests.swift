import SignalsTestSupport
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ConcurrencyValuesTests {
  @Test func producerValuesYieldEachValueThenEnd() async {
    var seen: [Int] = []
    for await value in SignalProducer<Int, Never>([1, 2, 3]).values {
      seen.append(value)
    }
    #expect(seen == [1, 2, 3])
  }

  @Test func producerValuesThrowTheTypedFailureAfterTheValues() async {
    let producer = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: .boom)
    }
    var seen: [Int] = []
    do {
      for try await value in producer.values { seen.append(value) }
      Issue.record("expected a failure")
    } catch {
      let typed: TestError = error
      #expect(typed == .boom)
    }
    #expect(seen == [1])
  }

  @Test func interruptionEndsTheIteration() async {
    let producer = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.sendInterrupted()
    }
    var seen: [Int] = []
    do {
      for try await value in producer.values { seen.append(value) }
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(seen == [1])
  }

  @Test func signalValuesDeliverWhatIsSentAfterIterationBegins() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 0)
    var iterator = signal.values.makeAsyncIterator()
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    var seen: [Int] = []
    while let value = await iterator.next() { seen.append(value) }
    #expect(seen == [1, 2])
  }

  @Test func eachIteratorStartsTheProducerAgain() async {
    let starts = Locked(0)
    let producer = SignalProducer<Int, Never> { observer, _ in
      starts.withLock { $0 += 1 }
      observer.send(value: 7)
      observer.sendCompleted()
    }
    let values = producer.values
    for await _ in values {}
    for await _ in values {}
    #expect(starts.withLock { $0 } == 2)
  }

  @Test func cancellingTheConsumingTaskInterruptsTheProducer() async {
    let ended = Locked(false)
    let (started, startedInput) = AsyncStream<Void>.makeStream()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      observer.send(value: 1)
      lifetime.observeEnded {
        _ = observer  // keeps the producer running until it is interrupted
        ended.withLock { $0 = true }
      }
    }
    let task = Task {
      var seen: [Int] = []
      for await value in producer.values {
        seen.append(value)
        startedInput.yield()
      }
      return seen
    }
    for await _ in started { break }
    task.cancel()
    #expect(await task.value == [1])
    #expect(ended.withLock { $0 })
  }

  @Test func cancellingTheConsumingTaskDetachesTheSignalObserver() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let released = Locked(false)
    let (subscribed, subscribedInput) = AsyncStream<Void>.makeStream()
    let task = Task {
      let mapped = signal.map { [canary = Canary { released.withLock { $0 = true } }] value in
        _ = canary
        return value
      }
      var iterator = mapped.values.makeAsyncIterator()
      subscribedInput.yield()
      var seen: [Int] = []
      while let value = await iterator.next() { seen.append(value) }
      return seen
    }
    for await _ in subscribed { break }
    input.send(value: 1)
    task.cancel()
    #expect(await task.value.count <= 1)
    #expect(released.withLock { $0 }, "the upstream released the observer closure")
  }

  @Test func droppingTheIteratorInterruptsTheProducer() async {
    let ended = Locked(false)
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      observer.send(value: 1)
      lifetime.observeEnded {
        _ = observer  // keeps the producer running until it is interrupted
        ended.withLock { $0 = true }
      }
    }
    do {
      var iterator = producer.values.makeAsyncIterator()
      #expect(await iterator.next() == 1)
    }
    #expect(ended.withLock { $0 })
  }

  @Test func valuesFromManyThreadsAllArrive() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (subscribed, subscribedInput) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var iterator = signal.values.makeAsyncIterator()
      subscribedInput.yield()
      var total = 0
      while let value = await iterator.next() { total += value }
      return total
    }
    for await _ in subscribed { break }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for value in 1...250 { input.send(value: value) }
        }
      }
    }
    input.sendCompleted()
    #expect(await consumer.value == 4 * (250 * 251 / 2))
  }
}
