import Signals
import SignalsTesting

/// Builds the real pipeline of a case from pipes, feeds the inputs on a `TestScheduler`, and records what it
/// delivers with a `TestRecorder`.
enum PipelineRunner {
  typealias Source = Signal<Int, ModelError>
  typealias Trigger = Signal<Int, Never>

  /// What the real pipeline delivered, each event with the tick it was delivered at; and how many actions
  /// were still scheduled when the runner first saw the result ended (`nil` if it never ended).
  static func run(_ modelCase: ModelCase) -> (events: [(time: Int, event: ModelEvent)], scheduledAfterEnd: Int?) {
    let scheduler = TestScheduler()
    var feeds: [(time: Int, sequence: Int, send: () -> Void)] = []
    var inputs: [AnyObject] = []  // kept alive until the recording is read: a released input interrupts

    func hot(_ input: HotInput) -> Source {
      let (signal, observer) = Source.pipe()
      inputs.append(observer)
      for item in input.events {
        feeds.append((item.time, item.sequence, { observer.send(event(item.event)) }))
      }
      return signal
    }
    func hotNever(_ input: HotInput) -> Trigger {
      let (signal, observer) = Trigger.pipe()
      inputs.append(observer)
      for item in input.events {
        feeds.append((item.time, item.sequence, { observer.send(neverEvent(item.event)) }))
      }
      return signal
    }
    @Sendable func cold(_ list: InnerList) -> SignalProducer<Int, ModelError> {
      SignalProducer { observer, lifetime in
        let start = scheduler.now
        for relative in list where relative.offset == 0 { observer.send(event(relative.event)) }
        for relative in list where relative.offset > 0 {
          lifetime += scheduler.schedule(at: start.advanced(by: .seconds(relative.offset))) {
            observer.send(event(relative.event))
          }
        }
        lifetime.observeEnded { _ = observer }  // a start without a terminal event keeps running
      }
    }

    let inner: @Sendable (Int) -> SignalProducer<Int, ModelError> = { selector in cold(modelCase.inner(selector)) }
    let recorder = TestRecorder<Int, ModelError>(scheduler: scheduler)
    var ended = false  // cheaper than asking the recorder after every step
    let record = { (event: Source.Event) in
      recorder.record(event)
      if event.isTerminating { ended = true }
    }
    let observation: (any Disposable)?
    if modelCase.usesProducers {
      var producer = SignalProducer(hot(modelCase.primary))
      for (index, stage) in modelCase.stages.enumerated() {
        var extra = ProducerExtra()
        switch (modelCase.extras[index], stage.extra) {
        case (.hot(let input), .hot): extra.hot = SignalProducer(hot(input))
        case (.hot(let input), .hotNever): extra.trigger = SignalProducer(hotNever(input))
        case (.cold(let list), .cold): extra.cold = cold(list)
        case (.hotList(let list), .hotList): extra.hotList = list.map { SignalProducer(hot($0)) }
        default: break
        }
        producer = apply(stage, to: producer, scheduler: scheduler, extra: extra, inner: inner)
      }
      observation = producer.start(record)
    } else {
      var signal = hot(modelCase.primary)
      for (index, stage) in modelCase.stages.enumerated() {
        var extra = Extra()
        switch (modelCase.extras[index], stage.extra) {
        case (.hot(let input), .hot): extra.hot = hot(input)
        case (.hot(let input), .hotNever): extra.trigger = hotNever(input)
        case (.cold(let list), .cold): extra.cold = cold(list)
        case (.hotList(let list), .hotList): extra.hotList = list.map(hot)
        default: break
        }
        signal = apply(stage, to: signal, scheduler: scheduler, extra: extra, inner: inner)
      }
      observation = signal.observe(record)
    }
    if let tick = modelCase.disposeAt { feeds.append((tick, -1, { observation?.dispose() })) }
    var scheduledAfterEnd: Int?
    // On signals, `concat` is a producer started here whose interrupter nobody keeps: an unobserved start
    // keeps running (only disposal interrupts a start), so its scheduled work may outlive the result.
    let checksCancellation = modelCase.usesProducers || !modelCase.stages.contains(.concat)
    func noteEnd() {
      guard checksCancellation else { return }
      if scheduledAfterEnd == nil, ended { scheduledAfterEnd = scheduler.scheduledCount }
    }
    for feed in feeds.sorted(by: { ($0.time, $0.sequence) < ($1.time, $1.sequence) }) {
      scheduler.advance(to: scheduler.instant(ofTick: feed.time))
      noteEnd()
      feed.send()
      noteEnd()
    }
    scheduler.run()
    noteEnd()
    let recorded = recorder.timedEvents.map { recorded in
      (time: Int(recorded.time!.sinceOrigin.components.seconds), event: modelEvent(recorded.event))
    }
    observation?.dispose()
    withExtendedLifetime(inputs) {}
    return (recorded, scheduledAfterEnd)
  }

