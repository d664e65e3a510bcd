import Signals
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

// W16: two unrelated view models on two threads (issue 21). Each is W12's diamond (`a` set; `b = a.map(+1)`,
// `c = a.map(×2)`, `d = combineLatest(b, c)` observed), and each thread sets its own model's `a` to 0, 1, …
// The main implementation runs the two threads at once (one iteration: one set on each, so two operations);
// its "one thread" variant makes the same sets of both models on one thread, one model after the other. Times
// are per set, so the throughput of two threads over one is the one-thread time ÷ the two-thread time (goal:
// at least 1.8). The closures (W12's, by hand) show what the machine allows. A run is self-timed: the second
// thread is started before the clock, and the two begin together.

extension Workload {
  static func w16TwoThreads() -> Workload {
    let diamond = Workload.w12PropertyDiamond()
    var workload = Workload(
      id: "W16", title: "two diamonds, each set from its own thread", unit: "set", operationsPerIteration: 2,
      fastestPeer: nil, expected: { 2 &* diamond.expected($0) },
      implementations: [
        twoThreads(.signals, SignalsDiamond.init), twoThreads(.closures, HandWrittenDiamond.init),
      ])
    workload.implementations += [
      oneThread(.signals, SignalsDiamond.init), oneThread(.closures, HandWrittenDiamond.init),
    ]
    workload.countedIterations = 0  // a run starts a thread
    return workload
  }

  private static func twoThreads<M: SetDiamond>(_ library: Library, _ make: @escaping () -> M) -> Implementation {
    Implementation(
      library,
      selfTimed: {
        let models = (make(), make())
        return { iterations in
          let second = UncheckedSendable(models.1)
          let started = StartLine()
          let thread = startThread {
            started.arrive()
            started.wait(for: 2)
            second.value.set(iterations)
          }
          started.wait(for: 1)
          let start = nanoseconds()
          started.arrive()
          models.0.set(iterations)
          pthread_join(thread, nil)
          let elapsed = nanoseconds() - start
          return (models.0.sink.value &+ models.1.sink.value, Double(elapsed) / 1e9)
        }
      })
  }

  private static func oneThread<M: SetDiamond>(_ library: Library, _ make: @escaping () -> M) -> Implementation {
    Implementation(
      library, variant: "one thread",
      selfTimed: {
        let models = (make(), make())
        return { iterations in
          let start = nanoseconds()
          models.0.set(iterations)
          models.1.set(iterations)
          let elapsed = nanoseconds() - start
          return (models.0.sink.value &+ models.1.sink.value, Double(elapsed) / 1e9)
        }
      })
  }
}

/// A view model with W12's diamond, set `iterations` times from one thread; its sink is alone on its cache
/// lines, so that two models' observers on two threads do not share one.
protocol SetDiamond: SendableMetatype {
  var sink: Sink { get }
  func set(_ iterations: Int)
}

/// W12's diamond on Signals.
final class SignalsDiamond: SetDiamond {
  let a = MutableProperty(0)
  let d: Property<Int>
  let sink = Sink.isolated()

  init() {
    d = Property.combineLatest(a.map { $0 &+ 1 }, a.map { $0 &* 2 }) { $0 &+ $1 }
    d.observeValues { [sink] in sink.add($0) }
  }

  func set(_ iterations: Int) {
    sink.reset()
    for value in 0..<iterations { a.value = value }
  }
}

/// W12's diamond by hand.
final class HandWrittenDiamond: SetDiamond {
  let a = ClosureProperty(0)
  let sink = Sink.isolated()

  init() {
    a.observer = { [sink] value in
      let (b, c) = (value &+ 1, value &* 2)
      sink.add(b &+ c)
    }
  }

  func set(_ iterations: Int) {
    sink.reset()
    for value in 0..<iterations { a.value = value }
  }
}

/// Where two threads wait for each other before they start.
final class StartLine: Sendable {
  private let arrived = Atomic<Int>(0)

  func arrive() { arrived.add(1, ordering: .acquiringAndReleasing) }

  /// Spins until `count` threads have arrived.
  func wait(for count: Int) {
    while arrived.load(ordering: .acquiring) < count { sched_yield() }
  }
}

/// A value handed to another thread that the type system cannot prove safe to share; here the thread that
/// made it does not touch it until the other thread has been joined.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Starts a thread running `body`; join it with `pthread_join`.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
  final class Box {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  var thread = pthread_t()
  let context = Unmanaged.passRetained(Box(body)).toOpaque()
  let result = pthread_create(
    &thread, nil,
    { context in
      let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
      box.body()
      return nil
    }, context)
  precondition(result == 0, "pthread_create failed: \(result)")
  return thread
}
