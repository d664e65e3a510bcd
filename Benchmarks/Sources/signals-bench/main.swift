#if canImport(Glibc)
  import Glibc
#endif

// signals-bench: Signals side by side with OpenCombine and hand-written closures (issue 7).
//
//   swift run -c release --package-path Benchmarks signals-bench [--quick] [--only W1,W4] [--frames]

var options = Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick":
    let only = options.only
    options = .quick
    options.only = only
  case "--only":
    options.only = Set((arguments.popFirst() ?? "").split(separator: ",").map { $0.uppercased() })
  case "--frames":
    options.showFrames = true
  case "--help", "-h":
    print("usage: signals-bench [--quick] [--only W1,W2,…] [--frames]")
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

var report = Report()
var checks = Checks()
let started = nanoseconds()
for workload in Workload.all where options.only.isEmpty || options.only.contains(workload.id) {
  if workload.pending != nil {
    print("\(workload.id) \(workload.title): pending")
    report.rows.append((workload, []))
    continue
  }
  print("\(workload.id) \(workload.title)…")
  report.rows.append((workload, measure(workload, options: options, checks: &checks)))
}
report.print(samples: options.samples, sampleSeconds: options.sampleSeconds)
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
