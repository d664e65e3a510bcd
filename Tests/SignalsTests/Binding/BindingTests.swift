import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

// Only sources that cannot fail bind: `BindingSource` is implemented for `Signal`, `SignalProducer` and
// properties only where `Failure == Never`. So `target <~ Signal<Int, TestError>.pipe().output` is a compile
// error (no `<~` overload matches), which is a rule of the type system rather than of run time: it is not
// tested here, because a test that fails to compile cannot run.

@Suite(.watchingThePool) struct BindingTests {
  @Test func signalSourceSetsTheTargetWithEveryValue() {
    let target = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    target <~ signal
    input.send(value: 1)
    #expect(target.value == 1)
    input.send(value: 2)
    #expect(target.value == 2)
  }

  @Test func producerSourceIsStartedOncePerBinding() {
    let target = MutableProperty(0)
    let starts = AtomicCounter()
    let producer = SignalProducer<Int, Never> { observer, _ in
      starts.increment()
      observer.send(value: 7)
      observer.sendCompleted()
    }
    let disposable = target <~ producer
    #expect(target.value == 7)
    #expect(starts.value == 1)
    #expect(disposable == nil)
  }

  @Test func propertySourceDeliversItsCurrentValueAtOnceThenChanges() {
    let target = MutableProperty("")
    let source = MutableProperty("a")
    target <~ source
    #expect(target.value == "a")
    source.value = "b"
    #expect(target.value == "b")
  }

  @Test func optionalTargetAcceptsNonOptionalValues() {
    let target = MutableProperty<Int?>(nil)
    let source = MutableProperty(3)
    target <~ source
    #expect(target.value == 3)
    let (signal, input) = Signal<Int, Never>.pipe()
    target <~ signal
    input.send(value: 4)
    #expect(target.value == 4)
    let optionalSource = MutableProperty<Int?>(nil)
    target <~ optionalSource
    #expect(target.value == nil)
  }

  @Test func customTargetReceivesValuesUntilItsLifetimeEnds() {
    let (lifetime, token) = Lifetime.make()
    var received: [Int] = []
    let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable = target <~ signal
    input.send(value: 1)
    token.dispose()
    input.send(value: 2)
    #expect(received == [1])
    #expect(disposable?.isDisposed == true)
  }

  @Test func keyPathTargetSetsTheObjectWithoutKeepingItAlive() {
    final class Label {
      var text = ""
      let token: Lifetime.Token
      let lifetime: Lifetime
      init() { (lifetime, token) = Lifetime.make() }
    }
    let source = MutableProperty("hi")
    weak var weakLabel: Label?
    do {
      let label = Label()
      weakLabel = label
      BindingTarget(on: label, lifetime: label.lifetime, keyPath: \.text) <~ source
      #expect(label.text == "hi")
      source.value = "ho"
      #expect(label.text == "ho")
    }
    #expect(weakLabel == nil)
    source.value = "after"
  }

  @Test func bindingEndsWhenTheTargetIsReleasedAndDoesNotKeepItAlive() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var weakTarget: MutableProperty<Int>?
    let disposable: (any Disposable)?
    do {
      let target = MutableProperty(0)
      weakTarget = target
      disposable = target <~ signal
      input.send(value: 1)
      #expect(target.value == 1)
    }
    #expect(weakTarget == nil)
    #expect(disposable?.isDisposed == true)
  }

  @Test func bindingEndsWhenTheSourceCompletes() {
    let target = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable = target <~ signal
    input.send(value: 1)
    input.sendCompleted()
    #expect(disposable?.isDisposed == true)
    let recorder = TestRecorder(target.signal)
    target.value = 5
    #expect(recorder.descriptions == ["5"])
  }

  @Test func disposingTheBindingStopsIt() {
    let target = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable = target <~ signal
    disposable?.dispose()
    input.send(value: 1)
    #expect(target.value == 0)
  }

  @Test func bindingIntoAReleasedTargetsLifetimeDoesNothing() {
    let (lifetime, token) = Lifetime.make()
    token.dispose()
    var received: [Int] = []
    let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
    var disposable: (any Disposable)?
    let warnings = expectingWarnings { disposable = target <~ SignalProducer(value: 1) }
    #expect(warnings.count == 1)  // the one sure binding mistake (Docs/Debugging.md, "The warning rule")
    #expect(disposable == nil)
    #expect(received.isEmpty)
  }

  @Test func bindingsChainThroughProperties() {
    let first = MutableProperty(0)
    let second = MutableProperty(0)
    let third = MutableProperty(0)
    second <~ first
    third <~ second.map { $0 * 2 }
    first.value = 4
    #expect(third.value == 8)
  }
}
