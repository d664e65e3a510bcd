import Observation
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Observable final class ObservedModel {
  var title = "a"
  var count = 0
}

@Suite(.watchingThePool) struct ObservableKeyPathTests {
  @Test func emitsTheCurrentValueThenEachChange() {
    let scheduler = TestScheduler()
    let model = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model, \.title, on: scheduler))
    #expect(recorder.descriptions == ["a"])
    model.title = "b"
    scheduler.advance()
    model.title = "c"
    scheduler.advance()
    #expect(recorder.descriptions == ["a", "b", "c"])
  }

  @Test func changesBeforeTheReadCoalesce() {
    let scheduler = TestScheduler()
    let model = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model, \.count, on: scheduler))
    model.count = 1
    model.count = 2
    scheduler.advance()
    #expect(recorder.descriptions == ["0", "2"])
  }

  @Test func otherPropertiesDoNotEmit() {
    let scheduler = TestScheduler()
    let model = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model, \.title, on: scheduler))
    model.count = 1
    scheduler.advance()
    #expect(recorder.descriptions == ["a"])
  }

  @Test func completesWhenTheObjectIsReleased() {
    let scheduler = TestScheduler()
    var model: ObservedModel? = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model!, \.title, on: scheduler))
    model!.title = "b"
    scheduler.advance()
    model = nil
    #expect(recorder.descriptions == ["a", "b", "completed"])
  }

  @Test func completesWhenReleasedWithAReadPending() {
    let scheduler = TestScheduler()
    var model: ObservedModel? = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model!, \.title, on: scheduler))
    model!.title = "b"
    model = nil
    scheduler.advance()
    #expect(recorder.descriptions == ["a", "completed"])
  }

  @Test func disposingStopsReading() {
    let scheduler = TestScheduler()
    let model = ObservedModel()
    let recorder = TestRecorder(SignalProducer(observing: model, \.title, on: scheduler))
    model.title = "b"
    recorder.disposable?.dispose()
    scheduler.advance()
    model.title = "c"
    scheduler.advance()
    #expect(recorder.descriptions == ["a", "interrupted"])
  }

  @Test func bindingASignalSetsTheModelProperty() {
    let scheduler = TestScheduler()
    let model = ObservedModel()
    let (titles, input) = Signal<String, Never>.pipe()
    model.bindingTarget(for: \.title, on: scheduler) <~ titles
    let recorder = TestRecorder(SignalProducer(observing: model, \.title, on: scheduler))
    input.send(value: "x")
    scheduler.advance()
    #expect(model.title == "x")
    #expect(recorder.descriptions == ["a", "x"])
  }

  @Test func bindingEndsWhenTheModelIsReleased() {
    let scheduler = TestScheduler()
    let released = Locked(false)
    let canary = Canary { released.withLock { $0 = true } }
    var model: ObservedModel? = ObservedModel()
    let (titles, input) = Signal<String, Never>.pipe()
    let binding =
      model!.bindingTarget(for: \.title, on: scheduler)
      <~ titles.map { [canary] in
        _ = canary; return $0
      }
    input.send(value: "x")
    scheduler.advance()
    #expect(model?.title == "x")
    model = nil
    _ = consume canary
    #expect(released.withLock { $0 }, "the binding let go of the source")
    #expect(binding?.isDisposed ?? true)
  }
}

@Suite(.watchingThePool) struct ObservablePropertyTests {
  @Test func propertyFollowsTheKeyPathAndEndsWithTheObject() {
    let scheduler = TestScheduler()
    var model: ObservedModel? = ObservedModel()
    let property = Property(observing: model!, \.count, on: scheduler)
    let recorder = TestRecorder(property.producer)
    #expect(property.value == 0)
    model!.count = 3
    scheduler.advance()
    #expect(property.value == 3)
    model = nil
    #expect(recorder.descriptions == ["0", "3", "completed"])
  }
}
