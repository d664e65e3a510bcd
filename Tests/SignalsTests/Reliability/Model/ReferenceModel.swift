// The reference model: each operator as a plain function from keyed event lists to a keyed event list,
// written from the operators' doc comments and Docs/Contracts.md, for clarity rather than speed.

/// A deliberate mistake in the model, to prove that the checker catches and shrinks a disagreement.
enum ModelMutation: Sendable {
  /// `zip` completes only once every input has completed (RxSwift's rule, not ours).
  case zipWaitsForEveryInput
  /// `skipRepeats(_:)` compares with the value just before, not with the last one forwarded.
  case skipRepeatsComparesWithPrevious
  /// `throttle` sends a waiting value `interval` after it arrived, not after the previous send.
  case throttleWaitsFromArrival
}

/// The expected output of a pipeline, computed stage by stage.
struct ReferenceModel {
  var mutation: ModelMutation?

  /// The events the pipeline of `modelCase` delivers, in order, with their keys.
  func output(of modelCase: ModelCase) -> [Timed] {
    var stream = modelCase.primary.timed
    for (index, stage) in modelCase.stages.enumerated() {
      stream = Self.endingAtFirstTerminal(apply(stage, to: stream, extra: modelCase.extras[index], in: modelCase))
    }
    guard let tick = modelCase.disposeAt else { return stream }
    // Disposal stops delivery; a disposed producer start is interrupted, a disposed observation ends silently.
    let disposal = Key(parts: [tick, 1, -1])
    let delivered = stream.filter { $0.key < disposal }
    guard modelCase.usesProducers, delivered.last?.event.isTerminal != true else { return delivered }
    return delivered + [Timed(key: disposal, event: .interrupted)]
  }

  /// The grammar: nothing after a terminal event.
  static func endingAtFirstTerminal(_ stream: [Timed]) -> [Timed] {
    guard let end = stream.firstIndex(where: \.event.isTerminal) else { return stream }
    return Array(stream[...end])
  }

  /// The output of one stage, given its input stream and its extra input.
  func apply(_ stage: Stage, to stream: [Timed], extra: ExtraInput, in modelCase: ModelCase) -> [Timed] {
    switch stage {
    case .map(let add): return Self.mapValues(stream) { [ModelFunctions.wrap($0 + add)] }
    case .filter(let remainder): return Self.mapValues(stream) { $0 % 3 != remainder ? [$0] : [] }
    case .compactMap(let remainder):
      return Self.mapValues(stream) { ModelFunctions.compact($0, nilRemainder: remainder).map { [$0] } ?? [] }
    case .scan(let initial): return Self.scan(stream, initial: initial)
    case .reduce(let initial): return Self.reduce(stream, initial: initial)
    case .collect: return Self.collect(stream)
    case .collectCount(let count): return Self.collect(stream, count: count)
    case .skipRepeats: return Self.skipRepeats(stream, tolerance: 1, comparesWithPrevious: false)
    case .skipRepeatsWithin(let tolerance):
      return Self.skipRepeats(
        stream, tolerance: tolerance, comparesWithPrevious: mutation == .skipRepeatsComparesWithPrevious)
    case .takeFirst(let count): return Self.takeFirst(stream, count: count, onProducer: modelCase.usesProducers)
    case .takeLast(let count): return Self.takeLast(stream, count: count)
    case .takeWhile(let remainder): return Self.takeWhile(stream) { $0 % 5 != remainder }
    case .skipFirst(let count): return Self.skipFirst(stream, count: count)
    case .skipWhile(let remainder): return Self.skipWhile(stream) { $0 % 5 != remainder }
    case .mapError(let add): return Self.mapError(stream) { ($0 + add) % 10 }
    case .flatMapError(let add): return Self.flatMapError(stream) { modelCase.inner($0 + add) }
    case .flatMap(let strategy, let add): return Self.flatMap(stream, strategy) { modelCase.inner($0 + add) }
    case .merge: return Self.merge([stream, Self.hot(extra)])
    case .combineLatest: return Self.combineLatest([stream, Self.hot(extra)]) { ModelFunctions.pair($0[0], $0[1]) }
    case .zip:
      return Self.zip([stream, Self.hot(extra)], waitsForEveryInput: mutation == .zipWaitsForEveryInput) {
        ModelFunctions.pair($0[0], $0[1])
      }
    case .mergeList: return Self.merge([stream] + Self.hotList(extra))
    case .combineLatestList: return Self.combineLatest([stream] + Self.hotList(extra), ModelFunctions.hash)
    case .zipList:
      return Self.zip(
        [stream] + Self.hotList(extra), waitsForEveryInput: mutation == .zipWaitsForEveryInput, ModelFunctions.hash)
    case .takeUntil: return Self.takeUntil(stream, trigger: Self.hot(extra))
    case .withLatest: return Self.withLatest(stream, other: Self.hot(extra))
    case .sample: return Self.sample(stream, sampler: Self.hot(extra), withSample: true)
    case .sampleOn: return Self.sample(stream, sampler: Self.hot(extra), withSample: false)
    case .concat: return Self.concat(stream, next: Self.cold(extra))
    case .delay(let ticks): return Self.delay(stream, ticks: ticks)
    case .debounce(let ticks): return Self.debounce(stream, ticks: ticks)
    case .throttle(let ticks):
      return Self.throttle(stream, ticks: ticks, waitsFromArrival: mutation == .throttleWaitsFromArrival)
    }
  }

