import Foundation
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Misuse and edge cases: each has a defined outcome (see Docs/Contracts.md, section 15), and none crashes or
/// hangs.
@Suite(.watchingThePool, .onItsOwnThread) struct BadInputTests {
  // MARK: Commands

  @Test func executingADisabledCommandFailsWithDisabledReportsTheInputAndDoesNotRunTheWork() {
    let enabledIf = MutableProperty(false)
    let workCalls = Box(0)
    let command = Command<Int, Int, TestError>(
      enabledIf: enabledIf,
      execute: { input in
        workCalls.value += 1
        return SignalProducer(value: input)
      })
    let attempts = TestRecorder(command.disabledAttempts)
    let errors = TestRecorder(command.errors)
    let executing = TestRecorder(command.isExecuting.signal)
    let execution = TestRecorder(command.apply(7))
    #expect(execution.descriptions == ["failed(disabled)"])
    #expect(execution.error?.failure == nil)
    #expect(workCalls.value == 0)
    #expect(attempts.values == [7])
    #expect(errors.events.isEmpty)
    #expect(executing.events.isEmpty)
    // The input is not queued for later either: enabling the command runs nothing by itself.
    enabledIf.value = true
    #expect(workCalls.value == 0)
    #expect(TestRecorder(command.apply(8)).descriptions == ["8", "completed"])
  }

  @Test func startingAnApplyProducerAfterTheCommandWasReleasedFailsWithDisabled() {
    let workCalls = Box(0)
    let producer: SignalProducer<Int, CommandError<Never>>
    do {
      let command = Command<Int, Int, Never>(execute: { input in
        workCalls.value += 1
        return SignalProducer(value: input)
      })
      producer = command.apply(1)
    }
    #expect(TestRecorder(producer).descriptions == ["failed(disabled)"])
    #expect(workCalls.value == 0)
  }

  // MARK: Channels

  @Test func sendingIntoAChannelAfterItEndedIsIgnored() {
    let channel = Channel<Int>()
    let leading = TestRecorder(channel.leadingTerminal.producer)
    let following = TestRecorder(channel.followingTerminal.producer)
    channel.leadingTerminal.send(value: 1)
    channel.followingTerminal.sendCompleted()
    channel.leadingTerminal.send(value: 2)
    channel.followingTerminal.send(value: 3)
    channel.leadingTerminal.send(.interrupted)
    channel.followingTerminal.sendCompleted()
    #expect(leading.descriptions == ["completed"])
    #expect(following.descriptions == ["1", "completed"])
    // A late observer gets the following side's latest value from before the end, then the end.
    #expect(TestRecorder(channel.followingTerminal.producer).descriptions == ["1", "completed"])
    #expect(TestRecorder(channel.leadingTerminal.producer).descriptions == ["completed"])
  }

  // MARK: Properties set while being released

  /// Holds a property and sets it from its `deinit`, while the property is still alive.
  private final class SettingOwner {
    let property = MutableProperty(0)
    deinit { property.value = 42 }
  }

  @Test func aPropertySetFromItsOwnersDeinitDeliversTheValueThenCompletes() {
    var owner: SettingOwner? = SettingOwner()
    let recorder = TestRecorder(owner!.property.producer)
    owner = nil
    #expect(recorder.descriptions == ["0", "42", "completed"])
  }

  @Test func aValueBoundIntoAPropertyWhileItIsBeingReleasedIsDroppedAndTheBindingEnds() {
    let (source, input) = Signal<Int, Never>.pipe()
    let canaryAlive = Box(true)
    var property: MutableProperty<Int>? = MutableProperty(0)
    do {
      let canary = Canary { canaryAlive.value = false }
      property!
        <~ source.map { value -> Int in
          _ = canary
          return value
        }
    }
    let recorder = TestRecorder(property!.signal)
    // On the property's completion — that is, from inside its release — send into the bound source.
    property!.signal.observeCompleted { input.send(value: 99) }
    input.send(value: 1)
    property = nil
    #expect(recorder.descriptions == ["1", "completed"])
    // The binding ended with the property: the source's chain was released and later sends reach nothing.
    #expect(!canaryAlive.value)
    input.send(value: 2)
    #expect(recorder.descriptions == ["1", "completed"])
  }

