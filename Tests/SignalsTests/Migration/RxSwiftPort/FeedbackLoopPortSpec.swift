import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// The spec of the feedback-loop port (FeedbackLoop.swift): a counter whose one feedback asks for the next
// increment, one second later, until it reaches 3, with an ActivityIndicator tracking each request.
@Suite(.watchingThePool) struct FeedbackLoopPortSpec {
  enum CounterEvent: Sendable {
    case increment
  }

  /// The system: 0, then +1 a second after each state below 3, each request tracked by `activity`.
  private func counter(_ scheduler: TestScheduler, _ activity: ActivityIndicator) -> SignalProducer<Int, Never> {
    SignalProducer.system(
      initialState: 0,
      reduce: { count, _ in count + 1 },
      scheduler: scheduler,
      feedback: [
        react(
          request: { count in count < 3 ? count : nil },
          effects: { _ in
            activity.track(SignalProducer<CounterEvent, Never>(value: .increment).delay(.seconds(1), on: scheduler))
          })
      ]
    )
  }

  @Test func theFeedbackDrivesTheStateToThreeOneSecondApart() {
    let scheduler = TestScheduler()
    let activity = ActivityIndicator()
    let states = TestRecorder(counter(scheduler, activity), scheduler: scheduler)
    let isActive = TestRecorder(activity.isActive.signal, scheduler: scheduler)
    scheduler.advance(by: 10)
    states.expect(marble: "0123", values: ["0": 0, "1": 1, "2": 2, "3": 3])
    #expect(isActive.values == [true, false, true, false, true, false], "one request at a time, none at the end")
    #expect(scheduler.scheduledCount == 0, "nothing asked for after 3")
  }

  @Test func eachStartRunsASystemOfItsOwn() {
    let scheduler = TestScheduler()
    let activity = ActivityIndicator()
    let system = counter(scheduler, activity)
    let first = TestRecorder(system, scheduler: scheduler)
    scheduler.advance(by: 1)
    let second = TestRecorder(system, scheduler: scheduler)
    scheduler.advance(by: 10)
    first.expect(marble: "0123", values: ["0": 0, "1": 1, "2": 2, "3": 3])
    second.expect(marble: "-0123", values: ["0": 0, "1": 1, "2": 2, "3": 3])
  }

  @Test func disposingTheSystemStopsItsRequestAndTheActivity() {
    let scheduler = TestScheduler()
    let activity = ActivityIndicator()
    let states = TestObserver<Int, Never>()
    let disposable = counter(scheduler, activity).start(states.observer)
    scheduler.advance(by: 1.5)
    #expect(activity.isActive.value)
    disposable.dispose()
    #expect(!activity.isActive.value, "the request's token was disposed with the start")
    scheduler.advance(by: 10)
    states.assertValues([0, 1])
    states.assertDidInterrupt()
  }

  @Test func aTrackedProducerThatFailsEndsItsActivity() {
    let activity = ActivityIndicator()
    let failing = activity.track(SignalProducer<Int, TestError>(error: .boom))
    let observer = TestObserver<Int, TestError>()
    failing.start(observer.observer)
    observer.assertFailed(.boom, message: "the source's failure passes through")
    #expect(!activity.isActive.value)
  }

  @Test func migratingShowsThisPort() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let port = try String(
      contentsOf: root.appendingPathComponent(
        "Tests/SignalsTests/Migration/RxSwiftPort/FeedbackLoop.swift"), encoding: .utf8)
    let guide = try String(contentsOf: root.appendingPathComponent("Docs/Migrating.md"), encoding: .utf8)
    let code = port.components(separatedBy: "// MIGRATING-FEEDBACK-BEGIN\n").last?
      .components(separatedBy: "// MIGRATING-FEEDBACK-END").first
    let shown = guide.components(separatedBy: "<!-- sample: file -->\n```swift\nimport Signals\n\n")
      .dropFirst().first { $0.hasPrefix("/// A feedback:") }?
      .components(separatedBy: "```\n").first
    #expect(code != nil && shown == code, "Docs/Migrating.md's feedback-loop sample differs from FeedbackLoop.swift")
  }
}
