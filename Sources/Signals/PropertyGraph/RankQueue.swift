/// The nodes a wave still has to compute, lowest rank first, and in the order they were scheduled among
/// equal ranks: a binary heap, so a wave costs O(n log w) for n nodes computed and at most w waiting at once.
///
/// Holds unretained references: a node is linked into the graph (anchored) for as long as a wave can reach
/// it. Keeps its storage from wave to wave.
@usableFromInline
struct RankQueue {
  /// A scheduled node and its key: rank in the high half, scheduling order in the low half, so that one
  /// comparison orders both.
  @usableFromInline
  struct Entry: BitwiseCopyable {
    @usableFromInline var key: UInt64
    @usableFromInline var node: Unmanaged<GraphNode>

    @inlinable
    init(key: UInt64, node: Unmanaged<GraphNode>) {
      self.key = key
      self.node = node
    }
  }

  /// The heap, keys and nodes side by side: one buffer to grow and check.
  @usableFromInline var entries = NodeBuffer<Entry>()
  @usableFromInline var sequence: UInt32 = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// Schedules `node` at `rank`, its rank. Inlined into the wave's scheduling: in a chain, most pushes go into
  /// an empty queue and cost a store.
  @inlinable @inline(__always)
  mutating func push(_ node: Unmanaged<GraphNode>, rank: Int) {
    sequence &+= 1
    let entry = Entry(key: UInt64(UInt32(truncatingIfNeeded: rank)) << 32 | UInt64(sequence), node: node)
    var index = entries.count
    entries.append(entry)
    while index > 0 {
      let parent = (index &- 1) / 2
      guard entries[parent].key > entry.key else { break }
      entries[index] = entries[parent]
      index = parent
    }
    entries[index] = entry
  }

  /// Takes the node with the lowest rank (the earliest scheduled among equals), with the rank it was
  /// scheduled at.
  @inlinable
  mutating func pop() -> (node: Unmanaged<GraphNode>, rank: Int)? {
    guard !entries.isEmpty else { return nil }
    let top = entries[0]
    let last = entries.removeLast()
    let count = entries.count
    if count > 0 {
      var index = 0
      while true {
        let left = 2 &* index &+ 1
        guard left < count else { break }
        let right = left &+ 1
        let child = right < count && entries[right].key < entries[left].key ? right : left
        guard entries[child].key < last.key else { break }
        entries[index] = entries[child]
        index = child
      }
      entries[index] = last
    }
    return (top.node, Int(truncatingIfNeeded: top.key >> 32))
  }

  /// Empties the queue, keeping its storage.
  @inlinable
  mutating func removeAll() {
    entries.removeAll()
    sequence = 0
  }

  /// Frees the storage.
  @usableFromInline
  mutating func deallocate() {
    entries.deallocate()
  }
}