  @Test func settingAPropertyFromTheDisposalOfItsOwnObservationIsDelivered() {
    let property = MutableProperty(0)
    let recorder = TestRecorder(property.signal)
    let disposable = property.producer.on(disposed: { property.value = 7 }).start()
    disposable.dispose()
    disposable.dispose()
    #expect(property.value == 7)
    #expect(recorder.descriptions == ["7"])
  }

  @Test func releasingAPropertyFromInsideItsOwnObserverCompletesAfterTheCurrentDelivery() {
    let held = Box<MutableProperty<Int>?>(MutableProperty(0))
    let recorder = TestRecorder<Int, Never>()
    held.value!.signal.observe { event in
      recorder.record(event)
      if event.value == 1 { held.value = nil }
    }
    let second = TestRecorder(held.value!.signal)
    held.value?.value = 1
    #expect(held.value == nil)
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(second.descriptions == ["1", "completed"])
  }

  @Test func releasingACommandFromInsideItsOwnExecutionsObserverEndsTheExecutionThenCompletesTheOutputs() {
    let held = Box<Command<Int, Int, Never>?>(Command<Int, Int, Never>(execute: { SignalProducer(value: $0) }))
    let values = TestRecorder(held.value!.values)
    let enabled = TestRecorder(held.value!.isEnabled.signal)
    let execution = TestRecorder<Int, CommandError<Never>>()
    held.value!.apply(1).start { event in
      execution.record(event)
      if event.value == 1 { held.value = nil }
    }
    #expect(held.value == nil)
    #expect(execution.descriptions == ["1", "completed"])
    #expect(values.descriptions == ["1", "completed"])
    #expect(enabled.descriptions.last == "completed")
    #expect(!enabled.violatedGrammar)
  }

  @Test func releasingAChannelFromInsideItsOwnObserverInterruptsBothSidesAfterTheCurrentDelivery() {
    let held = Box<Channel<Int>?>(Channel())
    let following = TestRecorder<Int, Never>()
    let followingProducer = held.value!.followingTerminal.producer
    let leading = TestRecorder(held.value!.leadingTerminal.producer)
    followingProducer.start { event in
      following.record(event)
      if event.value == 1 { held.value = nil }
    }
    held.value?.leadingTerminal.send(value: 1)
    #expect(held.value == nil)
    #expect(following.descriptions == ["1", "interrupted"])
    #expect(leading.descriptions == ["interrupted"])
  }

  // MARK: Events after the end

