import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct SkipRepeatsTests {
  @Test func dropsValuesEqualToTheLastOneForwarded() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.skipRepeats())
    for value in [1, 1, 2, 2, 1] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "2", "1", "completed"])
  }

  @Test func comparesWithTheLastValueForwardedNotTheOneJustBefore() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.skipRepeats { abs($0 - $1) < 5 })
    for value in [0, 3, 6, 9] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["0", "6", "completed"])
  }

  @Test func failsWhenTheSourceFails() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.skipRepeats())
    input.send(value: 1)
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["1", "failed(boom)"])
  }

  @Test func isInterruptedWithTheSourceAndDetachesWhenDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let interrupted = TestRecorder(signal.skipRepeats())
    var comparisons = 0
    let disposed = TestRecorder(
      signal.skipRepeats { lhs, rhs in
        comparisons += 1
        return lhs == rhs
      })
    disposed.disposable?.dispose()
    #expect(observerCount(signal) == 1)
    input.send(value: 1)
    input.send(value: 1)
    input.sendInterrupted()
    #expect(interrupted.descriptions == ["1", "interrupted"])
    #expect(comparisons == 0)
    #expect(disposed.events.isEmpty)
  }

  @Test func producerFormsForwardTheFirstValueOfEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 1, 2]).skipRepeats()
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
    let byParity = SignalProducer<Int, Never>([1, 3, 4, 6, 7]).skipRepeats { $0 % 2 == $1 % 2 }
    #expect(TestRecorder(byParity).descriptions == ["1", "4", "7", "completed"])
  }

  @Test func propertySkipRepeatsChangesOnlyWhenTheValueChanges() {
    let source = MutableProperty(1)
    let property = source.skipRepeats()
    let changes = TestRecorder(property.signal)
    let current = TestRecorder(property.producer)
    source.value = 1
    source.value = 2
    source.value = 2
    source.value = 3
    #expect(property.value == 3)
    #expect(changes.descriptions == ["2", "3"])
    #expect(current.descriptions == ["1", "2", "3"])
  }

  @Test func propertySkipRepeatsWithEquivalenceKeepsTheLastValueItTook() {
    let source = MutableProperty("a")
    let property = source.skipRepeats { $0.count == $1.count }
    let current = TestRecorder(property.producer)
    source.value = "b"
    #expect(property.value == "a")
    source.value = "cc"
    #expect(property.value == "cc")
    #expect(current.descriptions == ["a", "cc"])
  }

  @Test func propertySkipRepeatsEndsWhenItsSourceEnds() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    let property = source!.skipRepeats()
    let recorder = TestRecorder(property.producer)
    source = nil
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(property.value == 1)
  }
}

extension SkipRepeatsTests {
  @Test func treatsNilAsAValueLikeAnyOther() {
    let (signal, input) = Signal<Int?, Never>.pipe()
    let recorder = TestRecorder(signal.skipRepeats())
    for value in [nil, nil, 1, 1, nil, 2] as [Int?] { input.send(value: value) }
    #expect(recorder.descriptions == ["nil", "Optional(1)", "nil", "Optional(2)"])
  }
}
