import Observation
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Properties and commands read through Observation (`Docs/SwiftUI.md`): `withObservationTracking` stands in
/// for a SwiftUI view's `body`.
@Suite(.watchingThePool, .onItsOwnThread) struct PropertyObservationTests {
  /// Runs `read` inside `withObservationTracking`, counting the calls of its `onChange`.
  static func track(_ read: () -> Void) -> AtomicCounter {
    let changes = AtomicCounter()
    withObservationTracking(read) { changes.increment() }
    return changes
  }

  @Test func aReadRegistersAndTheNextChangeNotifiesOnce() {
    let name = MutableProperty("")
    let changes = Self.track { _ = name.value }
    #expect(changes.value == 0)
    name.value = "Zhuo"
    #expect(changes.value == 1)
    name.value = "Li"  // the tracking ended with its first change, as in SwiftUI: the next body tracks again
    #expect(changes.value == 1)
  }

  @Test func anUnreadPropertyDoesNotNotify() {
    let name = MutableProperty("")
    let phone = MutableProperty("")
    let changes = Self.track { _ = name.value }
    phone.value = "186"
    #expect(changes.value == 0)
  }

  @Test func derivedPropertiesNotifyOncePerChangeOfTheirGraph() {
    let a = MutableProperty(1)
    let sum = Property.combineLatest(a.map { $0 + 1 }, a.map { $0 * 10 }) { $0 + $1 }
    let changes = Self.track { _ = sum.value }
    a.value = 2
    #expect(changes.value == 1)
    #expect(sum.value == 23)
  }

  @Test func onChangeSeesTheNewValueOfADerivedProperty() {
    // Observation's own properties call onChange before the change; a property's value is already new.
    let a = MutableProperty(1)
    let doubled = a.map { $0 * 2 }
    let seen = Locked<[Int]>([])
    withObservationTracking {
      _ = doubled.value
    } onChange: {
      seen.withLock { $0.append(doubled.value) }
    }
    a.value = 5
    #expect(seen.withLock { $0 } == [10])
  }

  @Test func skipRepeatsHoldsBackAnUnchangedValue() {
    let count = MutableProperty(2)
    let parity = count.map { $0 % 2 }.skipRepeats()
    let changes = Self.track { _ = parity.value }
    count.value = 4
    #expect(changes.value == 0)
    count.value = 5
    #expect(changes.value == 1)
  }

  @Test func aViewOfAMutablePropertyAndThePropertyItselfShareTheirTracking() {
    let name = MutableProperty("")
    let view = Property(name)
    let changes = Self.track { _ = view.value }
    name.value = "x"
    #expect(changes.value == 1)
  }

  @Test func aTransactionNotifiesAtItsCommit() {
    let name = MutableProperty("a")
    let phone = MutableProperty("1")
    let summary = Property.combineLatest(name, phone) { "\($0) \($1)" }
    let changes = Self.track { _ = summary.value }
    withTransaction {
      name.value = ""
      phone.value = ""
      #expect(changes.value == 0)
    }
    #expect(changes.value == 1)
  }

  @Test func withValueRegistersToo() {
    let name = MutableProperty("")
    let changes = Self.track { name.withValue { _ in } }
    name.value = "x"
    #expect(changes.value == 1)
  }

  @Test func aReleasedPropertyNotifiesNothingAndLeaksNothing() {
    weak var released: MutableProperty<Int>?
    let canaryAlive = Locked(true)
    let changes = AtomicCounter()
    do {
      let property = MutableProperty(0)
      released = property
      let canary = Canary { canaryAlive.withLock { $0 = false } }
      withObservationTracking {
        _ = property.value
      } onChange: {
        _ = canary
        changes.increment()
      }
    }
    #expect(released == nil)
    #expect(!canaryAlive.withLock { $0 })  // the tracking's onChange went with the property
    #expect(changes.value == 0)
  }

  @Test func onChangeIsCalledOnTheSettingThread() {
    let name = MutableProperty("")
    let thread = Locked<ThreadID?>(nil)
    withObservationTracking {
      _ = name.value
    } onChange: {
      thread.withLock { $0 = currentThreadID() }
    }
    let setter = Locked<ThreadID>(0)
    stressConcurrently(1) { _ in
      setter.withLock { $0 = currentThreadID() }
      name.value = "from another thread"
    }
    #expect(thread.withLock { $0 } == setter.withLock { $0 })
    #expect(thread.withLock { $0 } != currentThreadID())
  }

  @Test func aCommandsIsEnabledAndIsExecutingNotify() {
    let scheduler = TestScheduler()
    let canSubmit = MutableProperty(true)
    let submit = Command(
      enabledIf: canSubmit,
      execute: { (_: Void) in
        SignalProducer<Int, Never>(value: 1).delay(.seconds(1), on: scheduler)
      })
    let executing = Self.track { _ = submit.isExecuting.value }
    let enabled = Self.track { _ = submit.isEnabled.value }
    submit.execute()
    #expect(executing.value == 1)
    #expect(enabled.value == 1)  // disabled while executing
    let enabledAgain = Self.track { _ = submit.isEnabled.value }
    scheduler.advance(by: .seconds(1))
    #expect(enabledAgain.value == 1)
    let disabledByInput = Self.track { _ = submit.isEnabled.value }
    canSubmit.value = false
    #expect(disabledByInput.value == 1)
  }

  @Test func aPropertyObservedOnASchedulerChangesThereAndNotifiesThere() {
    let scheduler = TestScheduler()
    let title = MutableProperty("a")
    let shown = title.observe(on: scheduler)
    let recorder = TestRecorder(shown.producer)
    let changes = Self.track { _ = shown.value }
    title.value = "b"
    #expect(shown.value == "a")  // not yet: the scheduler delivers it
    #expect(changes.value == 0)
    scheduler.advance()
    #expect(shown.value == "b")
    #expect(changes.value == 1)
    #expect(recorder.values == ["a", "b"])
  }

  @Test func editingAccessorsReadTrackedAndSet() {
    let name = MutableProperty("")
    let editing = name.editing
    let changes = Self.track { _ = editing.get() }
    editing.set("Zhuo")
    #expect(name.value == "Zhuo")
    #expect(changes.value == 1)
  }

  @Test func aChannelTerminalCanBackAnEditingPair() {
    let model = MutableProperty("model")
    let channel = Channel<String>()
    channel.leadingTerminal <~> model
    let editing = channel.followingTerminal.editing(initial: "")
    #expect(editing.get() == "model")  // the following terminal replays the latest value
    editing.set("typed")
    #expect(model.value == "typed")
    let changes = Self.track { _ = editing.get() }
    model.value = "loaded"
    #expect(editing.get() == "loaded")
    #expect(changes.value == 1)
  }
}
