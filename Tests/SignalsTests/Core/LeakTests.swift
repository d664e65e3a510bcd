import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct LeakTests {
  @Test func pipeAndItsObserversAreFreedWhenEverythingIsReleased() {
    weak var weakSignal: Signal<Int, Never>?
    weak var weakInput: Signal<Int, Never>.Observer?
    var canaryAlive = true
    do {
      let (signal, input) = Signal<Int, Never>.pipe()
      weakSignal = signal
      weakInput = input
      let canary = Canary { canaryAlive = false }
      signal.observeValues { _ in _ = canary }
      input.send(value: 1)
    }
    #expect(weakSignal == nil)
    #expect(weakInput == nil)
    #expect(!canaryAlive)
  }

  @Test func observersAreFreedWhenTheInputIsReleasedEvenIfTheSignalLives() {
    var canaryAlive = true
    let signal: Signal<Int, Never>
    do {
      let (output, input) = Signal<Int, Never>.pipe()
      signal = output
      let canary = Canary { canaryAlive = false }
      signal.observeValues { _ in _ = canary }
      input.send(value: 1)
    }
    #expect(!canaryAlive)
    #expect(signal.observeValues { _ in } == nil)
  }

  @Test func observersAreFreedAfterATerminalEventEvenIfTheDisposableIsKept() {
    var canaryAlive = true
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable: (any Disposable)?
    do {
      let canary = Canary { canaryAlive = false }
      disposable = signal.observeValues { _ in _ = canary }
    }
    input.sendCompleted()
    #expect(!canaryAlive)
    _ = disposable
  }

  @Test func anOperatorsClosureIsFreedWhenItsSignalEndsEvenIfTheSignalIsKept() {
    // The result of `map` is still referenced, and so is the disposable of its observer.
    var canaryAlive = true
    let (signal, input) = Signal<Int, Never>.pipe()
    let mapped: Signal<Int, Never>
    do {
      let canary = Canary { canaryAlive = false }
      mapped = signal.map { value -> Int in
        _ = canary
        return value
      }
    }
    let recorder = TestRecorder(mapped)
    input.send(value: 1)
    #expect(canaryAlive)
    input.sendCompleted()
    #expect(!canaryAlive)
    #expect(recorder.descriptions == ["1", "completed"])
    withExtendedLifetime((mapped, recorder.disposable)) {}
  }

  @Test func aKeptDisposableOfADisposedObserverDoesNotKeepTheOperatorsClosure() {
    var canaryAlive = true
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable: (any Disposable)?
    do {
      let canary = Canary { canaryAlive = false }
      disposable = signal.filter { _ in
        _ = canary
        return true
      }.observeValues { _ in }
    }
    input.send(value: 1)
    #expect(canaryAlive)
    disposable?.dispose()
    #expect(!canaryAlive)
    #expect(signal.observerCount == 0)
    withExtendedLifetime(disposable) {}
  }

  @Test func producerChainIsFreedAfterCompletion() {
    var canaryAlive = true
    let input = Box<Signal<Int, Never>.Observer?>(nil)
    var received: [Int] = []
    do {
      let canary = Canary { canaryAlive = false }
      SignalProducer<Int, Never> { observer, _ in input.value = observer }
        .map { value -> Int in
          _ = canary
          return value * 2
        }
        .filter { $0 > 0 }
        .take(first: 2)
        .startWithValues { received.append($0) }
    }
    input.value?.send(value: 1)
    #expect(canaryAlive)
    input.value?.send(value: 2)
    #expect(received == [2, 4])
    #expect(!canaryAlive)
    input.value = nil
  }

  @Test func producerChainIsFreedAfterDisposal() {
    var canaryAlive = true
    let disposable: any Disposable
    do {
      let canary = Canary { canaryAlive = false }
      disposable = SignalProducer<Int, Never>.never
        .map { value -> Int in
          _ = canary
          return value
        }
        .filter { _ in true }
        .take(first: 5)
        .start()
    }
    #expect(canaryAlive)
    disposable.dispose()
    #expect(!canaryAlive)
  }

  @Test func propertyBindingIsFreedWhenTheTargetIsReleased() {
    let source = MutableProperty(0)
    var canaryAlive = true
    weak var weakTarget: MutableProperty<Int>?
    do {
      let canary = Canary { canaryAlive = false }
      let target = MutableProperty(0)
      weakTarget = target
      target
        <~ source.producer.map { value -> Int in
          _ = canary
          return value
        }
      source.value = 1
      #expect(target.value == 1)
    }
    #expect(weakTarget == nil)
    #expect(!canaryAlive)
    let recorder = TestRecorder(source.producer)
    source.value = 2
    #expect(recorder.descriptions == ["1", "2"])
  }

  @Test func observerThatCapturesItsOwnerIsReleasedAfterDisposal() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var weakOwner: Owner?
    do {
      let owner = Owner(observing: signal)
      weakOwner = owner
      input.send(value: 1)
      #expect(owner.received == [1])
      owner.disposable?.dispose()
    }
    #expect(weakOwner == nil)
  }

  @Test func observerThatCapturesItsOwnerIsReleasedAfterTheSignalEnds() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var weakOwner: Owner?
    do {
      let owner = Owner(observing: signal)
      weakOwner = owner
    }
    #expect(weakOwner != nil)
    input.sendCompleted()
    #expect(weakOwner == nil)
  }

  @Test func producerObserverThatCapturesItsOwnerIsReleasedAfterDisposal() {
    weak var weakOwner: Owner?
    do {
      let owner = Owner(starting: SignalProducer<Int, Never>.never.map { $0 })
      weakOwner = owner
      owner.disposable?.dispose()
    }
    #expect(weakOwner == nil)
  }

  @Test func composedPropertyChainIsFreedWithItsSource() {
    weak var weakSource: MutableProperty<Int>?
    var canaryAlive = true
    do {
      let source = MutableProperty(1)
      weakSource = source
      let canary = Canary { canaryAlive = false }
      let composed = source.map { value -> Int in
        _ = canary
        return value
      }
      _ = TestRecorder(composed.producer)
    }
    #expect(weakSource == nil)
    #expect(!canaryAlive)
  }
}
