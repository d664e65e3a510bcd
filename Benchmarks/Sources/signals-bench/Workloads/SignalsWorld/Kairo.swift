import Signals

// The kairo suite's common parts. One operation is one `iter()` call of the public benchmark (which times 1,000
// of them): the figure reported is ms per 1,000 iterations. Each shape's graph is built once, untimed, as the
// public benchmark builds it once and calls `iter()` again and again.

enum Kairo {
  /// `busy()`'s loop bound, 100 as in the public benchmark, in memory the optimiser cannot see into (it could
  /// fold a loop over a constant bound).
  nonisolated(unsafe) static let busyRounds: UnsafeMutablePointer<Int> = {
    let rounds = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    rounds.initialize(to: CommandLine.arguments.count > 1_000 ? 1 : 100)
    return rounds
  }()

  /// A kairo workload: one implementation on Signals, one hand-written, each returning its `iter()`; the run
  /// calls it `iterations` times and returns the sink's sum, which must be `checksumPerIteration` times the
  /// iterations.
  static func workload(
    id: String,
    shape: SignalsWorldShape,
    checksumPerIteration: Int,
    signals: @escaping (Sink) -> () -> Void,
    handWritten: @escaping (Sink) -> () -> Void
  ) -> Workload {
    func implementation(_ library: Library, _ build: @escaping (Sink) -> () -> Void) -> Implementation {
      Implementation(
        library,
        make: {
          let sink = Sink()
          let iteration = build(sink)
          return { iterations in
            sink.reset()
            for _ in 0..<iterations { iteration() }
            return sink.value
          }
        })
    }
    var workload = Workload(
      id: id, title: shape.name, unit: "iteration", fastestPeer: nil,
      expected: { $0 &* checksumPerIteration },
      implementations: [implementation(.signals, signals), implementation(.closures, handWritten)])
    workload.group = .signalsWorld(shape)
    workload.countedIterations = 20
    return workload
  }
}

/// The public benchmark's `busy()`: a loop of 100 steps. Each step depends on the one before and cannot be
/// computed in closed form (JavaScript's `a++` could be, by Swift's optimiser), and the result goes into the
/// sink, so the loop is neither folded nor dropped. Signals and the floor call the same function.
@inline(never)
func busy(_ sink: Sink) {
  var accumulator = 0
  for _ in 0..<Kairo.busyRounds.pointee { accumulator = accumulator &* 3 &+ 1 }
  sink.add(accumulator)
}
