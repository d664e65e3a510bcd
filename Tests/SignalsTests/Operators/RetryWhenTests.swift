import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `retry(when:)`: its rules, and RxSwift's `testRetryWhen_*` specs (Observable+RetryWhenTests) with their
/// timelines. RxSwift's `retryError` is `TestError.boom`, its `testError1` is `TestError.other`.
@Suite(.watchingThePool) struct RetryWhenTests {
  @Test func restartsAtEachTriggerValueAfterAFailure() {
    let scheduler = TestScheduler()
    let source = scheduler.createColdProducer(attempts: [
      [.next(1, "1"), .error(3, TestError.boom)],
      [.next(1, "1"), .error(3, TestError.boom)],
      [.next(1, "1"), .next(2, "2"), .completed(3)],
    ])
    let retried = source.producer.retry(when: { failures in
      failures.delay(.seconds(2), on: scheduler).promoteError(TestError.self)
    })
    let recorder = TestRecorder(retried, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-1----1----12|")
    #expect(source.subscriptions == [Subscription(0, 3), Subscription(5, 8), Subscription(10, 13)])
  }

  @Test func aTriggerValueWhileAnAttemptRunsStartsNothing() {
    let (trigger, pulse) = Signal<Void, TestError>.pipe()
    let starts = Box(0)
    let source = SignalProducer<Int, TestError> { observer, lifetime in
      starts.value += 1
      observer.send(value: starts.value)
      lifetime.observeEnded { withExtendedLifetime(observer) {} }  // runs on
    }
    let recorder = TestRecorder(source.retry(when: { _ in trigger }))
    pulse.send(value: ())
    #expect(starts.value == 1)
    #expect(recorder.descriptions == ["1"])
  }

  @Test func theHandlerRunsOncePerStartAndTheTriggerStartsAtTheFirstFailure() {
    let order = Box<[String]>([])
    let source = SignalProducer<Int, TestError> { observer, _ in
      order.value.append("attempt")
      observer.send(error: .boom)
    }
    let retried = source.retry(when: { _ in
      order.value.append("handler")
      return SignalProducer<Void, TestError> { _, _ in order.value.append("trigger") }
    })
    _ = TestRecorder(retried)
    _ = TestRecorder(retried)
    #expect(order.value == ["handler", "attempt", "trigger", "handler", "attempt", "trigger"])
    let completing = SignalProducer<Int, TestError>(value: 1).retry(when: { _ in
      order.value.append("second handler")
      return SignalProducer<Void, TestError> { _, _ in order.value.append("never started") }
    })
    #expect(TestRecorder(completing).descriptions == ["1", "completed"])
    #expect(order.value.last == "second handler", "no failure: the trigger is never started")
  }

  @Test(.onItsOwnThread) func synchronousFailuresAndTriggersRunInALoop() {
    let attempts = Box(0)
    let source = SignalProducer<Int, TestError> { observer, _ in
      attempts.value += 1
      if attempts.value < 20_000 { observer.send(error: .boom) } else { observer.send(value: attempts.value) }
    }
    let recorder = TestRecorder(source.retry(when: { failures in failures.promoteError(TestError.self) }))
    #expect(recorder.values == [20_000])
  }

  @Test func disposingTheResultInterruptsTheAttemptAndTheTrigger() {
    let attemptEnded = Box(false)
    let triggerEnded = Box(false)
    let attempts = Box(0)
    let source = SignalProducer<Int, TestError> { observer, lifetime in
      attempts.value += 1
      if attempts.value == 1 { return observer.send(error: .boom) }
      lifetime.observeEnded { withExtendedLifetime(observer) { attemptEnded.value = true } }
    }
    let trigger = SignalProducer<Void, TestError> { observer, lifetime in
      lifetime.observeEnded { withExtendedLifetime(observer) { triggerEnded.value = true } }
      observer.send(value: ())
    }
    let recorder = TestRecorder(source.retry(when: { _ in trigger }))
    recorder.disposable?.dispose()
    #expect(attempts.value == 2)
    #expect(attemptEnded.value && triggerEnded.value)
    #expect(recorder.descriptions == ["interrupted"])
  }

  // MARK: RxSwift's specs

  @Test func never() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1), .completed(250)])
    let empty = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1), .completed(210)])
    let res = scheduler.start(disposed: 300) { xs.producer.retry(when: { _ in empty.producer }) }
    // The trigger is started at the first failure, as RxSwift subscribes to it: there is none, so `empty`'s
    // completion at 210 changes nothing.
    #expect(res.recorded == [.completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(empty.subscriptions.isEmpty)
  }

  @Test func observableNever() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, TestError.boom),
    ])
    let never = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
    let res = scheduler.start { xs.producer.retry(when: { _ in never.producer }) }
    #expect(res.recorded == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .interrupted(1000)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test func observableNeverComplete() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([
      Recorded<Int, TestError>.next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5),
      .completed(250),
    ])
    let never = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
    let res = scheduler.start { xs.producer.retry(when: { _ in never.producer }) }
    #expect(res.recorded == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test func observableNextError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([
      .next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40),
    ])
    let res = scheduler.start(disposed: 300) {
      xs.producer.retry(when: { failures in
        failures.scan(0) { count, _ throws(TestError) -> Int in
          guard count + 1 != 2 else { throw .other }
          return count + 1
        }
      })
    }
    #expect(res.recorded == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, .other)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
  }

  @Test func observableComplete() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([
      .next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40),
    ])
    let empty = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1), .completed(230)])
    let res = scheduler.start { xs.producer.retry(when: { _ in empty.producer }) }
    // RxSwift's spec expects `completed(230)`. Here `empty`'s completion at 230 runs before the failure at
    // 230 (it was scheduled first), so the trigger has ended when the failure starts it, and a start of an
    // ended signal is interrupted at once: the result is interrupted at 230. Documented in RetryWhen.md.
    #expect(res.recorded == [.next(210, 1), .next(220, 2), .interrupted(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test func observableNextComplete() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([
      .next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40),
    ])
    let res = scheduler.start(disposed: 300) {
      xs.producer.retry(when: { failures in
        failures.scan(0) { count, _ in count + 1 }.take { $0 < 2 }.promoteError(TestError.self)
      })
    }
    #expect(res.recorded == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
  }

  @Test func observableInfinite() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([
      .next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40),
    ])
    let never = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
    let res = scheduler.start { xs.producer.retry(when: { _ in never.producer }) }
    #expect(res.recorded == [.next(210, 1), .next(220, 2), .interrupted(1000)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test func incrementalBackOff() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([.next(5, 1), .error(10, TestError.boom)])
    let maxAttempts = 4
    let res = scheduler.start(disposed: 800) {
      xs.producer.retry(when: { failures in
        var attempt = 0
        return failures.flatMap(.merge) { error -> SignalProducer<Void, TestError> in
          defer { attempt += 1 }
          if attempt >= maxAttempts - 1 { return SignalProducer(error: error) }
          return SignalProducer(value: ()).delay(.seconds(50 * (attempt + 1)), on: scheduler)
        }
      })
    }
    #expect(res.recorded == [.next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, .boom)])
    #expect(
      xs.subscriptions == [
        Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
      ]
    )
  }
}