  static func hot(_ extra: ExtraInput) -> [Timed] {
    guard case .hot(let input) = extra else { preconditionFailure("Internal inconsistency: no hot extra input") }
    return input.timed
  }

  static func hotList(_ extra: ExtraInput) -> [[Timed]] {
    guard case .hotList(let list) = extra else { preconditionFailure("Internal inconsistency: no extra inputs") }
    return list.map(\.timed)
  }

  static func cold(_ extra: ExtraInput) -> InnerList {
    guard case .cold(let list) = extra else { preconditionFailure("Internal inconsistency: no cold extra input") }
    return list
  }

  /// Appends the events one input event caused: one keeps the cause's key, several get `key.sub(j)`.
  static func emit(_ events: [ModelEvent], at key: Key, into output: inout [Timed]) {
    if events.count == 1 {
      output.append(Timed(key: key, event: events[0]))
    } else {
      for (index, event) in events.enumerated() { output.append(Timed(key: key.sub(index), event: event)) }
    }
  }

  /// A stateless operator on values: each value becomes the values `transform` returns; terminals pass.
  static func mapValues(_ stream: [Timed], _ transform: (Int) -> [Int]) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      guard case .value(let value) = item.event else {
        output.append(item)
        continue
      }
      emit(transform(value).map(ModelEvent.value), at: item.key, into: &output)
    }
    return output
  }

  static func scan(_ stream: [Timed], initial: Int) -> [Timed] {
    var accumulated = initial
    return mapValues(stream) { value in
      accumulated = ModelFunctions.fold(accumulated, value)
      return [accumulated]
    }
  }

  /// Values are held back; completion sends `final(held)` then `completed`; failure and interruption pass
  /// and drop what was held.
  static func atCompletion(_ stream: [Timed], _ final: ([Int]) -> [Int]) -> [Timed] {
    var held: [Int] = []
    var output: [Timed] = []
    for item in stream {
      switch item.event {
      case .value(let value): held.append(value)
      case .completed: emit(final(held).map(ModelEvent.value) + [.completed], at: item.key, into: &output)
      case .failed, .interrupted: output.append(item)
      }
    }
    return output
  }

  static func reduce(_ stream: [Timed], initial: Int) -> [Timed] {
    atCompletion(stream) { [$0.reduce(initial, ModelFunctions.fold)] }
  }

  static func collect(_ stream: [Timed]) -> [Timed] {
    atCompletion(stream) { [ModelFunctions.hash($0)] }
  }

  static func takeLast(_ stream: [Timed], count: Int) -> [Timed] {
    atCompletion(stream) { Array($0.suffix(max(0, count))) }
  }

  static func collect(_ stream: [Timed], count: Int) -> [Timed] {
    var batch: [Int] = []
    var output: [Timed] = []
    for item in stream {
      switch item.event {
      case .value(let value):
        batch.append(value)
        if batch.count == count {
          output.append(Timed(key: item.key, event: .value(ModelFunctions.hash(batch))))
          batch = []
        }
      case .completed:
        let rest: [ModelEvent] = batch.isEmpty ? [] : [.value(ModelFunctions.hash(batch))]
        emit(rest + [.completed], at: item.key, into: &output)
      case .failed, .interrupted: output.append(item)
      }
    }
    return output
  }

  /// `tolerance` 1 is plain equality.
  static func skipRepeats(_ stream: [Timed], tolerance: Int, comparesWithPrevious: Bool) -> [Timed] {
    var last: Int?
    return mapValues(stream) { value in
      defer { if comparesWithPrevious { last = value } }
      if let last, abs(last - value) < tolerance { return [] }
      last = value
      return [value]
    }
  }

  /// `take(first:)` with a count of 0 or less completes as it is made: on a signal, observers come later and
  /// see `interrupted`; a producer's observer sees `completed`.
  static func takeFirst(_ stream: [Timed], count: Int, onProducer: Bool) -> [Timed] {
    guard count > 0 else { return [Timed(key: .creation, event: onProducer ? .completed : .interrupted)] }
    var taken = 0
    var output: [Timed] = []
    for item in stream {
      guard case .value = item.event else {
        output.append(item)
        continue
      }
      taken += 1
      emit(taken == count ? [item.event, .completed] : [item.event], at: item.key, into: &output)
      if taken == count { break }
    }
    return output
  }

  static func takeWhile(_ stream: [Timed], _ shouldContinue: (Int) -> Bool) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      if case .value(let value) = item.event, !shouldContinue(value) {
        output.append(Timed(key: item.key, event: .completed))
        break
      }
      output.append(item)
    }
    return output
  }

  static func skipFirst(_ stream: [Timed], count: Int) -> [Timed] {
    var skipped = 0
    return mapValues(stream) { value in
      guard skipped >= count else {
        skipped += 1
        return []
      }
      return [value]
    }
  }

  static func skipWhile(_ stream: [Timed], _ shouldContinue: (Int) -> Bool) -> [Timed] {
    var skipping = true
    return mapValues(stream) { value in
      if skipping, shouldContinue(value) { return [] }
      skipping = false
      return [value]
    }
  }

  static func mapError(_ stream: [Timed], _ transform: (Int) -> Int) -> [Timed] {
    stream.map { item in
      guard case .failed(let code) = item.event else { return item }
      return Timed(key: item.key, event: .failed(transform(code)))
    }
  }

  /// The events of a cold producer started by the event at `cause`: those at offset 0 right after the cause,
  /// the others when the scheduler runs them.
  static func started(_ list: InnerList, by cause: Key) -> [Timed] {
    list.enumerated().map { index, relative in
      let key =
        relative.offset == 0 ? cause.sub(index) : cause.scheduled(at: cause.time + relative.offset, index: index)
      return Timed(key: key, event: relative.event)
    }
  }

  static func flatMapError(_ stream: [Timed], _ handler: (Int) -> InnerList) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      guard case .failed(let code) = item.event else {
        output.append(item)
        continue
      }
      output += started(handler(code), by: item.key)
    }
    return output
  }

  static func concat(_ stream: [Timed], next: InnerList) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      guard case .completed = item.event else {
        output.append(item)
        continue
      }
      output += started(next, by: item.key)
    }
    return output
  }
}
