import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct PropertyTests {
  @Test func constantPropertyHasItsValueAndItsProducerSendsItThenCompletes() {
    let property = Property(value: 3)
    #expect(property.value == 3)
    #expect(TestRecorder(property.producer).descriptions == ["3", "completed"])
    #expect(TestRecorder(property.producer).descriptions == ["3", "completed"])
  }

  @Test func constantPropertySignalHasEndedSoObserversAreInterrupted() {
    let recorder = TestRecorder(Property(value: 3).signal)
    #expect(recorder.disposable == nil)
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func viewOfAMutablePropertyFollowsIt() {
    let source = MutableProperty(1)
    let view = Property(source)
    let producer = TestRecorder(view.producer)
    let signal = TestRecorder(view.signal)
    source.value = 2
    #expect(view.value == 2)
    #expect(producer.descriptions == ["1", "2"])
    #expect(signal.descriptions == ["2"])
  }

  @Test func viewKeepsItsMutablePropertyAlive() {
    weak var weakSource: MutableProperty<Int>?
    let view: Property<Int>
    do {
      let source = MutableProperty(1)
      weakSource = source
      view = Property(source)
    }
    #expect(weakSource != nil)
    #expect(view.value == 1)
    let viewOfView = Property(view)
    weakSource?.value = 4
    #expect(viewOfView.value == 4)
  }

  @Test func initialThenSignalStartsAtInitialAndTakesEveryValue() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: signal)
    let recorder = TestRecorder(property.producer)
    #expect(property.value == 0)
    input.send(value: 1)
    #expect(property.value == 1)
    input.sendCompleted()
    #expect(recorder.descriptions == ["0", "1", "completed"])
    #expect(property.value == 1)
  }

  @Test func initialThenProducerStartsItAtOnce() {
    let property = Property(initial: 0, then: SignalProducer([1, 2]))
    #expect(property.value == 2)
    #expect(TestRecorder(property.producer).descriptions == ["2", "completed"])
  }

  @Test func initialThenSignalCompletesWhenItsSignalIsInterrupted() {
    let property: Property<Int>
    let recorder: TestRecorder<Int, Never>
    do {
      let (signal, input) = Signal<Int, Never>.pipe()
      property = Property(initial: 0, then: signal)
      recorder = TestRecorder(property.signal)
      input.send(value: 1)
    }
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(TestRecorder(property.producer).descriptions == ["1", "completed"])
  }

  @Test func unsafeProducerTakesItsFirstSynchronousValueAsInitial() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(unsafeProducer: SignalProducer(signal).prefix(value: 9))
    #expect(property.value == 9)
    input.send(value: 10)
    #expect(property.value == 10)
  }

  @Test func composedMapKeepsItsCurrentValue() {
    let source = MutableProperty(1)
    let doubled = source.map { $0 * 2 }
    #expect(doubled.value == 2)
    let recorder = TestRecorder(doubled.producer)
    source.value = 5
    #expect(doubled.value == 10)
    #expect(recorder.descriptions == ["2", "10"])
    let described = source.map(\.description)
    source.value = 123
    #expect(described.value == "123")
  }

  @Test func composedMapRunsItsTransformOncePerChangeWhateverTheObservers() {
    let source = MutableProperty(1)
    let calls = AtomicCounter()
    let mapped = source.map { value -> Int in
      calls.increment()
      return value
    }
    let first = TestRecorder(mapped.producer)
    let second = TestRecorder(mapped.signal)
    source.value = 2
    #expect(calls.value == 2)
    #expect(first.descriptions == ["1", "2"])
    #expect(second.descriptions == ["2"])
  }

  @Test func composedMapEndsWhenItsSourceEnds() {
    let mapped: Property<Int>
    let recorder: TestRecorder<Int, Never>
    do {
      let source = MutableProperty(1)
      mapped = source.map { $0 + 1 }
      recorder = TestRecorder(mapped.signal)
      source.value = 2
    }
    #expect(recorder.descriptions == ["3", "completed"])
    #expect(mapped.value == 3)
    #expect(TestRecorder(mapped.producer).descriptions == ["3", "completed"])
  }

  @Test func composedPropertyNobodyHoldsOrObservesDetachesFromItsSource() {
    let source = MutableProperty(1)
    let calls = AtomicCounter()
    var canaryAlive = true
    weak var weakComposed: Property<Int>?
    do {
      let canary = Canary { canaryAlive = false }
      let composed = source.map { value -> Int in
        _ = canary
        calls.increment()
        return value
      }
      weakComposed = composed
    }
    #expect(weakComposed == nil)
    #expect(!canaryAlive)
    source.value = 2
    #expect(calls.value == 1)
  }

  @Test func composedPropertyStaysAttachedWhileItsSignalIsObserved() {
    let source = MutableProperty(1)
    let recorder: TestRecorder<Int, Never>
    do {
      recorder = TestRecorder(source.map { $0 * 3 }.signal)
    }
    source.value = 2
    #expect(recorder.descriptions == ["6"])
    recorder.disposable?.dispose()
    source.value = 3
    #expect(recorder.descriptions == ["6"])
  }

  @Test func producerStartedFromInsideTheLastObserverOfAnUnheldComposedPropertyKeepsItAttached() {
    // During one delivery, the property's last producer is started once more and released, then its first and
    // only observer leaves: the new start, still queued behind the delivery, must keep the property attached.
    let source = MutableProperty(1)
    let late = TestRecorder<Int, Never>()
    let lateStart = Box<(any Disposable)?>(nil)
    let producer = Box<SignalProducer<Int, Never>?>(source.map { $0 * 10 }.producer)
    let first = Box<(any Disposable)?>(nil)
    first.value = producer.value?.startWithValues { value in
      guard value == 20 else { return }
      lateStart.value = producer.value?.start(late.record)
      producer.value = nil
      first.value?.dispose()
    }
    source.value = 2
    source.value = 3
    #expect(late.descriptions == ["20", "30"])
  }

  @Test func unheldComposedPropertyStillDetachesWhenAStartQueuedFromItsLastObserverIsDisposedBeforeAttaching() {
    let source = MutableProperty(1)
    let calls = AtomicCounter()
    let producer = Box<SignalProducer<Int, Never>?>(
      source.map { value -> Int in
        calls.increment()
        return value
      }.producer)
    let first = Box<(any Disposable)?>(nil)
    first.value = producer.value?.startWithValues { value in
      guard value == 2 else { return }
      producer.value?.start().dispose()
      producer.value = nil
      first.value?.dispose()
    }
    source.value = 2
    source.value = 3
    #expect(calls.value == 2)
  }

  @Test func producerOfAComposedPropertyThatWasNotKeptFollowsTheSourceWhenStartedLater() {
    let source = MutableProperty(1)
    var producer: SignalProducer<Int, Never>? = source.map { $0 * 2 }.producer
    source.value = 2
    let recorder = TestRecorder(producer!)
    source.value = 3
    #expect(recorder.descriptions == ["4", "6"])
    recorder.disposable?.dispose()
    producer = nil
  }

  @Test func composedPropertyDetachesOnceItsProducerIsReleasedToo() {
    let source = MutableProperty(1)
    let calls = AtomicCounter()
    do {
      let producer = source.map { value -> Int in
        calls.increment()
        return value
      }.producer
      source.value = 2
      _ = producer
    }
    source.value = 3
    #expect(calls.value == 2)
  }
}
