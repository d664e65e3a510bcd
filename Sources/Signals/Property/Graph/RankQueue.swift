/// The nodes a wave still has to compute, lowest rank first, and in the order they were scheduled among
/// equal ranks: one first-in-first-out bucket per rank, so that scheduling a node and taking the next one are
/// O(1) whatever the number waiting (a chain's next node skips the queue: ``Propagation/compute()``).
///
/// Holds unretained references: a node is linked into the graph (anchored) for as long as a wave can reach
/// it. Keeps its storage from wave to wave: the buckets of the ranks a domain's waves reach, each emptied, not
/// freed, once its nodes are taken.
@usableFromInline
struct RankQueue {
  /// The nodes scheduled at one rank, in order; those before `taken` were taken already.
  @usableFromInline
  struct Bucket: BitwiseCopyable {
    @usableFromInline var nodes = NodeBuffer<Unmanaged<GraphNode>>()
    @usableFromInline var taken = 0

    @inlinable
    init() {}
  }

  /// The buckets, indexed by rank.
  @usableFromInline var buckets = NodeBuffer<Bucket>()
  /// How many nodes wait.
  @usableFromInline var count = 0
  /// While nodes wait in buckets, none waits at a lower rank than this.
  @usableFromInline var lowest = 0

  @inlinable
  init() {}

  /// Schedules `node` at `rank`, its rank.
  @inlinable @inline(__always)
  mutating func push(_ node: Unmanaged<GraphNode>, rank: Int) {
    if count == 0 || rank < lowest { lowest = rank }
    if rank >= buckets.count { addBuckets(through: rank) }
    buckets.pointer(at: rank).pointee.nodes.append(node)
    count &+= 1
  }

  /// Takes the node with the lowest rank (the earliest scheduled among equals), with the rank it was
  /// scheduled at.
  @inlinable
  mutating func pop() -> (node: Unmanaged<GraphNode>, rank: Int)? {
    guard count != 0 else { return nil }
    while true {
      let bucket = buckets.pointer(at: lowest)
      if bucket.pointee.taken < bucket.pointee.nodes.count {
        let node = bucket.pointee.nodes[bucket.pointee.taken]
        bucket.pointee.taken &+= 1
        if bucket.pointee.taken == bucket.pointee.nodes.count {
          bucket.pointee.nodes.removeAll()
          bucket.pointee.taken = 0
          count &-= 1
          lowest &+= 1
          return (node, lowest &- 1)
        }
        count &-= 1
        return (node, lowest)
      }
      lowest &+= 1
    }
  }

  /// Whether a node scheduled now at `rank` would be taken before every node waiting: then a wave computes it
  /// at once, and never pushes it.
  @inlinable @inline(__always)
  func takesFirst(rank: Int) -> Bool { count == 0 || rank < lowest }

  /// Makes buckets up to `rank`, empty.
  @usableFromInline @inline(never)
  mutating func addBuckets(through rank: Int) {
    while buckets.count <= rank { buckets.append(Bucket()) }
  }

  /// Empties the queue, keeping its storage.
  @inlinable
  mutating func removeAll() {
    guard count != 0 else { return }
    count = 0
    for rank in lowest..<buckets.count {
      buckets.pointer(at: rank).pointee.nodes.removeAll()
      buckets.pointer(at: rank).pointee.taken = 0
    }
  }

  @usableFromInline
  mutating func deallocate() {
    for rank in 0..<buckets.count { buckets.pointer(at: rank).pointee.nodes.deallocate() }
    buckets.deallocate()
  }
}
