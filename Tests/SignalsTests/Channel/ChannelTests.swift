import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ChannelTests {
  /// Which terminal a parameterised test sends into.
  enum Side: CaseIterable {
    case leading, following
    func terminal<V>(of channel: Channel<V>) -> ChannelTerminal<V> {
      self == .leading ? channel.leadingTerminal : channel.followingTerminal
    }
  }

  @Test func aValueSentIntoOneTerminalReachesOnlyTheOthersObservers() {  // the doc comment's marble
    let channel = Channel<String>()
    let leading = TestRecorder(channel.leadingTerminal.producer)
    let following = TestRecorder(channel.followingTerminal.producer)
    channel.leadingTerminal.send(value: "a")
    channel.followingTerminal.send(value: "x")
    channel.leadingTerminal.send(value: "b")
    channel.leadingTerminal.sendCompleted()
    #expect(following.descriptions == ["a", "b", "completed"])
    #expect(leading.descriptions == ["x", "completed"])
  }

  @Test func theFollowingTerminalReplaysTheLatestValueSentIntoTheLeadingTerminal() {
    let channel = Channel<Int>()
    let early = TestRecorder(channel.followingTerminal.producer)
    #expect(early.events.isEmpty)
    channel.leadingTerminal.send(value: 1)
    channel.leadingTerminal.send(value: 2)
    channel.followingTerminal.send(value: 9)
    let late = TestRecorder(channel.followingTerminal.producer)
    channel.leadingTerminal.send(value: 3)
    #expect(late.descriptions == ["2", "3"])
    #expect(early.descriptions == ["1", "2", "3"])
  }

  @Test func theLeadingTerminalReplaysNoValue() {
    let channel = Channel<Int>()
    channel.followingTerminal.send(value: 1)
    channel.leadingTerminal.send(value: 5)
    let leading = TestRecorder(channel.leadingTerminal.producer)
    #expect(leading.events.isEmpty)
    channel.followingTerminal.send(value: 2)
    #expect(leading.descriptions == ["2"])
  }

  @Test(arguments: Side.allCases)
  func completionSentIntoEitherTerminalReachesBothAndIsReplayed(side: Side) {
    let channel = Channel<Int>()
    let leading = TestRecorder(channel.leadingTerminal.producer)
    let following = TestRecorder(channel.followingTerminal.producer)
    channel.leadingTerminal.send(value: 1)
    side.terminal(of: channel).sendCompleted()
    channel.leadingTerminal.send(value: 2)
    channel.followingTerminal.send(value: 3)
    #expect(leading.descriptions == ["completed"])
    #expect(following.descriptions == ["1", "completed"])
    #expect(TestRecorder(channel.leadingTerminal.producer).descriptions == ["completed"])
    #expect(TestRecorder(channel.followingTerminal.producer).descriptions == ["1", "completed"])
    #expect(channel.leadingTerminal.lifetime.hasEnded)
  }

  @Test func interruptionSentIntoATerminalIsReplayedAsInterruptionNotCompletion() {
    let channel = Channel<Int>()
    let leading = TestRecorder(channel.leadingTerminal.producer)
    channel.followingTerminal.send(.interrupted)
    channel.leadingTerminal.sendCompleted()
    #expect(leading.descriptions == ["interrupted"])
    #expect(TestRecorder(channel.leadingTerminal.producer).descriptions == ["interrupted"])
    #expect(TestRecorder(channel.followingTerminal.producer).descriptions == ["interrupted"])
  }

  @Test func disposingAnObservationDetachesItFromTheTerminal() {
    let channel = Channel<Int>()
    let following = TestRecorder(channel.followingTerminal.producer)
    channel.leadingTerminal.send(value: 1)
    following.disposable?.dispose()
    channel.leadingTerminal.send(value: 2)
    #expect(following.descriptions == ["1", "interrupted"])
    #expect(channel.core.toFollowing.observerCount == 0)
  }

  // `observeValues` attaches to the channel's direction itself, without a start of the terminal's producer:
  // it must see what the producer's observers see.
  @Test func observingATerminalsValuesKeepsTheProducersRules() {
    let channel = Channel<Int>()
    let leadingSeen = Locked([Int]())
    let followingSeen = Locked([Int]())
    channel.followingTerminal.send(value: 9)  // before anyone observes the leading side: not replayed
    channel.leadingTerminal.send(value: 1)
    channel.leadingTerminal.send(value: 2)
    channel.leadingTerminal.observeValues { value in leadingSeen.withLock { $0.append(value) } }
    let following = channel.followingTerminal.observeValues { value in followingSeen.withLock { $0.append(value) } }
    channel.leadingTerminal.send(.value(3))
    channel.followingTerminal.send(.value(7))
    following.dispose()
    channel.leadingTerminal.send(value: 4)
    #expect(followingSeen.withLock { $0 } == [2, 3])  // the latest value replayed, none after dispose
    #expect(leadingSeen.withLock { $0 } == [7])  // its own sends never come back
    #expect(channel.core.toFollowing.observerCount == 0)
    channel.leadingTerminal.sendCompleted()
    let late = (leading: Locked([Int]()), following: Locked([Int]()))
    let lateLeading = channel.leadingTerminal.observeValues { value in late.leading.withLock { $0.append(value) } }
    let lateFollowing = channel.followingTerminal.observeValues { value in
      late.following.withLock { $0.append(value) }
    }
    #expect(late.leading.withLock { $0 }.isEmpty)
    #expect(late.following.withLock { $0 } == [4])
    #expect(lateLeading.isDisposed && lateFollowing.isDisposed)
  }

  @Test func observingATerminalsValuesDoesNotKeepTheChannelAlive() {
    var channel: Channel<Int>? = Channel()
    let weakChannel = Weak(channel!)
    let seen = Locked([Int]())
    let observation = channel!.followingTerminal.observeValues { value in seen.withLock { $0.append(value) } }
    channel!.leadingTerminal.send(value: 1)
    channel = nil
    #expect(weakChannel.object == nil)
    observation.dispose()  // after the end: nothing to detach
    #expect(seen.withLock { $0 } == [1])
  }

  @Test func releasingTheChannelAndItsTerminalsInterruptsTheObserversAndFreesTheChannel() {
    var channel: Channel<Int>? = Channel()
    let weakChannel = Weak(channel!)
    let leading = TestRecorder(channel!.leadingTerminal.producer)
    var terminal: ChannelTerminal<Int>? = channel!.followingTerminal
    channel = nil
    #expect(weakChannel.object != nil)  // the terminal's send side holds it
    terminal?.send(value: 1)
    terminal = nil
    #expect(weakChannel.object == nil)
    #expect(leading.descriptions == ["1", "interrupted"])
  }

  @Test func aTerminalIsABindingSourceAndABindingTarget() {
    let channel = Channel<Int>()
    let model = MutableProperty(0)
    let (input, inputSink) = Signal<Int, Never>.pipe()
    model <~ channel.leadingTerminal
    channel.leadingTerminal <~ input
    let view = TestRecorder(channel.followingTerminal.producer)
    inputSink.send(value: 4)
    channel.followingTerminal.send(value: 7)
    #expect(view.descriptions == ["4"])
    #expect(model.value == 7)
  }

  @Test func bindingsIntoATerminalEndWithTheChannel() {
    let channel = Channel<Int>()
    let (input, inputSink) = Signal<Int, Never>.pipe()
    let binding = channel.leadingTerminal <~ input
    channel.followingTerminal.sendCompleted()
    #expect(binding?.isDisposed == true)
    #expect(observerCount(input) == 0)
    inputSink.send(value: 1)
  }

  // A direction keeps its observers itself: what an observer does during a delivery (send into the same
  // direction, attach another observer, dispose one) queues behind the delivery and takes its place in the order.
  @Test func whatAnObserverDoesDuringADeliveryTakesItsPlaceInTheOrder() {
    let channel = Channel<Int>()
    let following = channel.followingTerminal
    let seen = (first: Box<[Int]>([]), late: Box<[Int]>([]), leaving: Box<[Int]>([]))
    var late: (any Disposable)?
    var leaving: (any Disposable)?
    following.observeValues { value in
      seen.first.value.append(value)
      guard value == 1 else { return }
      channel.leadingTerminal.send(value: 2)  // delivered after 1 has reached every observer
      late = following.observeValues { seen.late.value.append($0) }  // replays 2, the value before it
    }
    leaving = following.observeValues { value in
      seen.leaving.value.append(value)
      leaving?.dispose()
    }
    channel.leadingTerminal.send(value: 1)
    channel.leadingTerminal.send(value: 3)
    #expect(seen.first.value == [1, 2, 3])
    #expect(seen.late.value == [2, 3])
    #expect(seen.leaving.value == [1])
    #expect(channel.core.toFollowing.observerCount == 2)
    late?.dispose()
    #expect(channel.core.toFollowing.observerCount == 1)
    channel.leadingTerminal.sendCompleted()  // releases the observer, which holds the channel
    #expect(channel.core.toFollowing.observerCount == 0)
  }

  @Test func aCustomTerminalForwardsWhatIsSentAndObservesItsProducer() {
    let (lifetime, token) = Lifetime.make()
    let sent = Box<[String]>([])
    let terminal = ChannelTerminal<Int>(producer: SignalProducer(values: 1, 2), lifetime: lifetime) { event in
      sent.value.append(event.description)
    }
    let seen = Box<[Int]>([])
    terminal.observeValues { seen.value.append($0) }
    terminal.send(value: 3)
    terminal.sendCompleted()
    #expect(seen.value == [1, 2])
    #expect(sent.value == ["value(3)", "completed"])
    withExtendedLifetime(token) {}
  }
}