  /// A stage's extra input, built from the case.
  struct Extra {
    var hot: Source?
    var trigger: Trigger?
    var cold: SignalProducer<Int, ModelError>?
    var hotList: [Source] = []
  }

  static func apply(
    _ stage: Stage,
    to signal: Source,
    scheduler: TestScheduler,
    extra: Extra,
    inner: @escaping @Sendable (_ selector: Int) -> SignalProducer<Int, ModelError>
  ) -> Source {
    switch stage {
    case .map(let add): return signal.map { ModelFunctions.wrap($0 + add) }
    case .filter(let remainder): return signal.filter { $0 % 3 != remainder }
    case .compactMap(let remainder): return signal.compactMap { ModelFunctions.compact($0, nilRemainder: remainder) }
    case .scan(let initial): return signal.scan(initial, ModelFunctions.fold)
    case .reduce(let initial): return signal.reduce(initial, ModelFunctions.fold)
    case .collect: return signal.collect().map(ModelFunctions.hash)
    case .collectCount(let count): return signal.collect(count: count).map(ModelFunctions.hash)
    case .skipRepeats: return signal.skipRepeats()
    case .skipRepeatsWithin(let tolerance): return signal.skipRepeats { abs($0 - $1) < tolerance }
    case .takeFirst(let count): return signal.take(first: count)
    case .takeLast(let count): return signal.take(last: count)
    case .takeWhile(let remainder): return signal.take(while: { $0 % 5 != remainder })
    case .skipFirst(let count): return signal.skip(first: count)
    case .skipWhile(let remainder): return signal.skip(while: { $0 % 5 != remainder })
    case .mapError(let add): return signal.mapError { ModelError(code: ($0.code + add) % 10) }
    case .flatMapError(let add): return signal.flatMapError { inner($0.code + add) }
    case .flatMap(let strategy, let add): return signal.flatMap(strategy.real) { inner($0 + add) }
    case .merge: return signal.merging(with: extra.hot!)
    case .mergeList: return Source.merge([signal] + extra.hotList)
    case .combineLatestList: return Source.combineLatest([signal] + extra.hotList).map(ModelFunctions.hash)
    case .zipList: return Source.zip([signal] + extra.hotList).map(ModelFunctions.hash)
    case .combineLatest:
      let combined: Signal<(Int, Int), ModelError> = signal.combiningLatest(with: extra.hot!)
      return combined.map { ModelFunctions.pair($0.0, $0.1) }
    case .zip:
      let zipped: Signal<(Int, Int), ModelError> = signal.zipping(with: extra.hot!)
      return zipped.map { ModelFunctions.pair($0.0, $0.1) }
    case .takeUntil: return signal.take(until: extra.trigger!)
    case .withLatest: return signal.withLatest(from: extra.trigger!).map { ModelFunctions.pair($0.0, $0.1) }
    case .sample: return signal.sample(with: extra.trigger!).map { ModelFunctions.pair($0.0, $0.1) }
    case .sampleOn: return signal.sample(on: extra.trigger!.map { _ in () })
    case .concat:
      var result: Source?
      SignalProducer(signal).concatenating(extra.cold!).startWithSignal { started, _ in result = started }
      return result!
    case .delay(let ticks): return signal.delay(.seconds(ticks), on: scheduler)
    case .debounce(let ticks): return signal.debounce(.seconds(ticks), on: scheduler)
    case .throttle(let ticks): return signal.throttle(.seconds(ticks), on: scheduler)
    }
  }

  /// A stage's extra input, for the producer form.
  struct ProducerExtra {
    var hot: SignalProducer<Int, ModelError>?
    var trigger: SignalProducer<Int, Never>?
    var cold: SignalProducer<Int, ModelError>?
    var hotList: [SignalProducer<Int, ModelError>] = []
  }

