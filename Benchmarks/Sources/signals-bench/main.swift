import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

// signals-bench: Signals side by side with OpenCombine, Apple's Observation and hand-written closures (issues 7,
// 21), and the js-reactivity-benchmark shapes (kairo, cellx, reactively) beside a hand-written floor.
//
//   swift run -c release --package-path Benchmarks signals-bench [--quick] [--only W1,W4] [--frames]
//
// --only takes ids or a group prefix (`--only kairo,cellx`); --library Signals runs one library only; --profile N runs N untimed iterations (for callgrind);
// --cross-module-goals judges the run by the goal for a build with cross-module optimisation;
// --trace-allocations W1 prints where each allocation of one subscription (or, for a workload without one, of
// one operation) comes from; --memory-kept-handles prints the bytes per derived property of a built cellx 5,000
// whose every `Property` is kept (the memory goal's graph drops them). See README, Performance.

var options = Options()
/// `--trace-allocations W1`: print where each allocation of one subscription (or one operation) comes from.
var traceAllocations: String?
/// `--profile N`: run each selected implementation once for N iterations, untimed (for callgrind).
var profileIterations: Int?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick":
    let (only, libraries, showFrames, crossModule) =
      (options.only, options.libraries, options.showFrames, options.crossModuleGoals)
    options = .quick
    (options.only, options.libraries, options.showFrames, options.crossModuleGoals) =
      (only, libraries, showFrames, crossModule)
  case "--cross-module-goals":
    options.crossModuleGoals = true
  case "--only":
    options.only = Set((arguments.popFirst() ?? "").split(separator: ",").map { $0.uppercased() })
  case "--library":
    let names = (arguments.popFirst() ?? "").split(separator: ",").map { $0.lowercased() }
    options.libraries = Set(Library.allCases.filter { names.contains($0.rawValue.lowercased()) })
  case "--profile":
    profileIterations = Int(arguments.popFirst() ?? "") ?? 10_000
  case "--trace-allocations":
    traceAllocations = arguments.popFirst()?.uppercased()
  case "--frames":
    options.showFrames = true
  case "--memory-kept-handles":
    let sink = Sink()
    let before = heap_bytes_in_use()
    let graph = SignalsCellx(layers: 5_000, sink: sink, keepingHandles: true)
    let after = heap_bytes_in_use()
    let bytes = withExtendedLifetime(graph) { (Double(after) - Double(before)) / 20_000 }
    print("Memory, a built cellx 5,000 keeping every Property: \(Int(bytes.rounded())) heap bytes per derived property")
    exit(0)
  case "--help", "-h":
    print(
      "usage: signals-bench [--quick] [--only W1,kairo,…] [--library Signals,OpenCombine,Observation,closures] [--frames] [--memory-kept-handles] [--cross-module-goals] [--profile N] [--trace-allocations W1]"
    )
    exit(0)
  default:
    print("unknown argument \(argument); see --help")
    exit(2)
  }
}

#if DEBUG
print("warning: a debug build; times mean nothing. Use swift run -c release.")
#endif

guard verifyAllocationCounter() else {
  print("error: the malloc counter does not see this process's allocations; allocation counts would be wrong.")
  exit(1)
}

func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

if let id = traceAllocations {
  for workload in Workload.all where workload.id.uppercased() == id {
    for implementation in workload.implementations {
      guard options.libraries.isEmpty || options.libraries.contains(implementation.library) else { continue }
      guard let subscription = implementation.subscription else {
        // No subscription to trace: trace one operation, after a first, untraced one.
        let run = implementation.make()
        _ = run(1)
        writeToStandardError("== \(workload.id) \(implementation.library.rawValue): one operation\n")
        malloc_counter_trace(1)
        malloc_counter_start()
        _ = run(1)
        let operation = malloc_counter_stop()
        malloc_counter_trace(0)
        print("\(workload.id) \(implementation.library.rawValue): \(operation) allocations in one operation")
        continue
      }
      // One cycle first, untraced: the runtime instantiates type metadata the first time, and allocates.
      let warmUp = subscription()
      warmUp.detach(warmUp.attach())
      let probe = subscription()
      writeToStandardError("== \(workload.id) \(implementation.library.rawValue): attach\n")
      malloc_counter_trace(1)
      malloc_counter_start()
      let token = probe.attach()
      let attached = malloc_counter_stop()
      writeToStandardError("== detach\n")
      malloc_counter_start()
      probe.detach(token)
      let detached = malloc_counter_stop()
      malloc_counter_trace(0)
      print(
        "\(workload.id) \(implementation.library.rawValue): \(attached) allocations to attach, \(detached) to detach")
    }
  }
  exit(0)
}

if let iterations = profileIterations {
  var checks = Checks()
  for workload in Workload.all where workload.pending == nil {
    guard options.selects(workload) else { continue }
    for implementation in workload.implementations {
      guard options.libraries.isEmpty || options.libraries.contains(implementation.library) else { continue }
      let run = implementation.make()
      checks.check(workload, implementation, iterations: iterations, got: profiled(run, iterations))
    }
  }
  print(checks.failures.isEmpty ? "Profile run: checksums verified." : "Profile run: \(checks.failures)")
  exit(checks.failures.isEmpty ? 0 : 1)
}

var report = Report()
var checks = Checks()
let started = nanoseconds()
for workload in Workload.all where options.selects(workload) {
  if workload.pending != nil {
    print("\(workload.id) \(workload.title): pending")
    report.rows.append((workload, []))
    continue
  }
  print("\(workload.id) \(workload.title)…")
  report.rows.append((workload, measure(workload, options: options, checks: &checks)))
}
report.print(
  samples: options.samples, sampleSeconds: options.sampleSeconds, crossModuleGoals: options.crossModuleGoals)
if options.showFrames { report.printFrames() }

print("")
print("Run time \(String(format1: Double(nanoseconds() - started) / 1e9)) s.")
if checks.failures.isEmpty {
  print("Checksums: all \(checks.verified) verified.")
} else {
  for failure in checks.failures { print("CHECKSUM FAILED: \(failure)") }
  print("Checksums: \(checks.failures.count) failed, \(checks.verified) verified.")
  exit(1)
}
