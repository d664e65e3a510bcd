import Synchronization

/// An observer attached to a property's node itself (``Property/observeValues(fileID:line:_:)``): no stream core, no queue
/// of its own. The domain's owner calls it, in the wave's deliver phase, with the node's committed value.
///
/// The node's list holds the box; the box holds the node (as the switch of ``ObserverBox``, cleared under the
/// domain's lock when the observer leaves), so that a derived property that only its observer holds goes on.
/// The disposable the caller gets is a ``NodeSubscription``, which does not hold the box.
@usableFromInline
class NodeObserver: ObserverBox {
  /// By the domain's owner, outside every lock: calls the observer with the node's committed value, unless it
  /// was switched off.
  @usableFromInline
  func receive(from node: GraphNode) {}

  /// By the domain's owner, outside every lock, once the node ended: the observer was switched off and let go
  /// of. Nothing, except for a binding's observer (``EndingNodeObserver``).
  @usableFromInline
  func nodeEnded() {}
}

/// A ``NodeObserver`` of a node of `Value`s.
@usableFromInline
class ValueNodeObserver<Value>: NodeObserver {
  @usableFromInline let action: (Value) -> Void

  @inlinable
  init(_ node: ValueNode<Value>, _ action: @escaping (Value) -> Void) {
    self.action = action
    super.init(core: node)
  }

  @inlinable
  final override func receive(from node: GraphNode) {
    guard isActive else { return }
    action(ValueNode<Value>.of(node).committed)
  }
}

/// A ``ValueNodeObserver`` that is also told when the node ends: a binding's (`<~`), which ends with its
/// source. A plain observer's box does without the second closure.
@usableFromInline
final class EndingNodeObserver<Value>: ValueNodeObserver<Value> {
  @usableFromInline let ended: () -> Void

  @inlinable
  init(_ node: ValueNode<Value>, _ action: @escaping (Value) -> Void, ended: @escaping () -> Void) {
    self.ended = ended
    super.init(node, action)
  }

  @usableFromInline
  override func nodeEnded() {
    ended()
  }
}

/// The disposable of a ``NodeObserver``: it holds the node until it is disposed, and knows the box only by its
/// identity, so that a disposable you keep never keeps the closure (see ``Subscription``).
@usableFromInline
final class NodeSubscription: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  /// The node; read and cleared once, by the first `dispose()`.
  @usableFromInline var node: GraphNode?
  @usableFromInline let box: ObjectIdentifier

  @inlinable
  init(node: GraphNode, box: NodeObserver) {
    self.node = node
    self.box = ObjectIdentifier(box)
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  @usableFromInline
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    node.take()?.removeObserver(box)
  }
}

/// A node's observers, retained, in the order they came: the first inline.
@usableFromInline
struct NodeObservers {
  @usableFromInline var first: NodeObserver?
  /// Non-empty only when ``first`` is set.
  @usableFromInline var rest: [NodeObserver] = []

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { first == nil }

  @inlinable
  var count: Int { first == nil ? 0 : 1 + rest.count }

  @inlinable
  mutating func append(_ observer: NodeObserver) {
    if first == nil { first = observer } else { rest.append(observer) }
  }

  /// Whether the observer whose identity is `box` is in the list.
  @inlinable
  func contains(_ box: ObjectIdentifier) -> Bool {
    guard let first else { return false }
    return ObjectIdentifier(first) == box || rest.contains { ObjectIdentifier($0) == box }
  }

  /// Removes the observer whose identity is `box`, and returns it.
  @inlinable
  mutating func remove(_ box: ObjectIdentifier) -> NodeObserver? {
    guard let first else { return nil }
    if ObjectIdentifier(first) == box {
      self.first = rest.isEmpty ? nil : rest.removeFirst()
      return first
    }
    guard let index = rest.firstIndex(where: { ObjectIdentifier($0) == box }) else { return nil }
    return rest.remove(at: index)
  }

  /// Takes every observer out.
  @inlinable
  mutating func removeAll() -> [NodeObserver] {
    guard let first = first.take() else { return [] }
    return [first] + Swift.exchange(&rest, with: [])
  }
}

