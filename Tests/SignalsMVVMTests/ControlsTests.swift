import Signals
import SignalsMVVM
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct LabelTests {
  @Test func showsWhatIsBound() {
    let label = Label()
    let title = MutableProperty("Meituan Hotel")
    label.reactive.text <~ title
    #expect(label.text == "Meituan Hotel")
    title.value = "Hyatt"
    #expect(label.text == "Hyatt")
  }

  @Test func releasingTheLabelEndsItsBindingsAndFreesIt() {
    let counter = EndCounter()
    var label: Label? = Label()
    label!.reactive.text <~ counter.producer
    let weak = Weak(label!)
    label = nil
    #expect(weak.object == nil)
    #expect(counter.ended == 1)
  }
}

@Suite(.watchingThePool) struct TextFieldTests {
  @Test func programmaticSetsAreNotUserEdits() {
    let field = TextField()
    var edits: [String?] = []
    field.userEdits.observeValues { edits.append($0) }
    field.text = "set by code"
    field.reactive.text <~ SignalProducer(value: "bound")
    #expect(field.text == "bound")
    field.userDidEdit("typed")
    #expect(edits == ["typed"])
  }

  @Test func typingAppendsAndDeletes() {
    let field = TextField(text: "Zh")
    var edits: [String?] = []
    field.userEdits.observeValues { edits.append($0) }
    field.userDidType("uo")
    field.userDidDeleteBackward()
    #expect(edits == ["Zhuo", "Zhu"])
    #expect(field.text == "Zhu")
  }

  @Test func twoWayBindingShowsTheModelFirstAndNeverEchoes() {
    let field = TextField(text: "old")
    let model = MutableProperty<String?>("Zhuo")
    var modelChanges: [String?] = []
    model.signal.observeValues { modelChanges.append($0) }
    var edits: [String?] = []
    field.userEdits.observeValues { edits.append($0) }

    field.reactive.textTerminal <~> model
    #expect(field.text == "Zhuo")

    field.userDidEdit("Li")
    #expect(model.value == "Li")
    model.value = "Wang"
    #expect(field.text == "Wang")

    #expect(modelChanges == ["Li", "Wang"])  // the user's edit reached the model once
    #expect(edits == ["Li"])  // the model's change did not come back as a user edit
  }

  @Test func releasingTheFieldEndsTheTwoWayBindingAndFreesIt() {
    let model = MutableProperty<String?>("a")
    var field: TextField? = TextField()
    field!.reactive.textTerminal <~> model
    let weak = Weak(field!)
    field = nil
    #expect(weak.object == nil)
    model.value = "b"  // reaches nothing
    #expect(model.value == "b")
  }
}

@Suite(.watchingThePool) struct ButtonTests {
  @Test func tapsOnlyWhenEnabled() {
    let button = Button("OK")
    var taps = 0
    button.taps.observeValues { taps += 1 }
    #expect(button.tap())
    button.isEnabled = false
    #expect(!button.tap())
    #expect(taps == 1)
  }

  @Test func commandDrivesEnabledAndTapsExecuteIt() {
    let canSubmit = MutableProperty(false)
    let executions = Locked(0)
    let command = Command<Void, Void, Never>(enabledIf: canSubmit) { (_: Void) in executions.withLock { $0 += 1 } }
    let button = Button("Submit")
    button.command = command
    #expect(!button.isEnabled)
    #expect(!button.tap())
    canSubmit.value = true
    #expect(button.isEnabled)
    #expect(button.tap())
    #expect(executions.withLock { $0 } == 1)
  }

  @Test func aSerialCommandDisablesTheButtonWhileItExecutes() {
    let (work, finish) = Signal<Void, Never>.pipe()
    let command = Command<Void, Void, Never> { (_: Void) in SignalProducer(work) }
    let button = Button("Send")
    button.command = command
    button.tap()
    #expect(!button.isEnabled)
    finish.sendCompleted()
    #expect(button.isEnabled)
  }

  @Test func replacingTheCommandUnbindsThePreviousOne() {
    let firstEnabled = MutableProperty(false)
    let firstRuns = Locked(0)
    let secondRuns = Locked(0)
    let first = Command<Void, Void, Never>(enabledIf: firstEnabled) { (_: Void) in firstRuns.withLock { $0 += 1 } }
    let second = Command<Void, Void, Never> { (_: Void) in secondRuns.withLock { $0 += 1 } }
    let button = Button("Go")
    button.command = first
    button.command = second
    firstEnabled.value = true
    firstEnabled.value = false
    #expect(button.isEnabled)  // follows the second command only
    button.tap()
    #expect(firstRuns.withLock { $0 } == 0)
    #expect(secondRuns.withLock { $0 } == 1)
    button.command = nil
    button.tap()
    #expect(secondRuns.withLock { $0 } == 1)
    #expect(button.isEnabled)
  }

  @Test func releasingTheButtonFreesItAndItsCommandBindings() {
    let enabled = MutableProperty(true)
    var command: Command<Void, Void, Never>? = Command(enabledIf: enabled) { (_: Void) in }
    var button: Button? = Button("Go")
    button!.command = command
    let weakButton = Weak(button!)
    let weakCommand = Weak(command!)
    button = nil
    #expect(weakButton.object == nil)
    command = nil
    #expect(weakCommand.object == nil)
  }
}

@Suite(.watchingThePool) struct MessageAreaTests {
  @Test func showsErrorsAndInfosReplacingThePreviousMessage() {
    let area = MessageArea()
    let (errors, errorInput) = Signal<String, Never>.pipe()
    let (infos, infoInput) = Signal<String, Never>.pipe()
    area.reactive.errors <~ errors
    area.reactive.infos <~ infos
    errorInput.send(value: "bad")
    #expect(area.message == .error("bad"))
    infoInput.send(value: "done")
    #expect(area.message == .info("done"))
    #expect(area.message?.text == "done")
    area.reactive.message <~ SignalProducer(value: nil)
    #expect(area.message == nil)
  }
}
