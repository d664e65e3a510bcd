import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Both ends of a `Channel` sending from several threads while observers attach to and detach from both
/// terminals, and the channel ending in the middle of it.
///
/// Sizes: 4 sender threads (2 per terminal) × 2,500 values, plus 2 threads churning observers.
@Suite(.watchingThePool, .onItsOwnThread) struct ChannelStressTests {
  static let senders = 4
  static let perSender = 2_500

  @Test func bothEndsSendingWhileObserversComeAndGoDeliverEveryValueOnceInEachSendersOrder() {
    let channel = Channel<Int>()
    // Senders 0 and 2 send into the leading terminal (read on the following side), 1 and 3 into the following.
    let following = SenderLog(senders: Self.senders, stride: Self.perSender)
    let leading = SenderLog(senders: Self.senders, stride: Self.perSender)
    channel.followingTerminal.observeValues(following.record)
    channel.leadingTerminal.observeValues(leading.record)
    let churn = (
      leading: ChurnLog(senders: Self.senders, stride: Self.perSender),
      following: ChurnLog(senders: Self.senders, stride: Self.perSender)
    )
    let stop = AtomicFlag()
    let remaining = AtomicCounter()
    stressConcurrently(Self.senders + 2) { thread in
      switch thread {
      case 0..<Self.senders:
        let terminal = thread.isMultiple(of: 2) ? channel.leadingTerminal : channel.followingTerminal
        for sequence in 0..<Self.perSender {
          terminal.send(value: following.value(sender: thread, sequence: sequence))
        }
        if remaining.increment() == Self.senders { stop.store(true) }
      case Self.senders:
        churn.leading.churn(until: stop, minimumRounds: 50) { action in channel.leadingTerminal.observeValues(action)
        }
      default:
        churn.following.churn(until: stop, minimumRounds: 50) { action in
          channel.followingTerminal.observeValues(action)
        }
      }
    }
    let expectedSum = Self.perSender * (Self.perSender - 1) / 2
    #expect(following.counts == [Self.perSender, 0, Self.perSender, 0])
    #expect(following.sums == [expectedSum, 0, expectedSum, 0])
    #expect(leading.counts == [0, Self.perSender, 0, Self.perSender])
    #expect(leading.sums == [0, expectedSum, 0, expectedSum])
    #expect(following.outOfOrder == 0 && leading.outOfOrder == 0)
    #expect(following.maxDepth == 1 && leading.maxDepth == 1)
    for log in [churn.leading, churn.following] {
      #expect(log.overlapCount == 0 && log.disorderCount == 0)
    }
    // A terminal's observation disposes through a producer's start: the in-flight value may still arrive,
    // nothing after it.
    #expect(churn.leading.lateBurstCount == 0 && churn.following.lateBurstCount == 0)
  }

  @Test func endingTheChannelWhileBothEndsSendAndObserversAttachEndsEveryObserverOnceWithNothingAfter() {
    // 100 rounds: 2 threads send into each terminal, 1 completes the channel midway, 1 attaches observers.
    let violations = AtomicCounter()
    let wrongEnd = AtomicCounter()
    for _ in 0..<100 {
      let channel = Channel<Int>()
      let recorders = Locked<[TestRecorder<Int, Never>]>([
        TestRecorder(channel.leadingTerminal.producer), TestRecorder(channel.followingTerminal.producer),
      ])
      stressConcurrently(4) { thread in
        switch thread {
        case 0:
          for value in 0..<50 { channel.leadingTerminal.send(value: value) }
        case 1:
          for value in 0..<50 { channel.followingTerminal.send(value: value) }
        case 2:
          for value in 0..<10 { channel.followingTerminal.send(value: -value) }
          channel.leadingTerminal.sendCompleted()
          // After the end, sends into either terminal are ignored.
          channel.followingTerminal.send(value: 1_000)
          channel.leadingTerminal.send(value: 1_000)
        default:
          for index in 0..<10 {
            let terminal = index.isMultiple(of: 2) ? channel.leadingTerminal : channel.followingTerminal
            let recorder = TestRecorder(terminal.producer)
            recorders.withLock { $0.append(recorder) }
          }
        }
      }
      for recorder in recorders.withLock({ $0 }) {
        if recorder.violatedGrammar || recorder.events.filter(\.isTerminating).count != 1 { violations.increment() }
        if recorder.descriptions.last != "completed" || recorder.values.contains(1_000) { wrongEnd.increment() }
      }
    }
    #expect(violations.value == 0)
    #expect(wrongEnd.value == 0)
  }
}
