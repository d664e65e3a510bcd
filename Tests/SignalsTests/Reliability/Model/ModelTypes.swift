// The vocabulary of the model-based tests: events, their ordering keys, inputs, pipeline stages and cases.

/// The one failure kind of the model: a small code, so that `mapError` and `flatMapError` can be checked.
struct ModelError: Error, Equatable, Sendable {
  var code: Int
}

/// An event of the model, with `Int` values.
enum ModelEvent: Equatable, Sendable {
  case value(Int)
  case failed(Int)
  case completed
  case interrupted

  var isTerminal: Bool {
    if case .value = self { return false }
    return true
  }
}

/// The position of an event in the total order in which a `TestScheduler` run delivers everything.
///
/// The first part is the virtual tick. The second is the phase within the tick: `-1` for what happens while
/// the pipeline is built, `0` for scheduled actions (timers, cold inner producers), `1` for the inputs the
/// runner sends after advancing the clock to the tick (`advance(to:)` runs everything due first). For phase 1
/// the third part is the input event's global sequence number, which fixes how inputs interleave in a tick.
///
/// A scheduled action's key is `[due, 0] + cause + [j]`, where `cause` is the key of the event whose
/// delivery scheduled it and `j` counts the actions that event scheduled. The scheduler runs actions due at
/// the same instant in the order they were scheduled, and events are delivered in key order, so comparing
/// causes reproduces that order. Several outputs of one input event get the keys `cause + [j]`.
/// Keys compare lexicographically, a prefix first.
struct Key: Comparable, Hashable, Sendable, CustomStringConvertible {
  var parts: [Int]

  /// The tick.
  var time: Int { parts[0] }

  static let creation = Key(parts: [0, -1])

  static func input(time: Int, sequence: Int) -> Key { Key(parts: [time, 1, sequence]) }

  /// The key of the `index`-th action scheduled at `due` by the event at `self`.
  func scheduled(at due: Int, index: Int = 0) -> Key { Key(parts: [due, 0] + parts + [index]) }

  /// The key of the `index`-th of several outputs caused by the event at `self`, or of the `index`-th event a
  /// producer started by it sends synchronously.
  func sub(_ index: Int) -> Key { Key(parts: parts + [index]) }

  static func < (lhs: Key, rhs: Key) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

  var description: String { parts.map(String.init).joined(separator: ".") }
}

/// An event at a key.
struct Timed: Equatable, Sendable {
  var key: Key
  var event: ModelEvent
}

/// An event of a cold inner producer, `offset` ticks after its start; at offset 0 it is sent synchronously,
/// inside the start.
struct Relative: Equatable, Sendable {
  var offset: Int
  var event: ModelEvent
}

/// An inner producer's events, relative to each start.
typealias InnerList = [Relative]

/// How `flatMap` runs its inners.
enum ModelStrategy: String, CaseIterable, Sendable {
  case merge, concat, latest
}

/// One operator of a generated pipeline, with its parameters. Extra inputs live in ``ModelCase/extras``.
enum Stage: Equatable, Sendable, CustomStringConvertible {
  case map(add: Int)
  case filter(dropRemainder: Int)
  case compactMap(nilRemainder: Int)
  case scan(initial: Int)
  case reduce(initial: Int)
  case collect
  case collectCount(Int)
  case skipRepeats
  case skipRepeatsWithin(Int)
  case takeFirst(Int)
  case takeLast(Int)
  case takeWhile(stopRemainder: Int)
  case skipFirst(Int)
  case skipWhile(stopRemainder: Int)
  case mapError(add: Int)
  case flatMapError(add: Int)
  case flatMap(ModelStrategy, add: Int)
  case merge
  case combineLatest
  case zip
  /// The list forms, `Signal.merge([self] + extras)` and so on, over 2 or 3 inputs in all.
  case mergeList(inputs: Int)
  case combineLatestList(inputs: Int)
  case zipList(inputs: Int)
  case takeUntil
  case withLatest
  case sample
  case sampleOn
  case concat
  case delay(Int)
  case debounce(Int)
  case throttle(Int)

  /// What extra input the stage takes.
  enum Extra { case none, hot, hotNever, cold, hotList(Int) }

  var extra: Extra {
    switch self {
    case .merge, .combineLatest, .zip: return .hot
    case .takeUntil, .withLatest, .sample, .sampleOn: return .hotNever
    case .concat: return .cold
    case .mergeList(let inputs), .combineLatestList(let inputs), .zipList(let inputs): return .hotList(inputs - 1)
    default: return .none
    }
  }

  /// Whether the stage uses the case's table of inner producers.
  var usesInners: Bool {
    switch self {
    case .flatMap, .flatMapError: return true
    default: return false
    }
  }