  @Test func eventsSentIntoAPipeAfterItsTerminalEventAreIgnored() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal)
    input.send(value: 1)
    input.sendCompleted()
    input.send(value: 2)
    input.send(error: .boom)
    input.sendCompleted()
    input.sendInterrupted()
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(!recorder.violatedGrammar)
    // A late observer is told the signal ended, with `interrupted`, and is not attached.
    let late = TestRecorder<Int, TestError>()
    #expect(signal.observe(late.record) == nil)
    #expect(late.descriptions == ["interrupted"])
  }

  @Test func eventsSentIntoAProducersObserverAfterItsTerminalEventOrDisposalAreIgnored() {
    let kept = Box<Signal<Int, TestError>.Observer?>(nil)
    let producer = SignalProducer<Int, TestError> { observer, _ in
      kept.value = observer
      observer.send(value: 1)
      observer.sendCompleted()
      observer.send(value: 2)
      observer.send(error: .boom)
    }
    let completed = TestRecorder(producer)
    kept.value?.send(value: 3)
    #expect(completed.descriptions == ["1", "completed"])

    let disposed = TestRecorder(SignalProducer<Int, TestError> { observer, _ in kept.value = observer })
    kept.value?.send(value: 1)
    disposed.disposable?.dispose()
    kept.value?.send(value: 2)
    kept.value?.sendCompleted()
    #expect(disposed.descriptions == ["1", "interrupted"])
    kept.value = nil
  }

  @Test func aComposedPropertyWhoseSourceEndedKeepsItsLastValueAndIgnoresLaterSends() {
    let (source, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: source)
    let recorder = TestRecorder(property.signal)
    input.send(value: 1)
    input.sendCompleted()
    input.send(value: 2)
    #expect(property.value == 1)
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(TestRecorder(property.producer).descriptions == ["1", "completed"])
  }

  // MARK: Bindings whose target is gone

  /// An object with a lifetime, standing in for a view.
  private final class Target {
    var value = 0
    let lifetime: Lifetime
    private let token: Lifetime.Token
    init() { (lifetime, token) = Lifetime.make() }
    var bindingTarget: BindingTarget<Int> { BindingTarget(on: self, lifetime: lifetime, keyPath: \.value) }
  }

  @Test func aBindingWhoseTargetIsReleasedEndsAndTheSourceLosesItsObserver() {
    let (source, input) = Signal<Int, Never>.pipe()
    let canaryAlive = Box(true)
    var target: Target? = Target()
    let binding: (any Disposable)?
    do {
      let canary = Canary { canaryAlive.value = false }
      binding = target!.bindingTarget
        <~ source.map { value -> Int in
          _ = canary
          return value
        }
    }
    input.send(value: 1)
    #expect(target?.value == 1)
    let weakTarget = Weak(target!)
    target = nil
    #expect(weakTarget.object == nil)
    #expect(binding?.isDisposed == true)
    #expect(!canaryAlive.value)
    input.send(value: 2)
  }

  @Test func bindingIntoATargetWhoseLifetimeAlreadyEndedReturnsNilAndNeverStartsTheSource() {
    let starts = Box(0)
    let source = SignalProducer<Int, Never> { observer, _ in
      starts.value += 1
      observer.send(value: 1)
    }
    let (lifetime, token) = Lifetime.make()
    token.dispose()
    let received = Box<[Int]>([])
    let target = BindingTarget<Int>(lifetime: lifetime) { received.value.append($0) }
    let warnings = expectingWarnings { #expect((target <~ source) == nil) }
    #expect(warnings.count == 1)  // the one sure binding mistake (Docs/Debugging.md, "The warning rule")
    #expect(starts.value == 0)
    #expect(received.value.isEmpty)
  }

  // MARK: Disposal from odd places

  @Test func anObserverDisposedFromInsideItsOwnCallbackReceivesNothingMoreNotEvenWhatWasQueued() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let own = Box<(any Disposable)?>(nil)
    let seen = Box<[Int]>([])
    own.value = signal.observeValues { value in
      seen.value.append(value)
      input.send(value: value + 10)  // queued behind this delivery
      own.value?.dispose()
      own.value?.dispose()
    }
    let other = TestRecorder(signal)
    input.send(value: 1)
    input.send(value: 2)
    #expect(seen.value == [1])
    #expect(other.descriptions == ["1", "11", "2"])
  }

  @Test func disposingTwiceOrFromTwoThreadsAtOnceInterruptsAProducerOnce() {
    for _ in 0..<200 {
      let recorder = TestRecorder(SignalProducer<Int, Never>.never)
      let disposable = recorder.disposable!
      stressConcurrently(2) { _ in
        disposable.dispose()
        disposable.dispose()
      }
      #expect(recorder.descriptions == ["interrupted"])
      #expect(disposable.isDisposed)
    }
  }

  // MARK: Sending while a stream ends

  @Test func sendingIntoAPipeFromInsideItsOwnTerminalEventIsIgnoredButOtherStreamsStillWork() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let (other, otherInput) = Signal<Int, Never>.pipe()
    let otherRecorder = TestRecorder(other)
    signal.observeCompleted {
      input.send(value: 99)
      input.send(error: .boom)
      otherInput.send(value: 1)
    }
    let recorder = TestRecorder(signal)
    input.send(value: 1)
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(otherRecorder.descriptions == ["1"])
  }

  @Test func releasingAPipesInputFromInsideItsObserverInterruptsAfterTheCurrentDelivery() {
    let signal: Signal<Int, Never>
    let held: Box<Signal<Int, Never>.Observer?>
    do {
      let (output, input) = Signal<Int, Never>.pipe()
      signal = output
      held = Box(input)
    }
    let recorder = TestRecorder<Int, Never>()
    signal.observe { event in
      recorder.record(event)
      if event.value == 1 { held.value = nil }
    }
    let second = TestRecorder(signal)
    held.value?.send(value: 1)
    #expect(recorder.descriptions == ["1", "interrupted"])
    #expect(second.descriptions == ["1", "interrupted"])
  }

  @Test func aComposedPropertyFromAProducerWithoutAnInitialValueTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Property<Int>(unsafeProducer: .never)
    }
  }

  // MARK: Feedback loops

  @Test func aPropertyBoundToItselfStopsAndReturns() async {
    // The smallest binding cycle: the binding's set comes back to the property whose change it is delivering,
    // and is stopped (Contracts §16). Run in a child process with a watchdog, so that a regression to the old
    // livelock fails the test instead of hanging the run (a generous bound: a child process under
    // ThreadSanitizer starts slowly).
    await #expect(processExitsWith: .success) {
      exitIfStillRunning(after: 30)
      BindingCycle.handler = { _ in }
      let property = MutableProperty(0)
      property <~ property.producer
      property.value = 1
      if property.value != 1 { exit(4) }
    }
  }

  @Test func aCycleOfOneWayBindingsBetweenTwoPropertiesStopsAfterOneTrip() async {
    // `a <~ b.signal; b <~ a.signal`, then one set: the change goes once around and stops where it started.
    await #expect(processExitsWith: .success) {
      exitIfStillRunning(after: 30)
      BindingCycle.handler = { _ in }
      let a = MutableProperty(0)
      let b = MutableProperty(0)
      a <~ b.signal
      b <~ a.signal
      a.value = 1
      if a.value != 1 || b.value != 1 { exit(4) }
      // And through the graph: both properties have a derived property.
      let sum = Property.combineLatest(a, b) { $0 + $1 }
      b.value = 5
      if a.value != 5 || sum.value != 10 { exit(5) }
    }
  }

  // MARK: Documented traps

  @Test func readingOrSettingAPropertyInsideItsOwnModifyOrWithValueTraps() async {
    // `modify` and `withValue` run their body under the property's lock, and their documentation says the body
    // must not read or set the property: the lock is not recursive, and a second acquisition traps at once
    // (SIGILL in a debug build) rather than deadlocking.
    await #expect(processExitsWith: .failure) {
      let property = MutableProperty(0)
      property.modify { _ in property.value = 1 }
    }
    await #expect(processExitsWith: .failure) {
      let property = MutableProperty(0)
      property.withValue { _ in _ = property.value }
    }
    // In the graph the body runs under the core's lock too: a set of the property waits for that lock.
    await #expect(processExitsWith: .failure) {
      let property = MutableProperty(0)
      let derived = property.map { $0 + 1 }
      property.modify { _ in property.value = 1 }
      _ = derived
    }
  }
}

/// In a child process of an exit test: ends the process with status 3 after `seconds`, so that a regression
/// to a livelock fails the test instead of hanging the run.
private func exitIfStillRunning(after seconds: TimeInterval) {
  Thread {
    Thread.sleep(forTimeInterval: seconds)
    exit(3)
  }.start()
}
