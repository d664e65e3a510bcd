import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct RetryIntervalTests {
  @Test func restartsAfterTheIntervalAndForwardsTheLastFailure() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("-aX", error: TestError.boom)
    let recorder = TestRecorder(producer.retry(upTo: 1, interval: .seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a---aX", error: .boom)
  }

  @Test func everyAttemptsEventsAndTheLastFailureArriveOnTheScheduler() {
    let scheduler = TestScheduler()
    let producer = SignalProducer<String, TestError> { observer, _ in
      observer.send(value: "a")
      observer.send(error: .boom)
    }
    let recorder = TestRecorder(producer.retry(upTo: 1, interval: .seconds(2), on: scheduler), scheduler: scheduler)
    #expect(recorder.events.isEmpty, "the first attempt ran at the start, but its events hop to the scheduler")
    scheduler.advance()
    recorder.expect(events: ["a"])
    scheduler.run()
    recorder.expect(marble: "a-(aX)", error: .boom)
  }

  @Test func completesWhenAnAttemptCompletes() {
    let scheduler = TestScheduler()
    let attempts = Box(0)
    let producer = SignalProducer<String, TestError> { observer, _ in
      attempts.value += 1
      if attempts.value < 3 {
        observer.send(error: .boom)
      } else {
        observer.send(value: "c")
        observer.sendCompleted()
      }
    }
    let recorder = TestRecorder(producer.retry(upTo: 5, interval: .seconds(1), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--(c|)")
    #expect(attempts.value == 3)
  }

  @Test func zeroRetriesFailsAtOnceAndInterruptionIsForwarded() {
    let scheduler = TestScheduler()
    let failing = TestRecorder(
      scheduler.coldProducer("X", error: TestError.boom).retry(upTo: 0, interval: .seconds(1), on: scheduler),
      scheduler: scheduler
    )
    let interrupted = TestRecorder(
      scheduler.coldProducer("-!", error: TestError.boom).retry(upTo: 2, interval: .seconds(1), on: scheduler),
      scheduler: scheduler
    )
    scheduler.run()
    failing.expect(marble: "X", error: .boom)
    interrupted.expect(marble: "-!")
  }

  @Test func disposingDuringTheWaitCancelsTheNextAttempt() {
    let scheduler = TestScheduler()
    let attempts = Box(0)
    let producer = SignalProducer<String, TestError> { observer, _ in
      attempts.value += 1
      observer.send(error: .boom)
    }
    let recorder = TestRecorder(producer.retry(upTo: 3, interval: .seconds(5), on: scheduler), scheduler: scheduler)
    #expect(scheduler.scheduledCount == 1)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 0)
    scheduler.run()
    #expect(attempts.value == 1)
    recorder.expect(events: ["interrupted"])
  }

}

/// A long run on a thread of its own: it computes for seconds under ThreadSanitizer.
@Suite(.watchingThePool, .onItsOwnThread) struct RetryIntervalLongChainTests {
  @Test func thousandsOfAttemptsCostNoStackDepth() {
    // Each attempt used to run nested inside the previous one, so about 10,000 failures overflowed the stack.
    let scheduler = TestScheduler()
    let attempts = Box(0)
    let producer = SignalProducer<Int, TestError> { observer, _ in
      attempts.value += 1
      if attempts.value <= 20_000 {
        observer.send(error: .boom)
      } else {
        observer.send(value: attempts.value)
        observer.sendCompleted()
      }
    }
    let recorder = TestRecorder(producer.retry(upTo: 20_000, interval: .zero, on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(events: ["20001", "completed"])
  }
}