  var description: String {
    switch self {
    case .map(let add): return "map(+\(add))"
    case .filter(let remainder): return "filter(%3 != \(remainder))"
    case .compactMap(let remainder): return "compactMap(%4 == \(remainder) ? nil : ×2)"
    case .scan(let initial): return "scan(\(initial), 2a+v)"
    case .reduce(let initial): return "reduce(\(initial), 2a+v)"
    case .collect: return "collect().map(hash)"
    case .collectCount(let count): return "collect(count: \(count)).map(hash)"
    case .skipRepeats: return "skipRepeats()"
    case .skipRepeatsWithin(let tolerance): return "skipRepeats(|a-b| < \(tolerance))"
    case .takeFirst(let count): return "take(first: \(count))"
    case .takeLast(let count): return "take(last: \(count))"
    case .takeWhile(let remainder): return "take(while: %5 != \(remainder))"
    case .skipFirst(let count): return "skip(first: \(count))"
    case .skipWhile(let remainder): return "skip(while: %5 != \(remainder))"
    case .mapError(let add): return "mapError(+\(add))"
    case .flatMapError(let add): return "flatMapError(inner[code+\(add)])"
    case .flatMap(let strategy, let add): return "flatMap(.\(strategy), inner[v+\(add)])"
    case .merge: return "merging(with: extra)"
    case .combineLatest: return "combiningLatest(with: extra).map(pair)"
    case .zip: return "zipping(with: extra).map(pair)"
    case .takeUntil: return "take(until: extra)"
    case .withLatest: return "withLatest(from: extra).map(pair)"
    case .sample: return "sample(with: extra).map(pair)"
    case .sampleOn: return "sample(on: extra.map { _ in () })"
    case .concat: return "SignalProducer(self).concatenating(cold extra)"
    case .mergeList: return "merge([self] + extras)"
    case .combineLatestList: return "combineLatest([self] + extras).map(hash)"
    case .zipList: return "zip([self] + extras).map(hash)"
    case .delay(let ticks): return "delay(\(ticks))"
    case .debounce(let ticks): return "debounce(\(ticks))"
    case .throttle(let ticks): return "throttle(\(ticks))"
    }
  }
}

/// An event of a hot input: its tick (≥ 1) and its global sequence number, which orders the inputs' events
/// within a tick.
struct HotEvent: Equatable, Sendable {
  var time: Int
  var sequence: Int
  var event: ModelEvent
}

/// A hot input: a pipe that the runner feeds.
struct HotInput: Equatable, Sendable {
  var events: [HotEvent]

  /// The events with their keys.
  var timed: [Timed] { events.map { Timed(key: .input(time: $0.time, sequence: $0.sequence), event: $0.event) } }
}

/// A stage's extra input.
enum ExtraInput: Equatable, Sendable {
  case none
  case hot(HotInput)
  case cold(InnerList)
  case hotList([HotInput])
}

/// One generated case: a pipeline over a primary hot input, its stages' extra inputs, and the inner producers
/// that `flatMap` and `flatMapError` choose from.
struct ModelCase: Equatable, Sendable {
  var primary: HotInput
  var stages: [Stage]
  /// One per stage.
  var extras: [ExtraInput]
  /// Never empty.
  var inners: [InnerList]
  /// Whether the pipeline is built from producers (`SignalProducer(pipe)` and the producer forms, through
  /// `lift`) rather than from signals.
  var usesProducers = false
  /// The tick at which the runner disposes the recording (after that tick's scheduled actions, before its
  /// inputs), if it does.
  var disposeAt: Int?

  /// The inner producer a stage picks for `selector`.
  func inner(_ selector: Int) -> InnerList { inners[((selector % inners.count) + inners.count) % inners.count] }

  /// Every hot input, primary first, with the stage it belongs to (`nil` for the primary).
  var hotInputs: [(stage: Int?, input: HotInput)] {
    var inputs: [(Int?, HotInput)] = [(nil, primary)]
    for (index, extra) in extras.enumerated() {
      if case .hot(let input) = extra { inputs.append((index, input)) }
      if case .hotList(let list) = extra { inputs += list.map { (index, $0) } }
    }
    return inputs
  }

  /// How many events the case holds, a measure for shrinking.
  var size: Int {
    var total = primary.events.count + stages.count
    for extra in extras {
      switch extra {
      case .none: break
      case .hot(let input): total += input.events.count
      case .cold(let list): total += list.count
      case .hotList(let list): total += list.reduce(0) { $0 + $1.events.count }
      }
    }
    guard stages.contains(where: \.usesInners) else { return total }
    return total + inners.reduce(0) { $0 + $1.count }
  }
}

/// The functions the pipeline's stages use, shared by the model and the real pipeline so that both compute
/// the same values. Values stay in `0..<36`, one base-36 character each in marbles.
enum ModelFunctions {
  static func wrap(_ value: Int) -> Int { ((value % 36) + 36) % 36 }
  static func pair(_ first: Int, _ second: Int) -> Int { wrap(first * 6 + second) }
  static func hash(_ values: [Int]) -> Int { values.reduce(wrap(values.count)) { wrap($0 * 5 + $1 + 1) } }
  static func fold(_ accumulated: Int, _ value: Int) -> Int { wrap(accumulated * 2 + value) }
  static func compact(_ value: Int, nilRemainder: Int) -> Int? { value % 4 == nilRemainder ? nil : wrap(value * 2) }
}