extension ValueNode {
  /// Attaches `action` to the node: it receives the committed value at once (the replay), then, from the
  /// deliver phase of each wave that changes the node, the new committed value. For a node in the graph.
  ///
  /// The replay and the deliveries are made by the domain's owner, one at a time, in order: a domain nobody
  /// owns is taken for the replay (so that no wave commits before the replay is made) and let go after it;
  /// one that another thread owns, or that this thread owns because it is delivering, queues the attachment
  /// (``GraphItem/observe(_:_:_:cause:)``), and the owner replays and attaches it in turn. A node that ended replays
  /// its last value and attaches nothing: the result is then `nil`.
  @inlinable
  final func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    attach(ValueNodeObserver(self, action), action, replaysAsChange: false)
  }

  /// ``observeValues(_:)`` for an observer that is also told when the node ends (`ended` runs once, after the
  /// last value, by the thread that ends it, or at once if the node had ended): a binding's.
  @inlinable
  final func observeValues(_ action: @escaping (Value) -> Void, ended: @escaping () -> Void) -> (any Disposable)? {
    attach(EndingNodeObserver(self, action, ended: ended), action, replaysAsChange: true)
  }

  /// Attaches `box`, whose closure is `action`; see ``observeValues(_:)``. With `replaysAsChange` (a
  /// binding's observer), the replay is delivered as a change of this property, so that a binding that sets
  /// the property back from it (`p <~ p`) is recognised as the cycle it is; a plain observer's set is your
  /// code's, which no cycle check concerns, and its replay needs no such context.
  @inlinable
  final func attach(_ box: NodeObserver, _ action: (Value) -> Void, replaysAsChange: Bool) -> (any Disposable)? {
    if AttachmentSites.isRecording { AttachmentSites.attached(self, key: ObjectIdentifier(box)) }
    let subscription = NodeSubscription(node: self, box: box)
    let step = withRoot { root -> NodeAttachStep in
      if isEnded || isDetached { return .ended }
      guard root.claim(by: currentThreadID()) else {
        // The caller holds the property, and so its core: the cause is taken, retained, while it is alive.
        let cause = replaysAsChange ? (core as? any PropertyCoreProtocol).map { ChangeChain().appending($0) } : nil
        root.queue.append(.observe(self, box, subscription, cause: cause ?? ChangeChain()))
        return .queued
      }
      observers.append(box)
      guard replaysAsChange else { return .replay(root) }
      // The caller holds the property, and so its core.
      let wave = root.startWave(lineage: core.map { ChangeChain(unretained: $0) } ?? ChangeChain())
      root.computingWave = nil
      return .replayAsChange(wave)
    }
    switch step {
    case .ended:
      let last = lockedCommittedValue()
      box.switchOff()?.release()
      action(last)
      box.nodeEnded()
      return nil
    case .queued:
      return subscription
    case .replay(let root):
      // This thread owns the domain: nothing commits the node before the replay is made.
      action(committed)
      PropertyGraph.release(root)
      return subscription
    case .replayAsChange(let wave):
      wave.borrow { $0.deliver { action(committed) } }
      PropertyGraph.release(wave.borrow { $0.domainReference.unsafelyUnwrapped }, finished: wave)
      return subscription
    }
  }
}

/// What ``ValueNode/observeValues(_:)`` decided under the domain's lock.
@usableFromInline
enum NodeAttachStep {
  case ended
  case queued
  /// The observer is attached and the caller owns the domain `root`: replay, then let it go.
  case replay(GraphDomain)
  /// ``replay(_:)``, with `wave` (which changes nothing) as what causes a set made by the replay: replay
  /// inside it, then let the domain go.
  case replayAsChange(Unmanaged<Propagation>)
}

extension GraphNode {
  /// How many observers are attached to the node itself.
  @usableFromInline
  final var attachedObserverCount: Int {
    domain == nil ? 0 : withRoot { _ in observers.count }
  }

  /// Detaches the observer whose identity is `box`, if it is attached: under the domain's lock it leaves the
  /// list and is switched off, so that no delivery calls it once this returns. A derived node left with no
  /// observer, core or dependent then leaves the graph.
  @usableFromInline
  final func removeObserver(_ box: ObjectIdentifier) {
    var held: Unmanaged<AnyObject>?
    var unlinked = Unlinked()
    let removed = withRoot { root -> NodeObserver? in
      guard let removed = observers.remove(box) else { return nil }
      held = removed.switchOff()
      if isUnused { root.changeOrQueue(.detach(self)) { unlinked.unlink(self) } }
      return removed
    }
    _ = removed
    unlinked.finish()
    held?.release()
  }

  /// By the domain's owner, as the node ends: its observers are switched off and let go of (they receive no
  /// terminal event: they observe values).
  @usableFromInline
  final func endObservers() {
    guard domain != nil else { return }
    let ended = withRoot { _ in observers.removeAll() }
    for box in ended { box.switchOff()?.release() }
    for box in ended { box.nodeEnded() }
  }
}

/// A node's observers as a leak check lists them (``AttachmentSites``): a property observed with
/// `observeValues`, or bound from with `<~`, is listed with them, beside its stream core's.
extension GraphNode: AttachmentListing {
  @usableFromInline
  var observerCount: Int { attachedObserverCount }

  @usableFromInline
  func isAttached(key: ObjectIdentifier) -> Bool {
    domain == nil ? false : withRoot { _ in observers.contains(key) }
  }
}
