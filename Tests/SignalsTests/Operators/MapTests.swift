import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct MapTests {
  struct Guest { let name: String }

  @Test func transformsEveryValue() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.map { $0 * 10 })
    input.send(value: 1)
    input.send(value: 2)
    input.send(value: 3)
    #expect(recorder.descriptions == ["10", "20", "30"])
  }

  @Test func runsTheTransformOncePerValueWhateverTheNumberOfObservers() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let mapped = signal.map { value -> Int in
      calls += 1
      return value
    }
    let first = TestRecorder(mapped)
    let second = TestRecorder(mapped)
    input.send(value: 1)
    #expect(calls == 1)
    #expect(first.values == [1] && second.values == [1])
  }

  @Test func extractsByKeyPath() {
    let (signal, input) = Signal<Guest, Never>.pipe()
    let recorder = TestRecorder(signal.map(\.name))
    input.send(value: Guest(name: "Li Lei"))
    #expect(recorder.values == ["Li Lei"])
  }

  @Test func completesWhenSourceCompletes() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.map { $0 + 1 })
    input.send(value: 1)
    input.sendCompleted()
    input.send(value: 5)
    #expect(recorder.descriptions == ["2", "completed"])
  }

  @Test func failsWithTheSourcesError() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.map { $0 + 1 })
    input.send(error: .boom)
    #expect(recorder.descriptions == ["failed(boom)"])
  }

  @Test func forwardsInterruption() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.map { $0 })
    input.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposingTheOnlyObserverOfADroppedResultDetachesFromTheSource() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let disposable = signal.map { value -> Int in
      calls += 1
      return value
    }.observeValues { _ in }
    input.send(value: 1)
    disposable?.dispose()
    input.send(value: 2)
    #expect(calls == 1)
  }

  @Test func aResultNobodyHoldsOrObservesReleasesItsTransform() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var released = false
    do {
      let canary = Canary { released = true }
      _ = signal.map { value -> Int in
        _ = canary
        return value
      }
    }
    #expect(released)
    input.send(value: 1)
  }

  @Test func producerFormAppliesToEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2]).map { $0 * 2 }
    #expect(TestRecorder(producer).descriptions == ["2", "4", "completed"])
    #expect(TestRecorder(producer).descriptions == ["2", "4", "completed"])
  }

  @Test func propertyFormKeepsTheTransformedCurrentValue() {
    let source = MutableProperty(1)
    let doubled = source.map { $0 * 2 }
    #expect(doubled.value == 2)
    source.value = 5
    #expect(doubled.value == 10)
    #expect(TestRecorder(doubled.producer).values == [10])
  }
}
