import Synchronization

/// What the property graph keeps for each thread, in one thread-local slot: the thread's block of wave
/// numbers, and the wave whose changes it is delivering.
///
/// A wave reads the slot once for its number and once around its delivery. Only the thread itself touches its
/// state; the slot keeps it until the thread ends.
@usableFromInline
final class GraphThread {
  /// Each thread's state, made on first use.
  @usableFromInline static let slot = ThreadSlot(releasingObjects: true)

  /// The last wave number this thread handed out, and the last one of its block.
  @exclusivity(unchecked) @usableFromInline var lastNumber: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var endNumber: UInt64 = 0
  /// The wave whose changes this thread is delivering, if any: what causes a binding's set made now.
  @exclusivity(unchecked) @usableFromInline var delivering: Unmanaged<Propagation>?
  #if DEBUG
  /// The wave this thread is computing, if any, in a debug build: what ``PropertyChange/inFlight()`` lists
  /// when it is called from inside an operator's closure.
  @exclusivity(unchecked) @usableFromInline var computing: Unmanaged<Propagation>?
  #endif

  @usableFromInline
  init() {}

  /// Calls `body` with the calling thread's state, borrowed (the slot keeps it).
  @inlinable
  static func withCurrent<Result>(_ body: (GraphThread) -> Result) -> Result {
    guard let pointer = slot.value else { return body(makeCurrent()) }
    return Unmanaged<GraphThread>.fromOpaque(pointer).borrow(body)
  }

  /// The calling thread's state, unretained (the slot keeps it): made if it has none yet.
  @inlinable
  static var currentReference: Unmanaged<GraphThread> {
    guard let pointer = slot.value else { return Unmanaged.passUnretained(makeCurrent()) }
    return Unmanaged<GraphThread>.fromOpaque(pointer)
  }

  /// The calling thread's state, if it has one yet; for readers that need not make it.
  @inlinable
  static var existing: Unmanaged<GraphThread>? {
    slot.value.map { Unmanaged<GraphThread>.fromOpaque($0) }
  }

  /// Makes the calling thread's state, the first time it needs one.
  @usableFromInline @inline(never)
  static func makeCurrent() -> GraphThread {
    let thread = GraphThread()
    slot.value = Unmanaged.passRetained(thread).toOpaque()
    return thread
  }

  // MARK: Propagation numbers

  /// The wave numbers handed out in blocks so far, in the process.
  static let reservedNumbers = Atomic<UInt64>(0)
  /// How many numbers a thread takes at once.
  static let numbersPerBlock: UInt64 = 1 << 16

  /// A number no other wave has. Numbers are unique in the process, not only in a domain: a node's stamps
  /// (``GraphNode/changedIn``, ``GraphNode/scheduledIn``) are compared with a wave's number, and a node may
  /// move to another domain in the middle of a wave (a `flatMap(.latest)` switches to it). Each thread takes
  /// a block of numbers from one atomic counter and hands them out itself.
  @inlinable
  func nextWaveNumber() -> UInt64 {
    guard lastNumber != endNumber else { return takeBlock() }
    lastNumber &+= 1
    return lastNumber
  }

  /// Takes a new block of numbers for this thread, and returns its first.
  @usableFromInline @inline(never)
  func takeBlock() -> UInt64 {
    let start = GraphThread.reservedNumbers.wrappingAdd(GraphThread.numbersPerBlock, ordering: .relaxed).oldValue
    lastNumber = start &+ 1
    endNumber = start &+ GraphThread.numbersPerBlock
    return lastNumber
  }
}
