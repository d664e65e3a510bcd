/// Formats nanoseconds: two decimals below 10, one below 100, whole numbers with thousands separators above.
func format(ns value: Double) -> String {
  if value < 10 { return String(format2: value) }
  if value < 100 { return String(format1: value) }
  return grouped(Int(value.rounded()))
}

func format(count value: Double) -> String {
  value == value.rounded() ? grouped(Int(value)) : String(format2: value)
}

func grouped(_ value: Int) -> String {
  let digits = String(value)
  var result = ""
  for (offset, character) in digits.enumerated() {
    if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
    result.append(character)
  }
  return result
}

extension String {
  init(format1 value: Double) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(tenths % 10)"
  }

  init(format2 value: Double) {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// The results of one run, printed as Markdown tables.
///
/// Every ratio it prints compares figures of this run only. Peer figures measured elsewhere (RxSwift and
/// ReactiveSwift, which this package cannot build) are not printed, and judge nothing.
struct Report {
  /// The most Signals' median may be, as a fraction of OpenCombine's in the same run (issue 17).
  static let sameRunGoals: [String: Double] = ["W1": 0.25, "W6": 0.25, "W7": 0.22, "W7b": 0.25]
  /// The same, for a run where every module was built with cross-module optimisation (issue 17): at least
  /// twice as fast as OpenCombine on every workload both run.
  static let crossModuleGoal = 0.5

  var rows: [(Workload, [Measurement])] = []

  /// The rows of the main tables (W1–W16).
  var mainRows: [(Workload, [Measurement])] {
    rows.filter { if case .main = $0.0.group { true } else { false } }
  }

  /// The measurement of `library` in `variant` (nil: the one the main tables show).
  func measurement(_ measurements: [Measurement], _ library: Library, variant: String? = nil) -> Measurement? {
    measurements.first { $0.library == library && $0.variant == variant }
  }

  /// Signals' median over `library`'s, or nil when either did not run.
  func signalsOver(_ measurements: [Measurement], _ library: Library) -> Double? {
    guard let signals = measurement(measurements, .signals), let other = measurement(measurements, library) else {
      return nil
    }
    return signals.median / other.median
  }

  func ratio(_ measurements: [Measurement], _ library: Library) -> String {
    signalsOver(measurements, library).map { String(format2: $0) } ?? "—"
  }

  /// The row of the workload `id`, if it ran.
  func row(_ id: String) -> [Measurement]? {
    rows.first { $0.0.id == id && $0.0.pending == nil }?.1
  }

  func timeCell(_ measurement: Measurement?) -> String {
    guard let measurement else { return "—" }
    return "\(format(ns: measurement.median)) (\(format(ns: measurement.minimum))–\(format(ns: measurement.maximum)))"
  }

  func print(samples: Int, sampleSeconds: Double, crossModuleGoals: Bool = false) {
    let libraries = Library.allCases
    Swift.print("")
    Swift.print("Median ns per operation (min–max over \(samples) samples of ≈ \(String(format2: sampleSeconds)) s).")
    Swift.print("Ratios are Signals' median over the other's: below 1 means Signals is faster.")
    if crossModuleGoals {
      Swift.print(
        "Goal (issue 17, everything built with cross-module optimisation): Signals at most 0.5 of OpenCombine's"
          + " median in the same run on every workload both run.")
    } else {
      Swift.print(
        "Goal (issue 17): Signals at most 0.25 of OpenCombine's median in the same run on W1, W6, W7b, 0.22 on W7.")
    }
    Swift.print("")
    Swift.print(
      "| | workload | per | Signals | OpenCombine | Observation | closures | S/OC | S/Obs | S/closures | goal S/OC ≤ | met |"
    )
    Swift.print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for (workload, measurements) in mainRows {
      if let reason = workload.pending {
        Swift.print("| \(workload.id) | \(workload.title) | — | pending: \(reason) | | | | | | | | |")
        continue
      }
      let cells = libraries.map { timeCell(measurement(measurements, $0)) }
      var goal = "—"
      var met = "—"
      if let limit = crossModuleGoals ? Self.crossModuleGoal : Self.sameRunGoals[workload.id],
        let signals = measurement(measurements, .signals),
        let peer = measurement(measurements, .openCombine)
      {
        goal = String(format2: limit)
        met = signals.median / peer.median <= limit ? "yes" : "no"
      }
      Swift.print(
        "| \(workload.id) | \(workload.title) | \(workload.unit) | \(cells.joined(separator: " | ")) | "
          + "\(ratio(measurements, .openCombine)) | \(ratio(measurements, .observation)) | "
          + "\(ratio(measurements, .closures)) | \(goal) | \(met) |")
    }

    Swift.print("")
    Swift.print(
      "Heap allocations per operation (steady state: 1,000 iterations; 20 of a kairo shape, 1 run of a reactively")
    Swift.print(
      "graph, none of cellx) and per subscription (attach + detach, on a fresh source, mean of 100), and stack")
    Swift.print("frames from the send to the observer's closure.")
    Swift.print("")
    let others = libraries.dropFirst().map(\.rawValue).joined(separator: " | ")
    Swift.print("| | allocs/op Signals | \(others) | allocs/sub Signals | \(others) | frames Signals | \(others) |")
    Swift.print("|---" + String(repeating: "|---:", count: 3 * libraries.count) + "|")
    for (workload, measurements) in rows where workload.pending == nil {
      let perOperation = libraries.map { library in
        measurement(measurements, library)?.allocationsPerOperation.map { format(count: $0) } ?? "—"
      }
      let perSubscription = libraries.map { library -> String in
        guard let found = measurement(measurements, library), let attach = found.allocationsPerAttach,
          let detach = found.allocationsPerDetach
        else { return "—" }
        return "\(format(count: attach)) + \(format(count: detach))"
      }
      let frames = libraries.map { library in
        measurement(measurements, library)?.frames.map { String($0.depth) } ?? "—"
      }
      Swift.print(
        "| \(workload.id) | \(perOperation.joined(separator: " | ")) | \(perSubscription.joined(separator: " | ")) | "
          + "\(frames.joined(separator: " | ")) |")
    }
    printSignalsWorld()
    printGraphGoals()
  }

  func printFrames() {
    for (workload, measurements) in rows {
      for found in measurements {
        guard let frames = found.frames else { continue }
        Swift.print("")
        Swift.print("\(workload.id) \(found.library.rawValue): \(frames.depth) frames, observer first")
        for symbol in frames.symbols { Swift.print("  \(symbol)") }
      }
    }
  }
}
