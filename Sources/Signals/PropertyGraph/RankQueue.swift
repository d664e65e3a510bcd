/// The nodes a wave still has to compute, lowest rank first, and in the order they were scheduled among
/// equal ranks: a binary heap, so a wave costs O(n log w) for n nodes computed and at most w waiting at once.
///
/// Holds unretained references: a node is linked into the graph (anchored) for as long as a wave can reach
/// it. Keeps its storage from wave to wave.
@usableFromInline
struct RankQueue {
  /// Rank in the high half, scheduling order in the low half: one comparison orders both.
  @usableFromInline var keys = NodeBuffer<UInt64>()
  @usableFromInline var nodes = NodeBuffer<Unmanaged<GraphNode>>()
  @usableFromInline var sequence: UInt32 = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { keys.isEmpty }

  /// Schedules `node` at `rank`, its rank.
  @inlinable
  mutating func push(_ node: Unmanaged<GraphNode>, rank: Int) {
    sequence &+= 1
    let key = UInt64(UInt32(truncatingIfNeeded: rank)) << 32 | UInt64(sequence)
    var index = keys.count
    keys.append(key)
    nodes.append(node)
    while index > 0 {
      let parent = (index - 1) / 2
      guard keys[parent] > key else { break }
      keys[index] = keys[parent]
      nodes[index] = nodes[parent]
      index = parent
    }
    keys[index] = key
    nodes[index] = node
  }

  /// Takes the node with the lowest rank (the earliest scheduled among equals), with the rank it was
  /// scheduled at.
  @inlinable
  mutating func pop() -> (node: Unmanaged<GraphNode>, rank: Int)? {
    guard !keys.isEmpty else { return nil }
    let top = nodes[0]
    let rank = Int(truncatingIfNeeded: keys[0] >> 32)
    let lastKey = keys.removeLast()
    let lastNode = nodes.removeLast()
    let count = keys.count
    if count > 0 {
      var index = 0
      while true {
        let left = 2 * index + 1
        guard left < count else { break }
        let right = left + 1
        let child = right < count && keys[right] < keys[left] ? right : left
        guard keys[child] < lastKey else { break }
        keys[index] = keys[child]
        nodes[index] = nodes[child]
        index = child
      }
      keys[index] = lastKey
      nodes[index] = lastNode
    }
    return (top, rank)
  }

  /// Empties the queue, keeping its storage.
  @inlinable
  mutating func removeAll() {
    keys.removeAll()
    nodes.removeAll()
    sequence = 0
  }

  /// Frees the storage.
  @usableFromInline
  mutating func deallocate() {
    keys.deallocate()
    nodes.deallocate()
  }
}
