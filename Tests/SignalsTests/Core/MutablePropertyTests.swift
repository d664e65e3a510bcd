import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct MutablePropertyTests {
  @Test func valueReadsWhatWasSet() {
    let property = MutableProperty(1)
    #expect(property.value == 1)
    property.value = 2
    #expect(property.value == 2)
  }

  @Test func producerSendsTheCurrentValueSynchronouslyThenChanges() {
    let property = MutableProperty(1)
    let recorder = TestRecorder(property.producer)
    #expect(recorder.descriptions == ["1"])
    property.value = 2
    property.value = 3
    #expect(recorder.descriptions == ["1", "2", "3"])
  }

  @Test func signalSendsChangesOnly() {
    let property = MutableProperty(1)
    let recorder = TestRecorder(property.signal)
    #expect(recorder.events.isEmpty)
    property.value = 2
    #expect(recorder.descriptions == ["2"])
  }

  @Test func everySetEmitsEvenAnEqualValue() {
    let property = MutableProperty(1)
    let recorder = TestRecorder(property.signal)
    property.value = 1
    property.value = 1
    #expect(recorder.descriptions == ["1", "1"])
  }

  @Test func swapStoresTheNewValueEmitsItAndReturnsTheOld() {
    let property = MutableProperty("a")
    let recorder = TestRecorder(property.signal)
    #expect(property.swap("b") == "a")
    #expect(property.value == "b")
    #expect(recorder.descriptions == ["b"])
  }

  @Test func modifyChangesInPlaceEmitsAndReturnsTheBodysResult() {
    let property = MutableProperty([1])
    let recorder = TestRecorder(property.signal)
    let count = property.modify { array -> Int in
      array.append(2)
      return array.count
    }
    #expect(count == 2)
    #expect(property.value == [1, 2])
    #expect(recorder.descriptions == ["[1, 2]"])
  }

  @Test func modifyThatThrowsStillStoresAndEmitsNothing() {
    let property = MutableProperty(1)
    let recorder = TestRecorder(property.signal)
    #expect(throws: TestError.boom) {
      try property.modify { _ in throw TestError.boom }
    }
    #expect(property.value == 1)
    #expect(recorder.events.isEmpty)
  }

  @Test func withValueReadsWithoutEmitting() {
    let property = MutableProperty(21)
    let recorder = TestRecorder(property.signal)
    #expect(property.withValue { $0 * 2 } == 42)
    #expect(recorder.events.isEmpty)
  }

  @Test func releasingThePropertyCompletesProducerSignalAndLifetime() {
    let producerRecorder: TestRecorder<Int, Never>
    let signalRecorder: TestRecorder<Int, Never>
    let lifetime: Lifetime
    weak var weakProperty: MutableProperty<Int>?
    do {
      let property = MutableProperty(1)
      weakProperty = property
      producerRecorder = TestRecorder(property.producer)
      signalRecorder = TestRecorder(property.signal)
      lifetime = property.lifetime
      property.value = 2
    }
    #expect(weakProperty == nil)
    #expect(producerRecorder.descriptions == ["1", "2", "completed"])
    #expect(signalRecorder.descriptions == ["2", "completed"])
    #expect(lifetime.hasEnded)
  }

  @Test func producerKeptAfterThePropertyIsReleasedSendsTheLastValueAndCompletes() {
    let producer: SignalProducer<Int, Never>
    do {
      let property = MutableProperty(1)
      property.value = 5
      producer = property.producer
    }
    #expect(TestRecorder(producer).descriptions == ["5", "completed"])
  }

  @Test func disposingAProducerStartDetachesOnlyThatStart() {
    let property = MutableProperty(0)
    let first = TestRecorder(property.producer)
    let second = TestRecorder(property.producer)
    first.disposable?.dispose()
    property.value = 1
    #expect(first.descriptions == ["0", "interrupted"])
    #expect(second.descriptions == ["0", "1"])
  }

  // MARK: Setting from inside an observer

  @Test func setFromOwnObserverStoresAtOnceAndDeliversAfterTheCurrentChangeReachesEveryObserverInOrder() {
    let property = MutableProperty(0)
    var log: [String] = []
    var readBack: [Int] = []
    property.signal.observeValues { value in
      log.append("A\(value)")
      if value == 1 {
        property.value = 2
        readBack.append(property.value)
        property.value = 3
        readBack.append(property.value)
      }
    }
    property.signal.observeValues { log.append("B\($0)") }
    property.value = 1
    #expect(readBack == [2, 3])
    #expect(log == ["A1", "B1", "A2", "B2", "A3", "B3"])
    #expect(property.value == 3)
  }

  @Test func setFromAProducerObserverDuringTheInitialReplayIsDeliveredNext() {
    let property = MutableProperty(0)
    var log: [Int] = []
    property.producer.startWithValues { value in
      log.append(value)
      if value == 0 { property.value = 1 }
    }
    #expect(log == [0, 1])
    #expect(property.value == 1)
  }

  @Test func swapAndModifyFromOwnObserverAreAlsoDeliveredInOrder() {
    let property = MutableProperty(0)
    var log: [Int] = []
    property.signal.observeValues { value in
      log.append(value)
      if value == 1 {
        #expect(property.swap(10) == 1)
        property.modify { $0 += 1 }
      }
    }
    property.value = 1
    #expect(log == [1, 10, 11])
  }
}
