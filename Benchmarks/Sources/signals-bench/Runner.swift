import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// How the runner samples.
struct Options {
  /// How long one sample should last, in seconds (the issue asks for ≈ 0.2 s).
  var sampleSeconds = 0.2
  /// Samples per library and workload (at least 5).
  var samples = 7
  /// Only the workloads whose id is listed (`--only W1,W4`); all when empty.
  var only: Set<String> = []
  /// Only these libraries (`--library Signals`), e.g. to profile one under callgrind; all when empty.
  var libraries: Set<Library> = []
  /// Print the symbols of the frames between send and observer (W1).
  var showFrames = false
  /// Judge the run by the goal for a build with cross-module optimisation (`--cross-module-goals`): Signals
  /// at most 0.5 of OpenCombine on every workload both run.
  var crossModuleGoals = false
  /// `--quick`: a workload with fixed iterations (cellx) runs its quick count.
  var isQuick = false

  /// Whether `--only` selects `workload`: by its id, or by the group its id starts with (`kairo` selects
  /// `kairo-deep` and the rest of the suite).
  func selects(_ workload: Workload) -> Bool {
    let id = workload.id.uppercased()
    return only.isEmpty || only.contains(id) || only.contains { id.hasPrefix($0 + "-") }
  }

  static let quick = Options(sampleSeconds: 0.02, samples: 5, isQuick: true)
}

/// What the runner measured for one library on one workload.
struct Measurement {
  let library: Library
  /// The implementation's variant (W16's "one thread"); nil for the one the main tables show.
  var variant: String?
  /// ns per operation, one per sample.
  var samples: [Double] = []
  var allocationsPerOperation: Double?
  var allocationsPerAttach: Double?
  var allocationsPerDetach: Double?
  var frames: FrameProbe?
  /// Heap bytes held per derived property with its observer (cellx 5,000).
  var heapBytesPerDerived: Double?

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }
}

/// Checksums verified and failed over the whole run.
struct Checks {
  var verified = 0
  var failures: [String] = []

  mutating func check(_ workload: Workload, _ implementation: Implementation, iterations: Int, got: Int) {
    let expected = workload.expected(iterations)
    if got == expected {
      verified += 1
    } else {
      let name = implementation.library.rawValue + (implementation.variant.map { " (\($0))" } ?? "")
      failures.append("\(workload.id) \(name): checksum \(got), expected \(expected) (\(iterations) iterations)")
    }
  }
}

/// Monotonic nanoseconds.
@inline(__always)
func nanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `run` for `iterations` and returns its checksum with the elapsed seconds.
@inline(never)
func timed(_ run: (Int) -> Int, _ iterations: Int) -> (checksum: Int, seconds: Double) {
  let start = nanoseconds()
  let checksum = run(iterations)
  let end = nanoseconds()
  return (checksum, Double(end - start) / 1e9)
}

/// Runs one workload on every library, interleaved: each round times every library once, in an order that
/// rotates from round to round, so that drift of the machine (the other core's load, frequency) hits all
/// libraries alike.
func measure(_ workload: Workload, options: Options, checks: inout Checks) -> [Measurement] {
  let implementations = workload.implementations.filter {
    options.libraries.isEmpty || options.libraries.contains($0.library)
  }
  guard !implementations.isEmpty else { return [] }
  let runs = implementations.map { $0.makeTimed() }
  var measurements = implementations.map { Measurement(library: $0.library, variant: $0.variant) }

  var iterations = [Int](repeating: 1, count: runs.count)
  if let fixed = workload.fixedIterations {
    // A fixed count (cellx: 10 runs per sample, as the public benchmark reports); no calibration.
    iterations = iterations.map { _ in options.isQuick ? fixed.quick : fixed.full }
  } else {
    // Calibrate: grow the iteration count until a run takes a tenth of a sample, then scale to a sample.
    for index in runs.indices {
      var count = 1
      while true {
        let (checksum, seconds) = runs[index](count)
        checks.check(workload, implementations[index], iterations: count, got: checksum)
        if seconds >= options.sampleSeconds / 10 || count >= 1 << 30 {
          iterations[index] = max(1, Int(Double(count) * options.sampleSeconds / max(seconds, 1e-9)))
          break
        }
        count = seconds < options.sampleSeconds / 1000 ? count * 10 : count * 2
      }
    }
  }

  for round in 0..<options.samples {
    for step in runs.indices {
      let index = (step + round) % runs.count
      let (checksum, seconds) = runs[index](iterations[index])
      checks.check(workload, implementations[index], iterations: iterations[index], got: checksum)
      let operations = Double(iterations[index] * workload.operationsPerIteration)
      measurements[index].samples.append(seconds * 1e9 / operations)
    }
  }

  // Allocations per operation, in steady state (after the samples), outside the timed runs (a workload whose
  // untimed part would be counted too sets `countedIterations` to 0).
  let counted = workload.countedIterations
  for index in runs.indices where counted > 0 {
    malloc_counter_start()
    let (checksum, _) = runs[index](counted)
    let allocations = malloc_counter_stop()
    checks.check(workload, implementations[index], iterations: counted, got: checksum)
    measurements[index].allocationsPerOperation =
      Double(allocations) / Double(counted * workload.operationsPerIteration)
  }

  for (index, implementation) in implementations.enumerated() {
    measurements[index].heapBytesPerDerived = implementation.heapBytes?()
  }

  // Allocations per subscription: a fresh source each time, attach counted, then detach counted. One cycle
  // first, not counted: the first use of a generic type instantiates its metadata, once per process.
  for (index, implementation) in implementations.enumerated() {
    guard let subscription = implementation.subscription else { continue }
    do {
      let probe = subscription()
      probe.detach(probe.attach())
    }
    let cycles = 100
    var attached: Int64 = 0
    var detached: Int64 = 0
    for _ in 0..<cycles {
      let probe = subscription()
      malloc_counter_start()
      let token = probe.attach()
      attached += malloc_counter_stop()
      malloc_counter_start()
      probe.detach(token)
      detached += malloc_counter_stop()
    }
    measurements[index].allocationsPerAttach = Double(attached) / Double(cycles)
    measurements[index].allocationsPerDetach = Double(detached) / Double(cycles)
  }

  for (index, implementation) in implementations.enumerated() {
    measurements[index].frames = implementation.frames?()
  }
  return measurements
}

/// Checks once that the malloc counter sees the allocations of this process: 1,000 objects, 1,000 counts.
@inline(never)
func verifyAllocationCounter() -> Bool {
  final class Probe {
    var value: Int
    init(_ value: Int) { self.value = value }
  }
  var keep: [Probe] = []
  keep.reserveCapacity(1_000)
  malloc_counter_start()
  for index in 0..<1_000 { keep.append(Probe(index)) }
  let count = malloc_counter_stop()
  return malloc_counter_is_interposed() != 0 && count == 1_000 && keep.count == 1_000
}

/// Runs `run` once, untimed: the function to look for in a callgrind profile (`--profile N`).
@inline(never)
func profiled(_ run: (Int) -> Int, _ iterations: Int) -> Int {
  run(iterations)
}
