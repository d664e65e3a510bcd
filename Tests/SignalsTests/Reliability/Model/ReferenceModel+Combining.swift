// The reference model of the operators that take several inputs, and of flatMap. Inputs are merged in key
// order: that is the order in which a TestScheduler run delivers them.

extension ReferenceModel {
  /// Both streams' events in key order, each tagged with its input (0 for `first`, 1 for `second`).
  static func interleave(_ first: [Timed], _ second: [Timed]) -> [(input: Int, item: Timed)] {
    interleave([first, second])
  }

  /// Every stream's events in key order, each tagged with the index of its stream.
  static func interleave(_ streams: [[Timed]]) -> [(input: Int, item: Timed)] {
    streams.enumerated().flatMap { input, stream in stream.map { (input, $0) } }.sorted { $0.1.key < $1.1.key }
  }

  static func merge(_ inputs: [[Timed]]) -> [Timed] {
    var completed = 0
    var output: [Timed] = []
    for (_, item) in interleave(inputs) {
      guard case .completed = item.event else {
        output.append(item)
        continue
      }
      completed += 1
      if completed == inputs.count { output.append(item) }
    }
    return output
  }

  static func combineLatest(_ inputs: [[Timed]], _ combine: ([Int]) -> Int) -> [Timed] {
    var latest: [Int?] = Array(repeating: nil, count: inputs.count)
    var completed = 0
    var output: [Timed] = []
    for (input, item) in interleave(inputs) {
      switch item.event {
      case .value(let value):
        latest[input] = value
        let values = latest.compactMap { $0 }
        if values.count == inputs.count { output.append(Timed(key: item.key, event: .value(combine(values)))) }
      case .completed:
        completed += 1
        // All inputs completed, or this one completed without a value: nothing could be sent again.
        if completed == inputs.count || latest[input] == nil { output.append(item) }
      case .failed, .interrupted:
        output.append(item)
      }
    }
    return output
  }

  static func zip(_ inputs: [[Timed]], waitsForEveryInput: Bool, _ combine: ([Int]) -> Int) -> [Timed] {
    var queues: [[Int]] = Array(repeating: [], count: inputs.count)
    var completed = Array(repeating: false, count: inputs.count)
    var output: [Timed] = []
    func isExhausted(_ input: Int) -> Bool {
      waitsForEveryInput ? !completed.contains(false) : completed[input] && queues[input].isEmpty
    }
    for (input, item) in interleave(inputs) {
      switch item.event {
      case .value(let value):
        queues[input].append(value)
        guard !queues.contains(where: \.isEmpty) else { continue }
        let set = ModelEvent.value(combine(queues.indices.map { queues[$0].removeFirst() }))
        let ends = queues.indices.contains(where: isExhausted)
        emit(ends ? [set, .completed] : [set], at: item.key, into: &output)
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
