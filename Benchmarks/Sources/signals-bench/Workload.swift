/// The libraries a workload runs on.
enum Library: String, CaseIterable {
  case signals = "Signals"
  case openCombine = "OpenCombine"
  /// Apple's Observation (it ships with the toolchain), used as SwiftUI uses it; see W5, W12, W13.
  case observation = "Observation"
  case closures = "closures"
}

/// One workload on one library.
struct Implementation {
  let library: Library
  /// Set for a second way to run the same library on one workload (W16: "one thread" beside the two threads);
  /// the main tables show the implementation without one.
  let variant: String?
  /// Builds the workload's streams and subscriptions (not timed) and returns the timed part: it runs the given
  /// number of iterations and returns the checksum of what the observers received.
  let make: () -> (Int) -> Int
  /// Set for a self-timed implementation: the run times its own timed part and returns it in seconds with the
  /// checksum (cellx: each iteration builds a fresh graph, untimed, then times the reads and the batch).
  let makeSelfTimed: (() -> (Int) -> (checksum: Int, seconds: Double))?
  /// Heap bytes held per derived property with its observer: builds the graph, measures, lets it go.
  var heapBytes: (() -> Double)?
  /// The cost of one subscription: builds a fresh source (not counted) and returns the probe whose `attach`
  /// and `detach` are counted apart.
  var subscription: (() -> SubscriptionProbe)?
  /// The stack frames from the send to the observer, for one value; see `Frames.swift`.
  var frames: (() -> FrameProbe)?

  init(
    _ library: Library,
    make: @escaping () -> (Int) -> Int,
    subscription: (() -> SubscriptionProbe)? = nil,
    frames: (() -> FrameProbe)? = nil
  ) {
    self.library = library
    self.variant = nil
    self.make = make
    self.makeSelfTimed = nil
    self.subscription = subscription
    self.frames = frames
  }

  /// An implementation whose runs time themselves: `makeSelfTimed` builds what every run shares and returns
  /// the run, which returns its checksum and the seconds of its timed part.
  init(
    _ library: Library,
    variant: String? = nil,
    selfTimed makeSelfTimed: @escaping () -> (Int) -> (checksum: Int, seconds: Double),
    heapBytes: (() -> Double)? = nil
  ) {
    self.library = library
    self.variant = variant
    self.makeSelfTimed = makeSelfTimed
    self.make = {
      let run = makeSelfTimed()
      return { run($0).checksum }
    }
    self.heapBytes = heapBytes
  }

  /// The timed run: for a self-timed implementation its own, otherwise `make`'s run timed from outside.
  func makeTimed() -> (Int) -> (checksum: Int, seconds: Double) {
    if let makeSelfTimed { return makeSelfTimed() }
    let run = make()
    return { timed(run, $0) }
  }
}

/// Subscribing and unsubscribing on a source built beforehand. The token that `attach` returns (a disposable,
/// a cancellable, an id) is handed to `detach`: a reference or an integer boxed in `Any` is stored inline, so
/// the probe itself allocates nothing that would be counted.
struct SubscriptionProbe {
  let attach: () -> Any
  let detach: (Any) -> Void
}

/// A workload: the same work written on each library, with the checksum every run must produce.
///
/// Adding a workload is one file under `Workloads/` with a `static func` returning a `Workload`, plus one
/// line in ``Workload/all``.
struct Workload {
  let id: String
  let title: String
  /// What one operation is ("send", "delivery", "inner value", …); times are per operation.
  let unit: String
  /// How many operations one iteration performs (W2: 100 deliveries per send).
  let operationsPerIteration: Int
  /// The checksum a run of this many iterations must return.
  let expected: (Int) -> Int
  var implementations: [Implementation]
  /// Target from the issue: the fastest peer's median ns/op on this machine (RxSwift, ReactiveSwift, OpenCombine).
  let fastestPeer: Double?
  /// Set for a workload whose types are not on this branch yet: it is listed, not run.
  let pending: String?
  /// Which table reports it: the stream and property workloads, or the signals-world shapes (issue 21).
  var group = Group.main
  /// Iterations per sample, where the runner must not calibrate (cellx: the public benchmark's 10 runs); the
  /// first for a full run, the second for `--quick`.
  var fixedIterations: (full: Int, quick: Int)?
  /// Iterations of the run whose allocations are counted (steady state); 0 to count none.
  var countedIterations = 1_000

