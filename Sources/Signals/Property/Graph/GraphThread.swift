import Synchronization

/// What the property graph keeps for each thread, in a thread-local slot that keeps it until the thread ends:
/// its block of wave numbers, and the wave it is delivering. Only the thread itself touches it.
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
  /// The wave this thread is computing, in a debug build (for ``PropertyChange/inFlight()``).
  @exclusivity(unchecked) @usableFromInline var computing: Unmanaged<Propagation>?
  #endif

  @usableFromInline
  init() {}

  /// The calling thread's state, unretained (the slot keeps it): made if it has none yet.
  @inlinable
  static var currentReference: Unmanaged<GraphThread> {
    guard let pointer = slot.value else { return Unmanaged.passUnretained(makeCurrent()) }
    return Unmanaged<GraphThread>.fromOpaque(pointer)
  }

  /// The calling thread's state, if it has one yet; for readers that need not make it.
  @inlinable
  static var existing: Unmanaged<GraphThread>? { slot.value.map { Unmanaged<GraphThread>.fromOpaque($0) } }

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

  /// A number no other wave in the process has (a node may move to another domain mid-wave, and its wave mark
  /// is compared with it), from this thread's block.
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
