/// A connected part of the property graph, and the one thread at a time that may propagate changes through it.
///
/// Every vertex belongs to a domain. A new derived property joins the domains of its inputs into one (they
/// merge), so two properties that share a derived property — and so could ever be read together by it — are
/// always propagated by one thread at a time, in one order. Properties that share nothing stay in separate
/// domains and propagate independently, on their own threads.
///
/// A domain is **owned** while a thread propagates it. A change made while it is owned — by another thread,
/// or from inside one of its observers — is queued, and the owner propagates it before it lets go, in the
/// order the changes were accepted: the rule for signals (`Docs/Contracts.md` §3, §4), applied to a graph.
///
/// Guarded by the graph's lock (``PropertyGraph/state``).
@usableFromInline
final class GraphDomain {
  /// The domain this one was merged into; `nil` for a root.
  @exclusivity(unchecked) @usableFromInline var parent: GraphDomain?
  /// The thread propagating the domain, if any.
  @exclusivity(unchecked) @usableFromInline var owner: ThreadID?
  /// Changes accepted while the domain was owned, in order. Empty whenever the domain is not owned.
  @exclusivity(unchecked) @usableFromInline var queue = PendingQueue<GraphItem>()
  /// The wave being computed, so that a property created by an operator's closure during the wave reads its
  /// inputs as the wave sees them. Only the owner reads it.
  @exclusivity(unchecked) @usableFromInline var computing: Wave?
  /// A finished wave kept for the next one (see ``PropertyGraph/propagate(_:)``).
  @exclusivity(unchecked) @usableFromInline var spareWave: Wave?

  @usableFromInline
  init() {}

  /// Whether this domain and `other` are being computed by one wave (a transaction's commit takes several
  /// domains at once): they may merge while it runs, as one propagation owns both.
  @usableFromInline
  func isComputing(with other: GraphDomain) -> Bool {
    guard let wave = computing else { return false }
    return other.computing === wave
  }

  /// The domain this one belongs to now, after merges.
  @usableFromInline
  var root: GraphDomain {
    var domain = self
    while let parent = domain.parent { domain = parent }
    var step = self
    while let parent = step.parent, parent !== domain {
      step.parent = domain
      step = parent
    }
    return domain
  }
}

/// Something a domain's owner must propagate, in order.
@usableFromInline
enum GraphItem {
  /// A source's next accepted value (the first of its ``SourceCore/pendingChanges``), caused by `lineage`.
  case change(any GraphVertex, Lineage)
  /// A transaction's commit in this domain: the next accepted value of each of its sources, propagated as one
  /// wave.
  case group(TransactionGroup)
  /// A source ended: its observers and the vertices that depend only on ended inputs complete.
  case end(any GraphVertex)
  /// A derived vertex created, or re-attached, while the domain was being propagated: it is computed again
  /// from the committed values, and its change (if any) propagated.
  case catchUp(any GraphVertex)
}

/// A transaction's changes in one domain, propagated as one wave. The commit queues it with all its changes
/// at once, under the graph's lock.
@usableFromInline
final class TransactionGroup {
  /// The sources changed, each with one value in its ``SourceCore/pendingChanges``.
  @exclusivity(unchecked) @usableFromInline var sources: [any GraphVertex] = []

  @usableFromInline
  init() {}
}
