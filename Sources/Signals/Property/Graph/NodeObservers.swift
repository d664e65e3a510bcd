import Synchronization

/// An observer of a property's node in a box (a binding's, or a plain one but the first, which the node holds:
/// ``ValueNode/inlineObserver``); the domain's owner calls it in the deliver phase. The box holds the node (as
/// the switch of ``ObserverBox``); the disposable, a ``NodeSubscription``, does not hold the box.
@usableFromInline
class NodeObserver: ObserverBox {
  /// By the domain's owner, outside every lock: calls the observer with the node's committed value, unless it
  /// was switched off; `wave` is the change delivered.
  @usableFromInline
  func receive(from node: GraphNode, in wave: Propagation) {}

  /// By the domain's owner, outside every lock, once the node ended: the observer was switched off and let go
  /// of. Nothing, except for a binding's observer (``EndingNodeObserver``).
  @usableFromInline
  func nodeEnded() {}

  /// Whether this is a stream core's feed (``CoreFeed``): counted with the core's observers, kept last.
  @usableFromInline
  var feedsCore: Bool { false }
}

/// A ``NodeObserver`` of a node of `Value`s; `ended`, a binding's (`<~`, which ends with its source), is told
/// when the node ends.
@usableFromInline
final class ValueNodeObserver<Value>: NodeObserver {
  @usableFromInline let action: (Value) -> Void
  @usableFromInline let ended: (() -> Void)?

  @inlinable
  init(_ node: ValueNode<Value>, _ action: @escaping (Value) -> Void, ended: (() -> Void)?) {
    self.action = action
    self.ended = ended
    super.init(core: node)
  }

  @inlinable
  override func receive(from node: GraphNode, in wave: Propagation) {
    guard isActive else { return }
    action(ValueNode<Value>.of(node).committed)
  }

  @usableFromInline
  override func nodeEnded() { ended?() }
}

/// The disposable of an observer of a node: it holds the node until it is disposed, and knows its observer only
/// by its place (``box``), so that it never keeps the closure. The inline slot is freed only by its own
/// subscription, once, or by the node's end, so a disposal never removes a newer observer that took it.
@usableFromInline
final class NodeSubscription: Disposable, @unchecked Sendable {
  @usableFromInline let isActive = Atomic<Bool>(true)
  /// The node; read and cleared once, by the first `dispose()`.
  @usableFromInline var node: GraphNode?
  /// *Domain.* Its box's identity, set as it is attached; `nil` for the node's inline observer.
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
  /// Attaches `action` to a node in the graph: it receives the committed value at once (the replay, by the
  /// domain's owner), then each new committed value. `ended`, a binding's, runs once after the last value. A
  /// node that ended replays its last value and attaches nothing: the result is then `nil`. See
  /// PropertyGraph.md, "What a property is made of".
  @inlinable
  final func observeValues(
    _ action: @escaping (Value) -> Void, ended: (() -> Void)? = nil
  ) -> (any Disposable)? {
    let subscription = NodeSubscription(node: self)
    let step = withRoot { root -> NodeAttachStep in
      if isEnded || isDetached { return .ended }
      guard root.claim(by: currentThreadID()) else {
        let box = ValueNodeObserver(self, action, ended: ended)
        subscription.box = ObjectIdentifier(box)
        // The caller holds the property, and so its core: the cause is taken, retained, while it is alive.
        let cause = ended == nil ? nil : core as? any PropertyCoreProtocol
        root.queue.append(.observe(self, box, subscription, cause: cause.map { [$0] } ?? []))
        return .queued
      }
      if ended == nil, inlineObserver == nil, observers.allSatisfy(\.feedsCore) {
        inlineObserver = action
        inGraph.set(NodeMembership.inlineObserverBit, true)
      } else {
        let box = ValueNodeObserver(self, action, ended: ended)
        subscription.box = ObjectIdentifier(box)
        append(observer: box)
      }
      guard ended != nil else { return .replay(root) }
      // A binding's replay is a change of this property (so `p <~ p` is a cycle); the caller holds its core.
      let wave = root.startWave()
      if let core = core as? any PropertyCoreProtocol { wave.borrow { $0.lineage = [core] } }
      root.computingWave = nil
      return .replayAsChange(wave)
    }
    if AttachmentSites.isRecording { AttachmentSites.attached(self, key: subscription.box ?? ObjectIdentifier(self)) }
    switch step {
    case .ended:
      action(lockedCommittedValue())
      ended?()
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
  /// terminal event: they observe values; a binding's is told). Inlinable, to run specialised.
  @inlinable
  final func endObservers() {
    guard domain != nil else { return }
    // The inline one is let go of with `ended`, after the lock.
    let ended = withRoot { _ -> ([NodeObserver], ((Value) -> Void)?) in
      inGraph.set(NodeMembership.inlineObserverBit, false)
      defer { inlineObserver = nil }
      return (Swift.exchange(&observers, with: []), inlineObserver)
    }
    for box in ended.0 { box.switchOff()?.release() }
    for box in ended.0 { box.nodeEnded() }
  }
}

/// What ``ValueNode/observeValues(_:ended:)`` decided under the domain's lock.
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
  /// *Domain.* Adds `box` to the node's observers, before its stream core's feed if it has one: the core's
  /// observers are told last.
  @usableFromInline
  final func append(observer box: NodeObserver) {
    guard let last = observers.last, last.feedsCore else { return observers.append(box) }
    observers.insert(box, at: observers.count - 1)
  }

  /// Detaches the observer of `subscription`, if attached: under the domain's lock it is switched off (no
  /// delivery calls it once this returns) and let go of, an inline one by the owner if the domain is owned (it
  /// may be calling it). A derived node left with no observer, core or dependent then leaves the graph.
  @usableFromInline
  final func removeObserver(_ subscription: NodeSubscription) {
    var held: Unmanaged<AnyObject>?
    var unlinked = Unlinked()
    let removed = withRoot { root -> AnyObject? in
      var removed: AnyObject?
      if let box = subscription.box {
        guard let index = observers.firstIndex(where: { ObjectIdentifier($0) == box }) else { return nil }
        let box = observers.remove(at: index)
        held = box.switchOff()
        removed = box
      } else {
        guard inGraph.hasInlineObserver else { return nil }
        inGraph.set(NodeMembership.inlineObserverBit, false)
        // If the domain is owned, its owner may be calling the closure: it lets go of it after the change.
        var queued = true
        root.changeOrQueue(.detach(self)) {
          queued = false
          removed = takeInlineObserver()
        }
        if queued { return nil }
      }
      unlinked.detachIfUnused(self, root)
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
  /// How many observers are attached to the node itself.
  @usableFromInline
  var observerCount: Int {
    domain == nil
      ? 0 : withRoot { _ in (inGraph.hasInlineObserver ? 1 : 0) + observers.count(where: { !$0.feedsCore }) }
  }

  @usableFromInline
  func isAttached(key: ObjectIdentifier) -> Bool {
    guard domain != nil else { return false }
    // The inline observer's key is the node's identity.
    return withRoot { _ in
      key == ObjectIdentifier(self) ? inGraph.hasInlineObserver : observers.contains { ObjectIdentifier($0) == key }
    }
  }
}
