// Shrinking: the simplifications of a failing case, tried greedily by `ModelChecker.shrink`.

/// The simplifications of a case, biggest first. Every candidate is a well-formed case.
enum CaseShrinker {
  static func candidates(_ modelCase: ModelCase) -> [ModelCase] {
    var result: [ModelCase] = []
    // Keep a single stage, then drop one stage, with its extra input.
    if modelCase.stages.count > 1 {
      for index in modelCase.stages.indices {
        var smaller = modelCase
        smaller.stages = [modelCase.stages[index]]
        smaller.extras = [modelCase.extras[index]]
        result.append(smaller)
      }
      for index in modelCase.stages.indices {
        var smaller = modelCase
        smaller.stages.remove(at: index)
        smaller.extras.remove(at: index)
        result.append(smaller)
      }
    }
    // Feed the first stage's extra input to the rest of the pipeline instead of that stage's output.
    if modelCase.stages.count > 1 {
      let replacements: [HotInput]
      switch modelCase.extras[0] {
      case .hot(let input): replacements = [input]
      case .hotList(let list): replacements = list
      case .none, .cold: replacements = []
      }
      for input in replacements {
        var smaller = modelCase
        smaller.primary = input
        smaller.stages.removeFirst()
        smaller.extras.removeFirst()
        result.append(smaller)
      }
    }
    // Drop an inner producer.
    if modelCase.inners.count > 1, modelCase.stages.contains(where: \.usesInners) {
      for index in modelCase.inners.indices {
        var smaller = modelCase
        smaller.inners.remove(at: index)
        result.append(smaller)
      }
    }
    // Drop one event of an input.
    result += editingInputs(modelCase) { input in
      input.events.indices.map { index in
        var smaller = input
        smaller.events.remove(at: index)
        return smaller
      }
    } cold: { list in
      list.indices.map { index in
        var smaller = list
        smaller.remove(at: index)
        return smaller
      }
    }
    // Move every event from a tick on one tick earlier (where no input event would go below tick 1).
    let times = Set(modelCase.hotInputs.flatMap { $0.input.events.map(\.time) })
    for tick in times.sorted() where tick > 1 && !times.contains(tick - 1) {
      result.append(shifting(modelCase, from: tick))
    }
    // Cold events one tick earlier, from the start of their producer, and smaller values and codes.
    result += editingInputs(modelCase) { input in
      input.events.indices.compactMap { index in
        simpler(input.events[index].event).map { event in
          var smaller = input
          smaller.events[index].event = event
          return smaller
        }
      }
    } cold: { list in
      list.indices.flatMap { index -> [InnerList] in
        var candidates: [InnerList] = []
        if list[index].offset > 0, index == 0 || list[index - 1].offset < list[index].offset {
          var earlier = list
          for later in index..<list.count { earlier[later].offset -= 1 }
          candidates.append(earlier)
        }
        if let event = simpler(list[index].event) {
          var smaller = list
          smaller[index].event = event
          candidates.append(smaller)
        }
        return candidates
      }
    }
    // No disposal, or an earlier one.
    if let tick = modelCase.disposeAt {
      var smaller = modelCase
      smaller.disposeAt = nil
      result.append(smaller)
      if tick > 1 {
        smaller.disposeAt = tick - 1
        result.append(smaller)
      }
    }
    // Signals rather than producers.
    if modelCase.usesProducers {
      var smaller = modelCase
      smaller.usesProducers = false
      result.append(smaller)
    }
    // Smaller stage parameters.
    for index in modelCase.stages.indices {
      for stage in simpler(modelCase.stages[index]) {
        var smaller = modelCase
        smaller.stages[index] = stage
        result.append(smaller)
      }
    }
    return result
  }

  static func simpler(_ event: ModelEvent) -> ModelEvent? {
    switch event {
    case .value(let value) where value > 0: return .value(value > 3 ? 0 : value - 1)
    case .failed(let code) where code > 0: return .failed(0)
    default: return nil
    }
  }

  static func simpler(_ stage: Stage) -> [Stage] {
    switch stage {
    case .map(let add) where add > 1: return [.map(add: 1)]
    case .scan(let initial) where initial > 0: return [.scan(initial: 0)]
    case .reduce(let initial) where initial > 0: return [.reduce(initial: 0)]
    case .collectCount(let count) where count > 1: return [.collectCount(count - 1)]
    case .takeFirst(let count) where count > 1: return [.takeFirst(count - 1)]
    case .takeLast(let count) where count > 1: return [.takeLast(count - 1)]
    case .skipFirst(let count) where count > 0: return [.skipFirst(count - 1)]
    case .delay(let ticks) where ticks > 1: return [.delay(ticks - 1)]
    case .debounce(let ticks) where ticks > 1: return [.debounce(ticks - 1)]
    case .throttle(let ticks) where ticks > 1: return [.throttle(ticks - 1)]
    case .flatMap(let strategy, let add) where add > 0: return [.flatMap(strategy, add: 0)]
    case .flatMapError(let add) where add > 0: return [.flatMapError(add: 0)]
    default: return []
    }
  }

  static func shifting(_ modelCase: ModelCase, from tick: Int) -> ModelCase {
    func shifted(_ input: HotInput) -> HotInput {
      var input = input
      for index in input.events.indices where input.events[index].time >= tick { input.events[index].time -= 1 }
      return input
    }
    var smaller = modelCase
    smaller.primary = shifted(smaller.primary)
    for index in smaller.extras.indices {
      if case .hot(let input) = smaller.extras[index] { smaller.extras[index] = .hot(shifted(input)) }
      if case .hotList(let list) = smaller.extras[index] { smaller.extras[index] = .hotList(list.map(shifted)) }
    }
    return smaller
  }

  /// One candidate per edit of one input: the primary, a stage's extra, or an inner producer.
  static func editingInputs(
    _ modelCase: ModelCase,
    hot: (HotInput) -> [HotInput],
    cold: (InnerList) -> [InnerList]
  ) -> [ModelCase] {
    var result: [ModelCase] = []
    for input in hot(modelCase.primary) {
      var smaller = modelCase
      smaller.primary = input
      result.append(smaller)
    }
    for index in modelCase.extras.indices {
      switch modelCase.extras[index] {
      case .none: break
      case .hot(let extra):
        for input in hot(extra) {
          var smaller = modelCase
          smaller.extras[index] = .hot(input)
          result.append(smaller)
        }
      case .cold(let list):
        for edited in cold(list) {
          var smaller = modelCase
          smaller.extras[index] = .cold(edited)
          result.append(smaller)
        }
      case .hotList(let list):
        for position in list.indices {
          for input in hot(list[position]) {
            var smaller = modelCase
            var edited = list
            edited[position] = input
            smaller.extras[index] = .hotList(edited)
            result.append(smaller)
          }
        }
      }
    }
    if modelCase.stages.contains(where: \.usesInners) {
      for index in modelCase.inners.indices {
        for edited in cold(modelCase.inners[index]) {
          var smaller = modelCase
          smaller.inners[index] = edited
          result.append(smaller)
        }
      }
    }
    return result
  }
}
