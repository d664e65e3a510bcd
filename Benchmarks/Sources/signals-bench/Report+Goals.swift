// The parts of the report that judge the property graph's goals (issue 32): the signals-world shapes beside
// their hand-written floor, and the goals on W5, W9, W10, W12, W13, W16, cellx's linearity and memory. Every
// figure is from this run. alien-signals is not run here: its figures, measured elsewhere, judge nothing.

extension Report {
  /// Signals ÷ the same run's hand-written closures, at most: W12 (a set through a diamond), W13 (a
  /// transaction), W9 (a command's execution), W10 (a channel's round trip).
  static let closureGoals: KeyValuePairs<String, Double> = ["W12": 5, "W13": 14, "W9": 10, "W10": 5]
  /// At most this many allocations per W13 transaction.
  static let transactionAllocationGoal = 1.0
  /// Signals ÷ Observation at most this on W5, W12 and W13 (ten times faster).
  static let observationGoal = 0.1
  /// Signals' cellx 5,000 ÷ cellx 1,000 at most this many times the floor's own ratio.
  static let linearityGoal = 1.2
  /// W16: Signals' two-thread scaling at least this share of the floor's in the same run.
  static let twoThreadGoal = 0.9
  /// At most this many heap bytes per derived property with one observer (a built cellx 5,000).
  static let memoryGoal = 300.0

  /// The signals-world rows, with their shape.
  var signalsWorldRows: [(Workload, SignalsWorldShape, [Measurement])] {
    rows.compactMap { workload, measurements in
      guard case .signalsWorld(let shape) = workload.group, workload.pending == nil else { return nil }
      return (workload, shape, measurements)
    }
  }

  /// Whether Signals ÷ hand-written meets the shape's goal; nil when either did not run or there is no goal.
  func meets(_ shape: SignalsWorldShape, _ measurements: [Measurement]) -> Bool? {
    guard let goal = shape.goal, let ratio = signalsOver(measurements, .closures) else { return nil }
    return ratio <= goal
  }

  func printSignalsWorld() {
    let shapes = signalsWorldRows
    guard !shapes.isEmpty else { return }
    Swift.print("")
    Swift.print(
      "The js-reactivity-benchmark shapes (kairo, cellx, reactively), in ms per the public benchmark's figure,"
        + " median (min–max), beside a hand-written Swift floor in this run; the goal is Signals ÷ hand-written.")
    Swift.print("")
    Swift.print("| shape | ms per | Signals | hand-written | S/hand-written | goal S/hw ≤ | met |")
    Swift.print("|---|---|---:|---:|---:|---:|---|")
    for (_, shape, measurements) in shapes {
      let cells = [Library.signals, .closures].map { library -> String in
        guard let found = measurement(measurements, library) else { return "—" }
        let scale = Double(shape.operationsPerFigure) / 1e6
        return "\(format(ns: found.median * scale)) (\(format(ns: found.minimum * scale))–"
          + "\(format(ns: found.maximum * scale)))"
      }
      let met = meets(shape, measurements).map { $0 ? "yes" : "no" } ?? "—"
      Swift.print(
        "| \(shape.name) | \(shape.figure) | \(cells.joined(separator: " | ")) | \(ratio(measurements, .closures)) | "
          + "\(shape.goal.map { format(count: $0) } ?? "—") | \(met) |")
    }
  }

  func printGraphGoals() {
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
    func median(_ id: String, _ library: Library, variant: String? = nil) -> Double? {
      row(id).flatMap { measurement($0, library, variant: variant)?.median }
    }

    for (id, goal) in Self.closureGoals {
      guard let ratio = row(id).flatMap({ signalsOver($0, .closures) }) else { continue }
      lines.append(
        "\(id): Signals ÷ closures \(String(format2: ratio)) (goal ≤ \(format(count: goal))): \(verdict(ratio <= goal))."
      )
    }
    if let allocations = row("W13").flatMap({ measurement($0, .signals)?.allocationsPerOperation }) {
      lines.append(
        "W13: \(format(count: allocations)) allocations per transaction (goal ≤ 1): "
          + verdict(allocations <= Self.transactionAllocationGoal) + ".")
    }
    let observed = ["W5", "W12", "W13"].compactMap { id in
      row(id).flatMap { signalsOver($0, .observation) }.map { (id, $0) }
    }
    if !observed.isEmpty {
      let ratios = observed.map { "\($0.0) \(String(format2: $0.1))" }.joined(separator: ", ")
      lines.append(
        "Signals ÷ Observation: \(ratios) (goal ≤ 0.1 each, ten times faster): "
          + verdict(observed.allSatisfy { $0.1 <= Self.observationGoal }) + ".")
    }
    let judged = signalsWorldRows.compactMap { _, shape, measurements in
      meets(shape, measurements).map { (name: shape.name, met: $0) }
    }
    if !judged.isEmpty {
      let missed = judged.filter { !$0.met }.map(\.name)
      lines.append(
        "Shapes, Signals ÷ hand-written within the goal: \(judged.count - missed.count) of \(judged.count)"
          + (missed.isEmpty ? "." : " (not: \(missed.joined(separator: ", ")))."))
    }
    let growth = [Library.signals, .closures].map { library -> Double? in
      guard let small = median("cellx-1000", library), let large = median("cellx-5000", library) else { return nil }
      return large / small
    }
    if let signals = growth[0], let floor = growth[1] {
      lines.append(
        "cellx linearity: 5,000 layers ÷ 1,000 is \(String(format2: signals)) for Signals, \(String(format2: floor))"
          + " for the floor, \(String(format2: signals / floor))x the floor's (goal ≤ 1.2x): "
          + verdict(signals / floor <= Self.linearityGoal) + ".")
    }
    let scaling = [Library.signals, .closures].map { library -> Double? in
      guard let one = median("W16", library, variant: "one thread"), let two = median("W16", library) else {
        return nil
      }
      return one / two
    }
    if let signals = scaling[0], let floor = scaling[1] {
      lines.append(
        "W16: two threads give \(String(format2: signals))x the throughput of one for Signals,"
          + " \(String(format2: floor))x for the floor, \(String(format2: signals / floor)) of the floor's scaling"
          + " (goal ≥ 0.9): " + verdict(signals / floor >= Self.twoThreadGoal) + ".")
    }
    for library in [Library.signals, .closures] {
      guard let bytes = row("cellx-5000").flatMap({ measurement($0, library)?.heapBytesPerDerived }) else { continue }
      lines.append(
        library == .signals
          ? "Memory, a built cellx 5,000: Signals holds \(format(ns: bytes)) heap bytes per derived property with its"
            + " observer (goal ≤ 300): " + verdict(bytes <= Self.memoryGoal) + "."
          : "Memory, a built cellx 5,000, hand-written: \(format(ns: bytes)) bytes per derived property.")
    }
    guard !lines.isEmpty else { return }
    Swift.print("")
    Swift.print("The property graph's goals (issue 32), in this run:")
    for line in lines { Swift.print("- " + line) }
  }
}
