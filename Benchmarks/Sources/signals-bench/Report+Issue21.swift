// The parts of the report that judge issue 21's goals: the signals-world shapes beside their hand-written floor,
// and the goals on W5, W12, W13, W16, cellx's linearity and memory. Every figure is from this run; the
// alien-signals figures are quoted from the issue (measured elsewhere) and judge only through the goal ratios.

extension Report {
  /// Issue 21: Signals at most this many ns per W12 set and per W13 transaction, and this many allocations per
  /// W13 transaction.
  static let diamondGoal = 150.0
  static let transactionGoal = 1_000.0
  static let transactionAllocationGoal = 1.0
  /// Signals at least 4x faster than Observation on W5, W12, W13: Signals ÷ Observation at most 0.25.
  static let observationGoal = 0.25
  /// cellx 5,000 at most 5.5 times cellx 1,000.
  static let linearityGoal = 5.5
  /// Two threads at least 1.8 times the throughput of one (W16).
  static let twoThreadGoal = 1.8
  /// At most 400 heap bytes per derived property with one observer (cellx 5,000).
  static let memoryGoal = 400.0

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
        + " median (min–max), beside a hand-written Swift floor in this run.")
    Swift.print(
      "alien-signals 3.1.2 (node 20): issue 21's figures, measured elsewhere, not in this run; they judge only"
        + " through the goal, Signals ÷ hand-written at most alien-signals ÷ hand-written in the issue's table.")
    Swift.print("")
    Swift.print(
      "| shape | ms per | Signals | hand-written | S/hand-written | alien-signals (elsewhere) | goal S/hw ≤ | met |")
    Swift.print("|---|---|---:|---:|---:|---:|---:|---|")
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
          + "\(shape.alienSignals ?? "—") | \(shape.goal.map { format(count: $0) } ?? "—") | \(met) |")
    }
  }

  func printIssue21Goals() {
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
    func median(_ id: String, _ library: Library, variant: String? = nil) -> Double? {
      row(id).flatMap { measurement($0, library, variant: variant)?.median }
    }

    if let w12 = median("W12", .signals) {
      lines.append("W12: \(format(ns: w12)) ns per set (goal ≤ 150): \(verdict(w12 <= Self.diamondGoal)).")
    }
    if let measurements = row("W13"), let w13 = measurement(measurements, .signals) {
      let allocations = w13.allocationsPerOperation ?? .infinity
      lines.append(
        "W13: \(format(ns: w13.median)) ns and \(format(count: allocations)) allocations per transaction (goal ≤ 1,000"
          + " ns, ≤ 1 allocation): "
          + verdict(w13.median <= Self.transactionGoal && allocations <= Self.transactionAllocationGoal) + ".")
    }
    let observed = ["W5", "W12", "W13"].compactMap { id in
      row(id).flatMap { signalsOver($0, .observation) }.map { (id, $0) }
    }
    if !observed.isEmpty {
      let ratios = observed.map { "\($0.0) \(String(format2: $0.1))" }.joined(separator: ", ")
      lines.append(
        "Signals ÷ Observation: \(ratios) (goal ≤ 0.25 each, 4x faster): "
          + verdict(observed.allSatisfy { $0.1 <= Self.observationGoal }) + ".")
    }
    let judged = signalsWorldRows.compactMap { _, shape, measurements in
      meets(shape, measurements).map { (name: shape.name, met: $0) }
    }
    if !judged.isEmpty {
      let missed = judged.filter { !$0.met }.map(\.name)
      lines.append(
        "kairo and cellx, Signals ÷ hand-written within the goal: \(judged.count - missed.count) of \(judged.count)"
          + (missed.isEmpty ? "." : " (not: \(missed.joined(separator: ", ")))."))
    }
    for library in [Library.signals, .closures] {
      guard let small = median("cellx-1000", library), let large = median("cellx-5000", library) else { continue }
      let growth = large / small
      lines.append(
        library == .signals
          ? "cellx linearity, Signals: 5,000 layers ÷ 1,000 = \(String(format2: growth)) (goal ≤ 5.5): "
            + verdict(growth <= Self.linearityGoal) + "."
          : "cellx linearity, hand-written: \(String(format2: growth)).")
    }
    for library in [Library.signals, .closures] {
      guard let one = median("W16", library, variant: "one thread"), let two = median("W16", library) else {
        continue
      }
      let throughput = one / two
      lines.append(
        library == .signals
          ? "W16, Signals: two threads give \(String(format2: throughput))x the throughput of one (goal ≥ 1.8): "
            + verdict(throughput >= Self.twoThreadGoal) + "."
          : "W16, hand-written: \(String(format2: throughput))x (what this machine allows now).")
    }
    for library in [Library.signals, .closures] {
      guard let bytes = row("cellx-5000").flatMap({ measurement($0, library)?.heapBytesPerDerived }) else { continue }
      lines.append(
        library == .signals
          ? "Memory, a built cellx 5,000: Signals holds \(format(ns: bytes)) heap bytes per derived property with its"
            + " observer (goal ≤ 400): " + verdict(bytes <= Self.memoryGoal) + "."
          : "Memory, a built cellx 5,000, hand-written: \(format(ns: bytes)) bytes per derived property.")
    }
    guard !lines.isEmpty else { return }
    Swift.print("")
    Swift.print("Issue 21's goals, in this run:")
    for line in lines { Swift.print("- " + line) }
  }
}
