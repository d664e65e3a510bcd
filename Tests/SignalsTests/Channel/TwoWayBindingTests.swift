import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct TwoWayBindingTests {
  @Test func theRightSidesValueWinsAtBindTime() {
    let left = MutableProperty(Note("left"))
    let right = MutableProperty(Note("right"))
    let leftSets = Counter(left.signal)
    let rightSets = Counter(right.signal)
    left <~> right
    #expect(left.value.text == "right")
    #expect(right.value.text == "right")
    #expect(leftSets.count == 1)
    #expect(rightSets.count == 0)  // the left side's replay is not sent back
  }

  @Test func changesFlowBothWays() {
    let left = MutableProperty(0)
    let right = MutableProperty(1)
    let leftSeen = TestRecorder(left.signal)
    let rightSeen = TestRecorder(right.signal)
    left <~> right
    left.value = 2
    right.value = 3
    #expect(leftSeen.descriptions == ["1", "2", "3"])
    #expect(rightSeen.descriptions == ["2", "3"])
  }

  @Test func aChangeTravelsOnceEachWayAndStopsEvenForValuesThatAreNotEquatable() {
    let left = MutableProperty(Note("0"))
    let right = MutableProperty(Note("0"))
    let binding = left <~> right
    let leftSets = Counter(left.signal)
    let rightSets = Counter(right.signal)
    cutIfLooping(binding, left.signal, right.signal)
    left.value = Note("a")
    #expect((leftSets.count, rightSets.count) == (1, 1))
    right.value = Note("b")
    #expect((leftSets.count, rightSets.count) == (2, 2))
    #expect(leftSets.last?.text == "b" && rightSets.last?.text == "b")
  }

  @Test func noLoopThroughAChannelBetweenTwoProperties() {
    let model = MutableProperty(Note("m"))
    let view = MutableProperty(Note("v"))
    let channel = Channel<Note>()
    let bindings = [channel.leadingTerminal <~> model, view <~> channel.followingTerminal]
    cutIfLooping(CompositeDisposable(bindings), model.signal, view.signal)
    #expect(view.value.text == "m")
    let modelSets = Counter(model.signal)
    let viewSets = Counter(view.signal)
    view.value = Note("typed")
    model.value = Note("loaded")
    #expect(model.value.text == "loaded" && view.value.text == "loaded")
    #expect((modelSets.count, viewSets.count) == (2, 2))
  }

  @Test func twoPropertiesThatShareADerivedPropertyNeverLoopAndReportNoCycle() {
    // Both ends are in one graph, so a set of one is queued behind the change in progress and the echo comes
    // back after the set returned: it is recognised as the change's own echo and dropped.
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    let sum = Property.combineLatest(left, right) { $0 + $1 }
    let binding = left <~> right
    let leftSets = Counter(left.signal)
    let rightSets = Counter(right.signal)
    let sums = TestRecorder(sum.signal)
    cutIfLooping(binding, left.signal, right.signal)
    left.value = 3
    #expect((left.value, right.value, sum.value) == (3, 3, 6))
    right.value = 5
    #expect((left.value, right.value, sum.value) == (5, 5, 10))
    #expect((leftSets.count, rightSets.count) == (2, 2))
    #expect(sums.values == [3, 6, 8, 10])  // each set, then the other side following it: consistent states
  }

  @Test func aLeadingTerminalOnTheRightReplaysNothingSoTheLeftKeepsItsValue() {
    let property = MutableProperty(5)
    let channel = Channel<Int>()
    let following = TestRecorder(channel.followingTerminal.producer)
    property <~> channel.leadingTerminal
    #expect(property.value == 5)
    #expect(following.events.isEmpty)
    property.value = 6
    #expect(following.descriptions == ["6"])
  }

  @Test func disposingTheBindingStopsBothDirections() {
    let left = MutableProperty(1)
    let right = MutableProperty(2)
    let binding = left <~> right
    binding.dispose()
    left.value = 3
    right.value = 4
    #expect((left.value, right.value) == (3, 4))
    #expect(observerCount(left.signal) == 0 && observerCount(right.signal) == 0)
  }

  @Test func theBindingEndsWhenASideEndsWithoutEndingTheOtherSide() {
    let property = MutableProperty(1)
    let channel = Channel<Int>()
    let binding = property <~> channel.followingTerminal
    let propertyProducer = TestRecorder(property.producer)
    channel.leadingTerminal.sendCompleted()
    #expect(binding.isDisposed)
    #expect(observerCount(property.signal) == 1)  // only the recorder
    property.value = 2
    #expect(propertyProducer.descriptions == ["1", "2"])
  }

  @Test func theBindingDoesNotKeepAPropertyAliveAndEndsWhenItIsReleased() {
    var left: MutableProperty<Int>? = MutableProperty(1)
    let right = MutableProperty(2)
    let weakLeft = Weak(left!)
    let binding = left! <~> right
    left = nil
    #expect(weakLeft.object == nil)
    #expect(binding.isDisposed)
    #expect(observerCount(right.signal) == 0)
    right.value = 3
  }

  @Test func aNormalisingViewModelBoundToATextFieldShowsTheNormalisedTextOnce() {
    let text = MutableProperty("")
    text.signal.observeValues { value in
      let normalised = value.uppercased()
      if normalised != value { text.value = normalised }
    }
    let field = FakeTextField()
    field.terminal <~> text
    let textSets = Counter(text.signal)
    field.type("abc")
    #expect(text.value == "ABC")
    #expect(field.displayed == ["", "ABC"])  // the bind-time value, then the normalised text; "abc" not echoed
    #expect(textSets.count == 2)  // typed, then normalised
  }

  @Test func twoPropertiesWhereOneNormalisesSettleOnTheNormalisedValueWithoutAnEcho() {
    // "ABC" is sent into the field while the field is still delivering "abc", so it is queued and comes out
    // of the field's terminal after the set returned; it is recognised as the echo of a two-way binding's
    // change (Contracts §16) and not set into `text` a second time.
    let text = MutableProperty("")
    text.signal.observeValues { value in
      let normalised = value.uppercased()
      if normalised != value { text.value = normalised }
    }
    let field = MutableProperty("")
    let binding = field <~> text
    cutIfLooping(binding, field.signal, text.signal)
    let fieldSets = Counter(field.signal)
    let textSets = Counter(text.signal)
    field.value = "abc"
    #expect(field.value == "ABC" && text.value == "ABC")
    #expect(fieldSets.count == 2)  // typed, then normalised
    #expect(textSets.count == 2)  // from the field, then normalised
  }

  @Test func theSeedsPhoneInputTwoWayTest() {
    let channel = Channel<String?>()
    let viewModel = PhoneInputViewModel()
    viewModel.text <~> channel.leadingTerminal
    let validity = TestRecorder(viewModel.isPhoneValid.signal)
    let following = TestRecorder(channel.followingTerminal.producer)
    channel.followingTerminal.send(value: "18612345678")
    #expect(validity.values.first == true)
    viewModel.text.value = "13810001000"
    #expect(following.values.first == "13810001000")
    #expect(following.descriptions == ["Optional(\"13810001000\")"])  // the typed number was not echoed
  }

  /// Ends `binding` once the two sides together have been set more than a few times, so that a feedback loop
  /// makes the test fail instead of hang.
  private func cutIfLooping<A, B>(_ binding: any Disposable, _ left: Signal<A, Never>, _ right: Signal<B, Never>) {
    let sets = Box(0)
    let count: () -> Void = {
      sets.value += 1
      if sets.value > 10 { binding.dispose() }
    }
    left.observeValues { _ in count() }
    right.observeValues { _ in count() }
  }
}
