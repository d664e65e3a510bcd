/// A core that remembers its latest value, so that it can replay it to a new observer: the base of every
/// property's core (``PropertyCore``), and of a channel's replaying side.
///
/// The values live here rather than in ``SignalCore/State``, so that a plain core's layout does not depend on
/// its value type (its `deinit` runs unspecialised). Both are guarded by the core's lock, like its state.
@usableFromInline
class ReplayingCore<Value, Failure: Error>: SignalCore<Value, Failure>, @unchecked Sendable {
  /// The value of the latest accepted event.
  @exclusivity(unchecked) @usableFromInline final var latest: Value?
  /// The value of the latest delivered event.
  @exclusivity(unchecked) @usableFromInline final var delivered: Value?
  /// A property's node in the graph, told when the core gains its first observer or loses its last; `nil`
  /// for a channel's core.
  @usableFromInline final let graphNode: GraphNode?

  /// A replaying core; `initial` is `nil` when the first value is still to come (a composed property).
  @inlinable
  init(replaying initial: Value?, endsWhenUnobserved: Bool = false, node: GraphNode? = nil) {
    latest = initial
    delivered = initial
    graphNode = node
    super.init(replays: true, endsWhenUnobserved: endsWhenUnobserved)
  }

  /// Under the lock, after an observer attached to a property's core (``graphNode`` set): see
  /// ``PropertyCore/observed()``.
  @usableFromInline
  func observed() {}
}

extension SignalCore {
  /// This core as the replaying core it is; only where ``replays`` is `true`.
  @inlinable @inline(__always)
  final var replaying: ReplayingCore<Value, Failure> {
    unsafeDowncast(self, to: ReplayingCore<Value, Failure>.self)
  }
}
