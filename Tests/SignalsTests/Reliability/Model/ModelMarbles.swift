// Marble strings for failure messages, in the conventions of SignalsTesting's Marble: one character per
// tick from tick 0, `-` for a quiet tick, `|` completed, `X` failed, `!` interrupted, `(ab)` several events
// in one tick. Values are written in base 36 (0–9, a–z), one character each.

enum ModelMarbles {
  static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")

  static func symbol(_ event: ModelEvent) -> String {
    switch event {
    case .value(let value): return (0..<36).contains(value) ? String(digits[value]) : "«\(value)»"
    case .failed: return "X"
    case .completed: return "|"
    case .interrupted: return "!"
    }
  }

  /// The diagram of events at ticks, in delivery order; failure codes follow it, as `X=code`.
  static func render(_ events: [(time: Int, event: ModelEvent)]) -> String {
    var diagram = ""
    var tick = 0
    var index = 0
    while index < events.count {
      let time = events[index].time
      var group: [String] = []
      while index < events.count, events[index].time == time {
        group.append(symbol(events[index].event))
        index += 1
      }
      diagram += String(repeating: "-", count: max(0, time - tick))
      diagram += group.count == 1 ? group[0] : "(" + group.joined() + ")"
      tick = time + 1
    }
    let codes = events.compactMap { item -> String? in
      if case .failed(let code) = item.event { return "X=\(code)" }
      return nil
    }
    return codes.isEmpty ? diagram : diagram + "   (" + codes.joined(separator: ", ") + ")"
  }

  static func render(_ timed: [Timed]) -> String { render(timed.map { ($0.key.time, $0.event) }) }

  /// A hot input; events of one tick are in the order they are sent.
  static func render(_ input: HotInput) -> String { render(input.events.map { ($0.time, $0.event) }) }

  /// A cold producer, ticks counted from each start.
  static func render(_ list: InnerList) -> String { render(list.map { ($0.offset, $0.event) }) }

  /// The whole case: the pipeline, then every input as a diagram.
  static func describe(_ modelCase: ModelCase) -> String {
    let kind = modelCase.usesProducers ? "(producers) " : "(signals) "
    var lines = ["pipeline " + kind + "primary." + modelCase.stages.map(\.description).joined(separator: ".")]
    if let tick = modelCase.disposeAt { lines.append("disposed at tick \(tick), before that tick's inputs") }
    lines.append("primary:  " + render(modelCase.primary))
    for (index, extra) in modelCase.extras.enumerated() {
      switch extra {
      case .none: break
      case .hot(let input): lines.append("extra of stage \(index + 1) (hot): " + render(input))
      case .cold(let list): lines.append("extra of stage \(index + 1) (cold, from its start): " + render(list))
      case .hotList(let list):
        for (position, input) in list.enumerated() {
          lines.append("extra \(position + 1) of stage \(index + 1) (hot): " + render(input))
        }
      }
    }
    if modelCase.stages.contains(where: \.usesInners) {
      for (index, list) in modelCase.inners.enumerated() {
        lines.append("inner[\(index)] (cold, from its start): " + render(list))
      }
    }
    let interleaving = modelCase.hotInputs.flatMap { stage, input in
      input.events.map { (sequence: $0.sequence, time: $0.time, name: stage.map { "extra \($0 + 1)" } ?? "primary") }
    }
    .sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
    if modelCase.hotInputs.count > 1 {
      lines.append(
        "send order: " + interleaving.map { "\($0.name)@\($0.time)" }.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }
}
