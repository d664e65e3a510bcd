import Synchronization

/// Reads inside a transaction: a source's value as the transaction set it, and a derived property's value
/// computed from those values and the graph's committed state.
///
/// A read in a transaction that has set nothing, of a graph no thread is propagating, is the committed value,
/// read under the domain's lock: nothing is computed. Otherwise a read holds no lock while an operator's
/// closure runs. It computes each derived property at most once per
/// generation of the transaction (a set starts a new one), keeping the result in the property's core (its
/// memo, claimed by the transaction), and reads what the transaction did not set from one consistent state
/// of the graph: if another thread commits in the read's domain meanwhile, the read starts again, from the
/// newest state.
extension PropertyTransaction {
  /// The value of `core`'s property as the transaction sees it: what `value` returns inside a transaction.
  @inlinable
  func read<Value>(_ core: PropertyCore<Value>) -> Value {
    guard !core.node.isSource else { return value(of: unsafeDowncast(core, to: SourceCore<Value>.self)) }
    let node = unsafeDowncast(core.node, to: DerivedNode<Value>.self)
    // Nothing set in this transaction yet, and the graph idle (no thread propagating it, so nothing accepted
    // and not yet propagated), with no property anywhere following a graph it has not merged with: the
    // committed value is the newest consistent state, and nothing needs computing.
    if written.isEmpty, foreignWrites.isEmpty, PendingMerges.count.load(ordering: .relaxed) == 0,
      let value = node.withRoot({ root in root.isOwned ? nil : node.committedValue })
    {
      return value
    }
    let root = node.domain.unsafelyUnwrapped.root
    while true {
      let commits = root.commitCount.load(ordering: .acquiring)
      if root !== seenRoot || commits != seenCommits {
        generation &+= 1
        seenRoot = root
        seenCommits = commits
      }
      let value = tentative(of: node).value
      if root.commitCount.load(ordering: .acquiring) == commits { return value }
    }
  }

  /// The value of `node` as the transaction sees it, and whether it differs from the committed one.
  @inlinable
  func tentative<Value>(of node: ValueNode<Value>) -> (value: Value, changed: Bool) {
    guard node.isSource else { return tentative(of: unsafeDowncast(node, to: DerivedNode<Value>.self)) }
    // A source's core is kept alive by its node until it ends (once it has, its committed value is its last);
    // one outside the graph is reached through a handle the caller holds.
    let core = node.isInGraph ? node.withRoot { _ in node.isEnded ? nil : node.core } : node.core
    guard let core else { return (node.lockedCommittedValue(), false) }
    return tentative(ofSource: unsafeDowncast(core, to: SourceCore<Value>.self))
  }

  /// A source's value as the transaction sees it: the value it set, or the latest one, which differs from the
  /// committed one while the graph has still to propagate a set made on another thread.
  @inlinable
  func tentative<Value>(ofSource source: SourceCore<Value>) -> (value: Value, changed: Bool) {
    if let written = written(source) { return (written, true) }
    return source.withState { _ in
      let latest = source.latest.unsafelyUnwrapped
      guard source.node.isInGraph else { return (latest, false) }
      let committedVersion = source.source.withRoot { _ in source.source.committedVersion }
      return (latest, source.version != committedVersion)
    }
  }

  /// A derived property's value as the transaction sees it: from its memo if it was computed in this
  /// generation, computed now otherwise (its node's `.computeTentative`). A read of a property from inside
  /// its own computation (its closure reads the property it defines) returns the committed value.
  @inlinable
  func tentative<Value>(of core: DerivedNode<Value>) -> (value: Value, changed: Bool) {
    // A property that left the graph (it ended) keeps its last value.
    guard core.isInGraph else { return (committedValue(of: core), false) }
    if core.tentativeOwner.load(ordering: .relaxed) == identity {
      let memo = core.claimedMemo
      if memo.generation == generation { return (memo.value.unsafelyUnwrapped, memo.changed) }
      if memo.generation == Self.computing { return (committedValue(of: core), false) }
    } else if let memo = foreignMemos[ObjectIdentifier(core)] {
      if memo.generation == generation { return (memo.value as! Value, memo.changed) }
      if memo.generation == Self.computing { return (committedValue(of: core), false) }
    }
    startComputing(core)
    core.perform(core, .computeTentative(self))
    if core.tentativeOwner.load(ordering: .relaxed) == identity {
      let memo = core.claimedMemo
      return (memo.value.unsafelyUnwrapped, memo.changed)
    }
    let memo = foreignMemos[ObjectIdentifier(core)].unsafelyUnwrapped
    return (memo.value as! Value, memo.changed)
  }

  /// The generation a memo holds while its value is being computed.
  @usableFromInline static var computing: UInt64 { .max }

  /// Marks `core`'s memo as being computed, claiming it if nobody holds it.
  @inlinable
  func startComputing<Value>(_ core: DerivedNode<Value>) {
    let owner = core.tentativeOwner.load(ordering: .relaxed)
    if owner == identity
      || (owner == 0
        && core.tentativeOwner.compareExchange(expected: 0, desired: identity, ordering: .acquiringAndReleasing)
          .exchanged)
    {
      if owner == 0 { memos.append(core) }
      core.claimedMemo.generation = Self.computing
    } else {
      foreignMemos[ObjectIdentifier(core)] = (Self.computing, (), false)
    }
  }

  /// Keeps what `core`'s `.computeTentative` found, for this generation.
  @inlinable
  func remember<Value>(_ core: DerivedNode<Value>, _ value: Value, changed: Bool) {
    if core.tentativeOwner.load(ordering: .relaxed) == identity {
      let memo = core.claimedMemo
      memo.value = value
      memo.changed = changed
      memo.generation = generation
    } else {
      foreignMemos[ObjectIdentifier(core)] = (generation, value, changed)
    }
  }

  /// The committed value of `core`, read under its domain's lock.
  @inlinable
  func committedValue<Value>(of node: ValueNode<Value>) -> Value {
    node.lockedCommittedValue()
  }
}

/// A derived node's memo: the value a transaction's read computed for it, in one generation of the transaction.
@usableFromInline
final class TentativeMemo<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value?
  /// Whether ``value`` differs from the node's committed value.
  @exclusivity(unchecked) @usableFromInline var changed = false
  /// The generation ``value`` belongs to; ``PropertyTransaction/computing`` while it is computed, 0 for none.
  @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0

  @usableFromInline
  init() {}
}

/// A derived node's memo, as a transaction lets go of it.
@usableFromInline
protocol ReleasableMemo: AnyObject {
  /// Drops the value and lets another transaction claim the memo.
  func releaseMemo()
}

extension DerivedNode: ReleasableMemo {
  @usableFromInline
  func releaseMemo() {
    if let memo {
      memo.value = nil
      memo.generation = 0
    }
    tentativeOwner.store(0, ordering: .releasing)
  }
}
