// The reference model of the operators that take several inputs, and of flatMap. Inputs are merged in key
// order: that is the order in which a TestScheduler run delivers them.

extension ReferenceModel {
  /// Both streams' events in key order, each tagged with its input (0 for `first`, 1 for `second`).
  static func interleave(_ first: [Timed], _ second: [Timed]) -> [(input: Int, item: Timed)] {
    (first.map { (0, $0) } + second.map { (1, $0) }).sorted { $0.1.key < $1.1.key }
  }

  static func merge(_ source: [Timed], _ other: [Timed]) -> [Timed] {
    var completed = 0
    var output: [Timed] = []
    for (_, item) in interleave(source, other) {
      guard case .completed = item.event else {
        output.append(item)
        continue
      }
      completed += 1
      if completed == 2 { output.append(item) }
    }
    return output
  }

  static func combineLatest(_ source: [Timed], _ other: [Timed]) -> [Timed] {
    var latest: [Int?] = [nil, nil]
    var completed = 0
    var output: [Timed] = []
    for (input, item) in interleave(source, other) {
      switch item.event {
      case .value(let value):
        latest[input] = value
        if let first = latest[0], let second = latest[1] {
          output.append(Timed(key: item.key, event: .value(ModelFunctions.pair(first, second))))
        }
      case .completed:
        completed += 1
        // All inputs completed, or this one completed without a value: nothing could be sent again.
        if completed == 2 || latest[input] == nil { output.append(item) }
      case .failed, .interrupted:
        output.append(item)
      }
    }
    return output
  }

  static func zip(_ source: [Timed], _ other: [Timed], waitsForEveryInput: Bool) -> [Timed] {
    var queues: [[Int]] = [[], []]
    var completed = [false, false]
    var output: [Timed] = []
    func isExhausted(_ input: Int) -> Bool {
      waitsForEveryInput ? completed[0] && completed[1] : completed[input] && queues[input].isEmpty
    }
    for (input, item) in interleave(source, other) {
      switch item.event {
      case .value(let value):
        queues[input].append(value)
        guard !queues[0].isEmpty, !queues[1].isEmpty else { continue }
        let pair = ModelEvent.value(ModelFunctions.pair(queues[0].removeFirst(), queues[1].removeFirst()))
        emit(isExhausted(0) || isExhausted(1) ? [pair, .completed] : [pair], at: item.key, into: &output)
      case .completed:
        completed[input] = true
        if isExhausted(input) { output.append(item) }
      case .failed, .interrupted:
        output.append(item)
      }
    }
    return output
  }

  /// The trigger cannot fail; any of its events ends the result with `completed`.
  static func takeUntil(_ source: [Timed], trigger: [Timed]) -> [Timed] {
    interleave(source, trigger).map { input, item in input == 0 ? item : Timed(key: item.key, event: .completed) }
  }

  /// `other` cannot fail; its ending changes nothing.
  static func withLatest(_ source: [Timed], other: [Timed]) -> [Timed] {
    var latest: Int?
    var output: [Timed] = []
    for (input, item) in interleave(source, other) {
      switch (input, item.event) {
      case (1, .value(let value)): latest = value
      case (1, _): break
      case (_, .value(let value)):
        if let latest { output.append(Timed(key: item.key, event: .value(ModelFunctions.pair(value, latest)))) }
      default: output.append(item)
      }
    }
    return output
  }

  /// Each sampler value sends the source's latest value (with the sample's value if `withSample`); either side
  /// completing completes.
  static func sample(_ source: [Timed], sampler: [Timed], withSample: Bool) -> [Timed] {
    var latest: Int?
    var output: [Timed] = []
    for (input, item) in interleave(source, sampler) {
      switch (input, item.event) {
      case (0, .value(let value)): latest = value
      case (1, .value(let sample)):
        guard let latest else { continue }
        output.append(Timed(key: item.key, event: .value(withSample ? ModelFunctions.pair(latest, sample) : latest)))
      default: output.append(item)
      }
    }
    return output
  }

  /// Runs the outer stream and the inners it starts as one discrete-event simulation in key order.
  static func flatMap(_ outer: [Timed], _ strategy: ModelStrategy, _ transform: (Int) -> InnerList) -> [Timed] {
    var pending: [(id: Int, item: Timed)] = []  // scheduled events of running inners
    var running: [Int] = []  // ids of running inners
    var waiting: [Int] = []  // .concat: outer values whose inner has not started yet
    var nextID = 0
    var outerCompleted = false
    var output: [Timed] = []
    var outerIndex = 0

    func start(_ value: Int, by cause: Key) {
      nextID += 1
      running.append(nextID)
      pending += started(transform(value), by: cause).map { (nextID, $0) }
    }

    while true {
      let nextPending = pending.indices.min { pending[$0].item.key < pending[$1].item.key }
      let hasOuter = outerIndex < outer.endIndex
      guard hasOuter || nextPending != nil else { break }
      if hasOuter, nextPending.map({ outer[outerIndex].key < pending[$0].item.key }) ?? true {
        let item = outer[outerIndex]
        outerIndex += 1
        switch item.event {
        case .value(let value):
          switch strategy {
          case .merge: start(value, by: item.key)
          case .latest:
            // The replaced inner is disposed silently, before the new one starts.
            pending.removeAll { running.contains($0.id) }
            running = []
            start(value, by: item.key)
          case .concat:
            if running.isEmpty { start(value, by: item.key) } else { waiting.append(value) }
          }
        case .completed:
          outerCompleted = true
          if running.isEmpty { output.append(item) }
        case .failed, .interrupted:
          output.append(item)
        }
      } else {
        let (id, item) = pending.remove(at: nextPending!)
        switch item.event {
        case .value: output.append(item)
        case .completed:
          running.removeAll { $0 == id }
          if strategy == .concat, !waiting.isEmpty {
            start(waiting.removeFirst(), by: item.key)
          } else if running.isEmpty, outerCompleted {
            output.append(item)
          }
        case .failed, .interrupted:
          output.append(item)
        }
      }
      if output.last?.event.isTerminal == true { break }
    }
    return output
  }
}
