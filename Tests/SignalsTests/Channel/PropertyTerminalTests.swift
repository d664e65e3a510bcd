import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct PropertyTerminalTests {
  @Test func aValueSentIntoThePropertysTerminalSetsTheProperty() {
    let property = MutableProperty(Note("a"))
    let changes = Counter(property.signal)
    property.channelTerminal.send(value: Note("b"))
    #expect(property.value.text == "b")
    #expect(changes.count == 1)
  }

  @Test func theTerminalSendsTheCurrentValueThenEveryChange() {
    let property = MutableProperty(0)
    let terminal = TestRecorder(property.channelTerminal.producer)
    property.value = 1
    property.value = 2
    #expect(terminal.descriptions == ["0", "1", "2"])
  }

  @Test func aValueSentIntoTheTerminalIsNotEchoedToItsOwnObserversButReachesAnotherTerminals() {
    let property = MutableProperty(Note("start"))
    let terminal = property.channelTerminal
    let first = TestRecorder(terminal.producer)
    let second = TestRecorder(terminal.producer)
    let otherTerminal = TestRecorder(property.channelTerminal.producer)
    terminal.send(value: Note("from view"))
    property.value = Note("from model")
    #expect(first.descriptions == ["start", "from model"])
    #expect(second.descriptions == ["start", "from model"])
    #expect(otherTerminal.descriptions == ["start", "from view", "from model"])
  }

  @Test func aChangeMadeByAnObserverInResponseToTheTerminalsValueDoesComeOut() {
    // A view model that normalises what the view typed: the view must see the normalised text.
    let text = MutableProperty("")
    text.signal.observeValues { value in
      let normalised = value.uppercased()
      if normalised != value { text.value = normalised }
    }
    let terminal = text.channelTerminal
    let view = TestRecorder(terminal.producer)
    terminal.send(value: "abc")
    #expect(text.value == "ABC")
    #expect(view.descriptions == ["", "ABC"])
  }

  @Test func aSetThroughTheTerminalWhileThePropertyIsBusyIsDeliveredOnceMoreAndNeverLost() {
    // The documented limit: the set is queued behind the delivery in progress, so it can't be told from a
    // change made by someone else, and comes out of the terminal once.
    let property = MutableProperty(0)
    let terminal = property.channelTerminal
    let view = TestRecorder(terminal.producer)
    property.signal.observeValues { value in
      if value == 1 { terminal.send(value: 2) }
    }
    property.value = 1
    #expect(property.value == 2)
    #expect(view.descriptions == ["0", "1", "2"])
  }

  @Test func theTerminalCompletesWhenThePropertyIsReleasedAndDoesNotKeepItAlive() {
    var property: MutableProperty<Int>? = MutableProperty(1)
    let weakProperty = Weak(property!)
    let terminal = property!.channelTerminal
    let view = TestRecorder(terminal.producer)
    property = nil
    #expect(weakProperty.object == nil)
    #expect(view.descriptions == ["1", "completed"])
    #expect(terminal.lifetime.hasEnded)
    terminal.send(value: 2)
  }

  @Test func terminalEventsSentIntoThePropertysTerminalAreIgnored() {
    let property = MutableProperty(1)
    let terminal = property.channelTerminal
    let view = TestRecorder(terminal.producer)
    terminal.sendCompleted()
    terminal.send(.interrupted)
    property.value = 2
    #expect(view.descriptions == ["1", "2"])
    #expect(!terminal.lifetime.hasEnded)
  }
}
