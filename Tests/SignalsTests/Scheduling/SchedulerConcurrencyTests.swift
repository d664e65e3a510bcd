import Dispatch
import Signals
import SignalsTestSupport
import Synchronization
import Testing

@Suite(.watchingThePool, .onItsOwnThread) struct SchedulerConcurrencyTests {
  @Test func queueSchedulerRunsActionsInOrderOffTheCallingThread() {
    let scheduler = QueueScheduler(name: "test")
    let ran = LockedList<Int>()
    for index in 0..<100 { scheduler.schedule { ran.append(index) } }
    #expect(eventually { ran.values.count == 100 })
    #expect(ran.values == Array(0..<100))
  }

  @Test func queueSchedulerRunsTimedActionsNoEarlierThanDueAndInDueOrder() {
    let scheduler = QueueScheduler()
    let ran = LockedList<(Int, Duration)>()
    let start = scheduler.now
    scheduler.schedule(after: .milliseconds(60)) { ran.append((2, start.duration(to: scheduler.now))) }
    scheduler.schedule(after: .milliseconds(20)) { ran.append((1, start.duration(to: scheduler.now))) }
    #expect(eventually { ran.values.count == 2 })
    #expect(ran.values.map(\.0) == [1, 2])
    #expect(ran.values[0].1 >= .milliseconds(20))
    #expect(ran.values[1].1 >= .milliseconds(60))
  }

  @Test func queueSchedulerSkipsCancelledActions() {
    let scheduler = QueueScheduler()
    let ran = LockedList<Int>()
    let token = scheduler.schedule(after: .milliseconds(30)) { ran.append(1) }
    token?.dispose()
    scheduler.schedule(after: .milliseconds(60)) { ran.append(2) }
    #expect(eventually { ran.values.count == 1 })
    usleepMilliseconds(40)
    #expect(ran.values == [2])
  }

  @Test func queueSchedulerRepeatsUntilDisposed() {
    let scheduler = QueueScheduler()
    let ran = LockedList<Int>()
    let timer = scheduler.schedule(at: scheduler.now, repeatingEvery: .milliseconds(5)) { ran.append(1) }
    #expect(eventually { ran.values.count >= 3 })
    timer.dispose()
    let count = ran.values.count
    usleepMilliseconds(40)
    #expect(ran.values.count <= count + 1)
  }

  @Test func mainSchedulerRunsEnqueuedActionsOnTheMainQueueInOrder() {
    let scheduler = MainScheduler.shared
    let ran = LockedList<(Int, Bool)>()
    for index in 0..<10 {
      scheduler.schedule { ran.append((index, scheduler.isOnMainQueue)) }
    }
    #expect(eventually { ran.values.count == 10 })
    #expect(ran.values.map(\.0) == Array(0..<10))
    #expect(ran.values.allSatisfy { $0.1 })
  }

  @Test func mainSchedulerRunsSynchronouslyOnTheMainQueueWhenNothingIsQueued() {
    let scheduler = MainScheduler.shared
    // Suites run in parallel, and another one may have an action of the shared scheduler waiting on the main
    // queue at that moment: then "first" is enqueued behind it, which is right too. So: every attempt shows
    // one of the two orders, and at least one attempt finds nothing queued and runs "first" inline.
    var ranInline = false
    for _ in 0..<50 where !ranInline {
      let order = LockedList<String>()
      DispatchQueue.main.async {
        scheduler.schedule { order.append("first") }
        order.append("after first")
        scheduler.schedule {
          // Already on the main queue: runs inline, and a nested schedule now has one queued ahead of it.
          order.append("second")
        }
      }
      #expect(eventually { order.values.count == 3 })
      let inline = ["first", "after first", "second"]
      #expect(order.values == inline || order.values == ["after first", "first", "second"])
      ranInline = order.values == inline
    }
    #expect(ranInline)
  }

  @Test func mainSchedulerEnqueuesBehindWaitingActionsToKeepOrder() {
    let scheduler = MainScheduler.shared
    let order = LockedList<String>()
    DispatchQueue.main.async {
      scheduler.schedule {
        scheduler.schedule { order.append("nested") }
        order.append("outer")
      }
    }
    #expect(eventually { order.values.count == 2 })
    #expect(order.values == ["outer", "nested"])
  }

  @Test func mainSchedulerRunsTimedActionsAfterTheirDelay() {
    let scheduler = MainScheduler.shared
    let ran = LockedList<Bool>()
    let start = scheduler.now
    scheduler.schedule(after: .milliseconds(20)) {
      ran.append(start.duration(to: scheduler.now) >= .milliseconds(20) && scheduler.isOnMainQueue)
    }
    #expect(eventually { ran.values.count == 1 })
    #expect(ran.values == [true])
  }
}
