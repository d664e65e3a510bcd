// Seeded generation of cases: a PRNG of our own, random timed inputs, random pipelines of 1–5 operators.

/// SplitMix64: a small, fast, well-mixed PRNG; the same seed gives the same cases on every platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `range` (by remainder: the bias is negligible for these tiny ranges, and it is fast).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// `true` with probability `percent`/100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// The seed of case `index` of a run seeded with `seed`, so that any case can be regenerated alone.
  static func caseSeed(run seed: UInt64, index: Int) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}

/// Makes random cases.
struct CaseGenerator {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A case: 1–5 stages, their extra inputs, 1–3 inner producers, and the hot inputs interleaved at random.
  mutating func makeCase() -> ModelCase {
    let stages = (0..<random.int(1...5)).map { _ in makeStage() }
    var extras: [ExtraInput] = []
    var hotLists: [[(time: Int, event: ModelEvent)]] = [makeHotList(canFail: true)]
    for stage in stages {
      switch stage.extra {
      case .none: extras.append(.none)
      case .cold: extras.append(.cold(makeInnerList()))
      case .hot:
        hotLists.append(makeHotList(canFail: true))
        extras.append(.hot(HotInput(events: [])))  // filled below
      case .hotNever:
        hotLists.append(makeHotList(canFail: false))
        extras.append(.hot(HotInput(events: [])))  // filled below
      case .hotList(let count):
        for _ in 0..<count { hotLists.append(makeHotList(canFail: true)) }
        extras.append(.hotList(Array(repeating: HotInput(events: []), count: count)))  // filled below
      }
    }
    let inputs = interleave(hotLists)
    var next = 1
    for index in extras.indices {
      switch extras[index] {
      case .hot:
        extras[index] = .hot(inputs[next])
        next += 1
      case .hotList(let list):
        extras[index] = .hotList(Array(inputs[next..<(next + list.count)]))
        next += list.count
      case .none, .cold: break
      }
    }
    let inners = (0..<random.int(1...3)).map { _ in makeInnerList() }
    let lastTick = inputs.flatMap { $0.events.map(\.time) }.max() ?? 1
    return ModelCase(
      primary: inputs[0], stages: stages, extras: extras, inners: inners, usesProducers: random.chance(50),
      disposeAt: random.chance(20) ? random.int(1...(lastTick + 4)) : nil)
  }

  /// Gives every event a global sequence number by merging the lists in a random order, keeping each list's
  /// own order: that decides how events of different inputs in one tick interleave.
  mutating func interleave(_ lists: [[(time: Int, event: ModelEvent)]]) -> [HotInput] {
    var positions = Array(repeating: 0, count: lists.count)
    var inputs = Array(repeating: HotInput(events: []), count: lists.count)
    var sequence = 0
    while true {
      let open = lists.indices.filter { positions[$0] < lists[$0].count }
      guard !open.isEmpty else { break }
      let list = open[random.int(0...(open.count - 1))]
      let entry = lists[list][positions[list]]
      inputs[list].events.append(HotEvent(time: entry.time, sequence: sequence, event: entry.event))
      positions[list] += 1
      sequence += 1
    }
    return inputs
  }

  mutating func makeValue() -> Int { random.int(0...5) }

  mutating func makeTerminal(canFail: Bool, completes: Int) -> ModelEvent? {
    let roll = random.int(0...99)
    if roll < completes { return .completed }
    if roll < completes + 15 { return canFail ? .failed(random.int(0...2)) : .completed }
    if roll < completes + 25 { return .interrupted }
    return nil
  }

  /// 0–9 values from tick 1 on, 0–2 ticks apart, and maybe a terminal event.
  mutating func makeHotList(canFail: Bool) -> [(time: Int, event: ModelEvent)] {
    var time = random.int(1...3)
    var list: [(time: Int, event: ModelEvent)] = []
    for index in 0..<random.int(0...9) {
      if index > 0 { time += random.int(0...2) }
      list.append((time, .value(makeValue())))
    }
    if let terminal = makeTerminal(canFail: canFail, completes: 40) {
      list.append((time + random.int(0...2), terminal))
    }
    return list
  }

  /// 0–3 values, 0–2 ticks apart from the start on (at offset 0: sent synchronously as it starts), and usually
  /// a terminal event.
  mutating func makeInnerList() -> InnerList {
    var offset = random.int(0...2)
    var list: InnerList = []
    for index in 0..<random.int(0...3) {
      if index > 0 { offset += random.int(0...2) }
      list.append(Relative(offset: offset, event: .value(makeValue())))
    }
    if let terminal = makeTerminal(canFail: true, completes: 55) {
      list.append(Relative(offset: offset + random.int(list.isEmpty ? 0...1 : 0...2), event: terminal))
    }
    return list
  }

  mutating func makeStage() -> Stage {
    switch random.int(0...30) {
    case 0: return .map(add: random.int(1...9))
    case 1: return .filter(dropRemainder: random.int(0...2))
    case 2: return .compactMap(nilRemainder: random.int(0...3))
    case 3: return .scan(initial: random.int(0...5))
    case 4: return .reduce(initial: random.int(0...5))
    case 5: return .collect
    case 6: return .collectCount(random.int(1...3))
    case 7: return .skipRepeats
    case 8: return .skipRepeatsWithin(random.int(2...4))
    case 9: return .takeFirst(random.chance(10) ? 0 : random.int(1...4))
    case 10: return .takeLast(random.int(0...3))
    case 11: return .takeWhile(stopRemainder: random.int(0...4))
    case 12: return .skipFirst(random.int(0...3))
    case 13: return .skipWhile(stopRemainder: random.int(0...4))
    case 14: return .mapError(add: random.int(1...5))
    case 15: return .flatMapError(add: random.int(0...2))
    case 16: return .flatMap(ModelStrategy.allCases[random.int(0...2)], add: random.int(0...2))
    case 17: return .merge
    case 18: return .combineLatest
    case 19: return .zip
    case 20: return .takeUntil
    case 21: return .withLatest
    case 22: return .sample
    case 23: return .concat
    case 24: return .delay(random.int(1...3))
    case 25: return .debounce(random.int(1...3))
    case 26: return .sampleOn
    case 27: return .mergeList(inputs: random.int(2...3))
    case 28: return .combineLatestList(inputs: random.int(2...3))
    case 29: return .zipList(inputs: random.int(2...3))
    default: return .throttle(random.int(1...3))
    }
  }
}