  /// The producer form of every stage: the same operators through `lift`.
  static func apply(
    _ stage: Stage,
    to producer: SignalProducer<Int, ModelError>,
    scheduler: TestScheduler,
    extra: ProducerExtra,
    inner: @escaping @Sendable (_ selector: Int) -> SignalProducer<Int, ModelError>
  ) -> SignalProducer<Int, ModelError> {
    switch stage {
    case .map(let add): return producer.map { ModelFunctions.wrap($0 + add) }
    case .filter(let remainder): return producer.filter { $0 % 3 != remainder }
    case .compactMap(let remainder): return producer.compactMap { ModelFunctions.compact($0, nilRemainder: remainder) }
    case .scan(let initial): return producer.scan(initial, ModelFunctions.fold)
    case .reduce(let initial): return producer.reduce(initial, ModelFunctions.fold)
    case .collect: return producer.collect().map(ModelFunctions.hash)
    case .collectCount(let count): return producer.collect(count: count).map(ModelFunctions.hash)
    case .skipRepeats: return producer.skipRepeats()
    case .skipRepeatsWithin(let tolerance): return producer.skipRepeats { abs($0 - $1) < tolerance }
    case .takeFirst(let count): return producer.take(first: count)
    case .takeLast(let count): return producer.take(last: count)
    case .takeWhile(let remainder): return producer.take(while: { $0 % 5 != remainder })
    case .skipFirst(let count): return producer.skip(first: count)
    case .skipWhile(let remainder): return producer.skip(while: { $0 % 5 != remainder })
    case .mapError(let add): return producer.mapError { ModelError(code: ($0.code + add) % 10) }
    case .flatMapError(let add): return producer.flatMapError { inner($0.code + add) }
    case .flatMap(let strategy, let add): return producer.flatMap(strategy.real) { inner($0 + add) }
    case .merge: return producer.merging(with: extra.hot!)
    case .mergeList: return SignalProducer.merge([producer] + extra.hotList)
    case .combineLatestList: return SignalProducer.combineLatest([producer] + extra.hotList).map(ModelFunctions.hash)
    case .zipList: return SignalProducer.zip([producer] + extra.hotList).map(ModelFunctions.hash)
    case .combineLatest:
      let combined: SignalProducer<(Int, Int), ModelError> = producer.combiningLatest(with: extra.hot!)
      return combined.map { ModelFunctions.pair($0.0, $0.1) }
    case .zip:
      let zipped: SignalProducer<(Int, Int), ModelError> = producer.zipping(with: extra.hot!)
      return zipped.map { ModelFunctions.pair($0.0, $0.1) }
    case .takeUntil: return producer.take(until: extra.trigger!)
    case .withLatest: return producer.withLatest(from: extra.trigger!).map { ModelFunctions.pair($0.0, $0.1) }
    case .sample: return producer.sample(with: extra.trigger!).map { ModelFunctions.pair($0.0, $0.1) }
    case .sampleOn: return producer.sample(on: extra.trigger!.map { _ in () })
    case .concat: return producer.concatenating(extra.cold!)
    case .delay(let ticks): return producer.delay(.seconds(ticks), on: scheduler)
    case .debounce(let ticks): return producer.debounce(.seconds(ticks), on: scheduler)
    case .throttle(let ticks): return producer.throttle(.seconds(ticks), on: scheduler)
    }
  }

  static func event(_ event: ModelEvent) -> Source.Event {
    switch event {
    case .value(let value): return .value(value)
    case .failed(let code): return .failed(ModelError(code: code))
    case .completed: return .completed
    case .interrupted: return .interrupted
    }
  }

  static func neverEvent(_ event: ModelEvent) -> Trigger.Event {
    switch event {
    case .value(let value): return .value(value)
    case .failed: preconditionFailure("Internal inconsistency: a trigger input cannot fail")
    case .completed: return .completed
    case .interrupted: return .interrupted
    }
  }

  static func modelEvent(_ event: Source.Event) -> ModelEvent {
    switch event {
    case .value(let value): return .value(value)
    case .failed(let error): return .failed(error.code)
    case .completed: return .completed
    case .interrupted: return .interrupted
    }
  }
}

extension ModelStrategy {
  /// The library's strategy of the same name.
  var real: FlattenStrategy {
    switch self {
    case .merge: return .merge
    case .concat: return .concat
    case .latest: return .latest
    }
  }
}
