import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// ReactiveSwift's spellings on the test scheduler: `TestScheduler(startDate:)`, `currentDate`,
// `advance(by: TimeInterval)` and `advance(to: Date)`, so that a ported spec keeps its numbers and dates.
@Suite(.watchingThePool) struct TestSchedulerDatesTests {
  @Test func advanceBySecondsAsADoubleRunsWhatIsDueAsADurationWould() {
    let scheduler = TestScheduler()
    var ran: [String] = []
    scheduler.schedule(after: .milliseconds(300)) { ran.append("debounced") }
    scheduler.schedule(after: .seconds(1)) { ran.append("delayed") }
    scheduler.advance(by: 0.2)
    #expect(ran == [])
    scheduler.advance(by: 0.1)
    #expect(ran == ["debounced"])
    let interval: TimeInterval = 0.7
    scheduler.advance(by: interval)
    #expect(ran == ["debounced", "delayed"])
    #expect(scheduler.now == .zero.advanced(by: .seconds(1)))
    scheduler.advance(by: 2)  // an integer literal is seconds too
    #expect(scheduler.now == .zero.advanced(by: .seconds(3)))
    scheduler.advance(by: -1)
    #expect(scheduler.now == .zero.advanced(by: .seconds(3)), "a negative span leaves the clock")
  }

  @Test func aStartDateIsTheDateOfTheOriginAndCurrentDateFollowsTheClock() {
    let start = Date(timeIntervalSince1970: 1_475_361_315)
    let scheduler = TestScheduler(startDate: start)
    #expect(scheduler.now == .zero, "virtual time, and marbles, still start at zero")
    #expect(scheduler.currentDate == start)
    var ranAt: [Date] = []
    scheduler.schedule(after: .seconds(90)) { ranAt.append(scheduler.currentDate) }
    scheduler.advance(to: start.addingTimeInterval(89))
    #expect(ranAt == [])
    #expect(scheduler.currentDate == start.addingTimeInterval(89))
    scheduler.advance(to: start.addingTimeInterval(90.5))
    #expect(ranAt == [start.addingTimeInterval(90)])
    #expect(scheduler.currentDate == start.addingTimeInterval(90.5))
  }

  @Test func withoutAStartDateTheOriginIsFoundationsReferenceDateAsInReactiveSwift() {
    let scheduler = TestScheduler()
    #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 0))
    scheduler.advance(by: .milliseconds(1500))
    #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 1.5))
  }

  @Test func aMarbleDiagramReadsTheSameOnAScheduleWithAStartDate() {
    let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 1_000_000))
    let source = scheduler.hotSignal("-a-b-|")
    let recorder = TestRecorder(source, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-b-|")
  }
}
