import Synchronization

/// An observer attached to a property's node itself (``Property/observeValues(fileID:line:_:)``) in a box: a
/// binding's, and every plain one but the node's first, which the node holds inline (``ValueNode/inlineObserver``).
/// No stream core, no queue of its own. The domain's owner calls it, in the wave's deliver phase, with the node's
/// committed value.
///
/// The node's list holds the box; the box holds the node (as the switch of ``ObserverBox``, cleared under the
/// domain's lock when the observer leaves). The disposable the caller gets is a ``NodeSubscription``, which does
/// not hold the box.
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

/// The disposable of an observer of a node: it holds the node until it is disposed, and knows its observer only
/// by its place (``box``), so that a disposable you keep never keeps the closure (see ``Subscription``).
///
/// A first dispose detaches the observer; later ones do nothing. An inline observer's slot is freed only by its
/// own subscription, or by the node's end (after which nothing attaches), so a disposal never removes a newer
/// observer that took the slot.
@usableFromInline
final class NodeSubscription: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  /// The node; read and cleared once, by the first `dispose()`.
  @usableFromInline var node: GraphNode?
  /// *Domain.* The identity of the observer's box, or `nil` for the node's inline observer
  /// (``ValueNode/inlineObserver``); set as it is attached.
  @usableFromInline var box: ObjectIdentifier?

  @inlinable
  init(node: GraphNode) {
    self.node = node
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  @usableFromInline
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    node.take()?.removeObserver(self)
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
    attach(nil, action, replaysAsChange: false)
  }

  /// ``observeValues(_:)`` for an observer that is also told when the node ends (`ended` runs once, after the
  /// last value, by the thread that ends it, or at once if the node had ended): a binding's.
  @inlinable
  final func observeValues(_ action: @escaping (Value) -> Void, ended: @escaping () -> Void) -> (any Disposable)? {
    attach(EndingNodeObserver(self, action, ended: ended), action, replaysAsChange: true)
  }

  /// Attaches `box`, whose closure is `action`, or with no box `action` itself: in ``inlineObserver`` if the
  /// node has no observer (so that it stays the first one called), in a ``ValueNodeObserver`` otherwise, and
  /// always in one when the attachment is queued. See ``observeValues(_:)``. With `replaysAsChange` (a
  /// binding's observer), the replay is delivered as a change of this property, so that a binding that sets
  /// the property back from it (`p <~ p`) is recognised as the cycle it is; a plain observer's set is your
  /// code's, which no cycle check concerns, and its replay needs no such context.
  @inlinable
  final func attach(
    _ box: NodeObserver?, _ action: @escaping (Value) -> Void, replaysAsChange: Bool
  ) -> (any Disposable)? {
    let subscription = NodeSubscription(node: self)
    let step = withRoot { root -> NodeAttachStep in
      if isEnded || isDetached { return .ended }
      if SerialWorkState.waitsForWorker(root.work) {
        let box = box ?? ValueNodeObserver(self, action)
        subscription.box = ObjectIdentifier(box)
        // The caller holds the property, and so its core: the cause is taken, retained, while it is alive.
        let cause = replaysAsChange ? (core as? any PropertyCoreProtocol).map { ChangeChain().appending($0) } : nil
        root.queue.append(.observe(self, box, subscription, cause: cause ?? ChangeChain()))
        return .queued
      }
      root.claim(by: currentThreadID())
      if let box = box ?? (inlineObserver == nil && observers.isEmpty ? nil : ValueNodeObserver(self, action)) {
        observers.append(box)
        subscription.box = ObjectIdentifier(box)
      } else {
        inlineObserver = action
        inGraph.set(NodeMembership.inlineObserverBit, true)
      }
      guard replaysAsChange else { return .replay(root) }
      // The caller holds the property, and so its core.
      let wave = root.startWave(lineage: core.map { ChangeChain(unretained: $0) } ?? ChangeChain())
      root.computingWave = nil
      return .replayAsChange(wave)
    }
    if AttachmentSites.isRecording, !step.isEnded {
      AttachmentSites.attached(self, key: subscription.box ?? ObjectIdentifier(self))
    }
    switch step {
    case .ended:
      let last = lockedCommittedValue()
      box?.switchOff()?.release()
      action(last)
      box?.nodeEnded()
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

  /// By the domain's owner, as the node ends: its observers are switched off and let go of (they receive no
  /// terminal event: they observe values; a binding's is told).
  @usableFromInline
  final func endObservers() {
    guard domain != nil else { return }
    let (ended, inline) = withRoot { _ -> ([NodeObserver], AnyObject?) in
      inGraph.set(NodeMembership.inlineObserverBit, false)
      return (Swift.exchange(&observers, with: []), takeInlineObserver())
    }
    _ = inline
    for box in ended { box.switchOff()?.release() }
    for box in ended { box.nodeEnded() }
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

  @inlinable
  var isEnded: Bool {
    if case .ended = self { return true }
    return false
  }
}

extension GraphNode {
  /// *Domain.* Whether observers are attached to the node itself.
  @inlinable
  final var hasObservers: Bool { inGraph.hasInlineObserver || !observers.isEmpty }

  /// How many observers are attached to the node itself.
  @usableFromInline
  final var attachedObserverCount: Int {
    domain == nil ? 0 : withRoot { _ in (inGraph.hasInlineObserver ? 1 : 0) + observers.count }
  }

  /// Detaches the observer of `subscription`, if it is attached: under the domain's lock it is switched off,
  /// so that no delivery calls it once this returns, and leaves the list (an inline one, while another thread
  /// or this one owns the domain and may be calling it, is let go of by the owner: ``GraphItem/detach(_:)``).
  /// A derived node left with no observer, core or dependent then leaves the graph.
  @usableFromInline
  final func removeObserver(_ subscription: NodeSubscription) {
    var held: Unmanaged<AnyObject>?
    var unlinked = Unlinked()
    let removed = withRoot { root -> AnyObject? in
      let removed: AnyObject?
      if let box = subscription.box {
        guard let index = observers.firstIndex(where: { ObjectIdentifier($0) == box }) else { return nil }
        let box = observers.remove(at: index)
        held = box.switchOff()
        removed = box
      } else {
        guard inGraph.hasInlineObserver else { return nil }
        inGraph.set(NodeMembership.inlineObserverBit, false)
        if root.queueIfOwned(.detach(self)) { return nil }
        removed = takeInlineObserver()
      }
      if isUnused, !root.queueIfOwned(.detach(self)) { unlinked.unlink(self) }
      return removed
    }
    _ = removed
    unlinked.finish()
    held?.release()
  }
}

/// A node's observers as a leak check lists them (``AttachmentSites``): a property observed with
/// `observeValues`, or bound from with `<~`, is listed with them, beside its stream core's.
extension GraphNode: AttachmentListing {
  @usableFromInline
  var observerCount: Int { attachedObserverCount }

  /// `key` is the node's own identity for its inline observer, a box's for the others.
  @usableFromInline
  func isAttached(key: ObjectIdentifier) -> Bool {
    guard domain != nil else { return false }
    return withRoot { _ in
      key == ObjectIdentifier(self) ? inGraph.hasInlineObserver : observers.contains { ObjectIdentifier($0) == key }
    }
  }
}
