import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct TestSchedulerTests {
  @Test func nothingRunsUntilTimeAdvances() {
    let scheduler = TestScheduler()
    var ran: [String] = []
    scheduler.schedule { ran.append("now") }
    scheduler.schedule(after: .seconds(2)) { ran.append("later") }
    #expect(ran == [])
    scheduler.advance()
    #expect(ran == ["now"])
    scheduler.advance(by: .seconds(1))
    #expect(ran == ["now"])
    scheduler.advance(by: .seconds(1))
    #expect(ran == ["now", "later"])
    #expect(scheduler.now == .zero.advanced(by: .seconds(2)))
  }

  @Test func actionsDueAtTheSameInstantRunInSchedulingOrder() {
    let scheduler = TestScheduler()
    var ran: [Int] = []
    scheduler.schedule(after: .seconds(2)) { ran.append(1) }
    scheduler.schedule(after: .seconds(1)) { ran.append(0) }
    scheduler.schedule(after: .seconds(2)) { ran.append(2) }
    scheduler.schedule(after: .seconds(2)) { ran.append(3) }
    scheduler.advance(to: .zero.advanced(by: .seconds(5)))
    #expect(ran == [0, 1, 2, 3])
    #expect(scheduler.now == .zero.advanced(by: .seconds(5)))
  }

  @Test func anActionMaySchedulMoreWorkWhichRunsInTheSameAdvanceWhenDue() {
    let scheduler = TestScheduler()
    var times: [SchedulerInstant] = []
    scheduler.schedule(after: .seconds(1)) {
      times.append(scheduler.now)
      scheduler.schedule(after: .seconds(1)) { times.append(scheduler.now) }
      scheduler.schedule(after: .seconds(5)) { times.append(scheduler.now) }
    }
    scheduler.advance(by: .seconds(3))
    #expect(times == [.zero.advanced(by: .seconds(1)), .zero.advanced(by: .seconds(2))])
    scheduler.run()
    #expect(times.last == .zero.advanced(by: .seconds(6)))
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func cancelledActionsNeverRun() {
    let scheduler = TestScheduler()
    var ran = false
    let token = scheduler.schedule(after: .seconds(1)) { ran = true }
    #expect(scheduler.scheduledCount == 1)
    token?.dispose()
    #expect(scheduler.scheduledCount == 0)
    scheduler.run()
    #expect(!ran)
  }

  @Test func repeatingActionsRunEveryIntervalUntilDisposed() {
    let scheduler = TestScheduler()
    var times: [Duration] = []
    let timer = scheduler.schedule(at: .zero.advanced(by: .seconds(1)), repeatingEvery: .seconds(2)) {
      times.append(scheduler.now.sinceOrigin)
    }
    scheduler.advance(by: .seconds(6))
    #expect(times == [.seconds(1), .seconds(3), .seconds(5)])
    timer.dispose()
    scheduler.advance(by: .seconds(10))
    #expect(times.count == 3)
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func anActionMayAdvanceOrCancelFromInsideWithoutDeadlock() {
    let scheduler = TestScheduler()
    var ran: [Int] = []
    var second: (any Disposable)?
    scheduler.schedule(after: .seconds(1)) {
      ran.append(1)
      second?.dispose()
    }
    second = scheduler.schedule(after: .seconds(2)) { ran.append(2) }
    scheduler.schedule(after: .seconds(3)) {
      ran.append(3)
      scheduler.schedule { ran.append(4) }
      scheduler.advance()
    }
    scheduler.run()
    #expect(ran == [1, 3, 4])
  }

  @Test func immediateSchedulerRunsBeforeScheduleReturns() {
    var ran = false
    let token = ImmediateScheduler().schedule { ran = true }
    #expect(ran)
    #expect(token == nil)
  }

  @Test func schedulerInstantsMeasureDurations() {
    let start = SchedulerInstant.zero.advanced(by: .milliseconds(1500))
    #expect(start.duration(to: .zero) == .milliseconds(-1500))
    #expect(SchedulerInstant.zero < start)
    #expect(start.description == "1.5 seconds")
  }
}