  /// Where a workload is reported.
  enum Group {
    /// The main tables (W1–W16).
    case main
    /// The section of the js-reactivity-benchmark shapes, with the figure the public benchmark reports.
    case signalsWorld(SignalsWorldShape)
  }

  init(
    id: String,
    title: String,
    unit: String,
    operationsPerIteration: Int = 1,
    fastestPeer: Double?,
    expected: @escaping (Int) -> Int,
    implementations: [Implementation]
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.operationsPerIteration = operationsPerIteration
    self.fastestPeer = fastestPeer
    self.expected = expected
    self.implementations = implementations
    self.pending = nil
  }

  /// A workload listed but not yet runnable.
  static func pending(id: String, title: String, fastestPeer: Double?, reason: String) -> Workload {
    Workload(id: id, title: title, fastestPeer: fastestPeer, reason: reason)
  }

  private init(id: String, title: String, fastestPeer: Double?, reason: String) {
    self.id = id
    self.title = title
    self.unit = "op"
    self.operationsPerIteration = 1
    self.fastestPeer = fastestPeer
    self.expected = { _ in 0 }
    self.implementations = []
    self.pending = reason
  }

  /// The js-reactivity-benchmark shapes (issue 21): the kairo suite, cellx, two of reactively's graphs.
  static var signalsWorld: [Workload] {
    [
      .kairoAvoidable(),
      .kairoBroad(),
      .kairoDeep(),
      .kairoDiamond(),
      .kairoMux(),
      .kairoRepeated(),
      .kairoTriangle(),
      .kairoUnstable(),
      .cellx(layers: 1_000),
      .cellx(layers: 5_000),
      .reactivelyWideDense(),
      .reactivelyDeep(),
    ]
  }

  /// Every workload, in the order.
  static var all: [Workload] {
    [
      .w1SendMapFilter(),
      .w2FanOut(),
      .w3SubscribeDispose(),
      .w4CombineLatest(),
      .w5PropertySet(),
      .w6ChainedMaps(),
      .w7FlatMapLatestCold(),
      .w7bFlatMapLatestHot(),
      .w8StartJust(),
      .w9CommandExecute(),
      .w10ChannelRoundTrip(),
      .w11DebounceTestScheduler(),
      .w12PropertyDiamond(),
      .w13Transaction(),
      .w14Zip(),
      .w15ColdStart(),
      .w16TwoThreads(),
    ] + signalsWorld
  }
}

/// Where observers add what they receive: a pointer, so the hot path pays no exclusivity check and every
/// library pays the same.
///
/// `@unchecked Sendable`, so that a property's or a producer's closure, which is `@Sendable`, may add to it: a
/// workload uses its sink from one thread at a time (W16's observer on another thread has a sink of its own),
/// and a lock here would be measured with the library.
final class Sink: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Int>
  private let base: UnsafeMutablePointer<Int>

  convenience init() { self.init(padding: 0) }

  /// A sink whose value has `padding` words of its own allocation before and after it.
  init(padding: Int) {
    base = .allocate(capacity: 2 * padding + 1)
    base.initialize(repeating: 0, count: 2 * padding + 1)
    pointer = base + padding
  }

  deinit { base.deallocate() }

  @inline(__always) func add(_ value: Int) { pointer.pointee &+= value }
  @inline(__always) func store(_ value: Int) { pointer.pointee = value }
  var value: Int { pointer.pointee }
  func reset() { pointer.pointee = 0 }
}

extension Sink {
  /// A sink alone on its cache lines, for an observer on another thread (W16): two sinks from `init()` may
  /// share a line, and two threads adding to them would slow each other down (false sharing).
  static func isolated() -> Sink { Sink(padding: 16) }
}
