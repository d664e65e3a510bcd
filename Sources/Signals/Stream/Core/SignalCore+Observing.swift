import Synchronization

extension SignalCore {
  // MARK: Observing

  /// Attaches an observer; an ended core interrupts it at once and returns `nil`.
  @inlinable
  final func observe(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let box = EventObserverBox(self, action)
    return attach(box.entry, Subscription(core: self, box: box))
  }

  @inlinable
  final func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    let box = ValueObserverBox(self, action)
    return attach(box.entry, Subscription(core: self, box: box))
  }

  /// Attaches a user's observer, `entry`, whose box `subscription` detaches; an ended core interrupts it at
  /// once and returns `nil`.
  @inlinable @inline(__always)
  final func attach(
    _ entry: ObserverEntry<Value, Failure>, _ subscription: Subscription<Value, Failure>
  ) -> (any Disposable)? {
    guard attach(entry) else { return nil }
    return subscription
  }

  /// Adds `entry` to the observers and returns `true`; an ended core sends it `interrupted` instead and
  /// returns `false`. For an operator's core attaching to its upstream (see ``RelayCore``).
  @inlinable @inline(__always)
  final func attach(_ entry: ObserverEntry<Value, Failure>) -> Bool {
    if AttachmentSites.isRecording { AttachmentSites.attached(self, key: entry.key) }
    let added = withState { state -> Bool in
      guard !state.isTerminated else { return false }
      state.observers.append(entry)
      observersChanged(&state)
      return true
    }
    if !added { entry.receive(.interrupted) }
    return added
  }

  /// Attaches an observer like ``observe(_:)``, except that a core which already ended hands it the terminal
  /// event it ended with rather than `interrupted`: for an operator attaching its downstream to a signal it just
  /// built (`lift`), which may have ended while being set up (`take(first: 0)`).
  @inlinable
  final func observeForwardingEnd(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let box = EventObserverBox(self, action)
    let entry = box.entry
    let subscription = Subscription(core: self, box: box)
    if AttachmentSites.isRecording { AttachmentSites.attached(self, key: entry.key) }
    let ending = withState { state -> Event? in
      if let ending = state.ending { return ending.event() }
      state.observers.append(entry)
      observersChanged(&state)
      return nil
    }
    guard let ending else { return subscription }
    action(ending)
    return nil
  }

  /// Attaches an observer that first receives the current value (replaying cores only).
  ///
  /// An ended core sends its last value and `completed`. A busy core queues the attachment behind the
  /// events already accepted, so the observer starts at the right point of the stream.
  @inlinable
  final func observeReplaying(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    let box = EventObserverBox(self, action)
    return attachReplaying(box.entry, Subscription(core: self, box: box), replay: action)
  }

  /// ``observeReplaying(_:)`` for an observer of the values only (a channel terminal's `observeValues`): the
  /// closure is called as it is, not through a closure that drops the terminal event.
  @inlinable
  final func observeReplayingValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    let box = ValueObserverBox(self, action)
    return attachReplaying(box.entry, Subscription(core: self, box: box)) { event in
      if case .value(let value) = event { action(value) }
    }
  }

  /// Attaches `entry` replaying: `replay` receives what the observer receives before it is attached (the
  /// current value, or an ended core's last value and `completed`).
  @inlinable @inline(never)
  final func attachReplaying(
    _ entry: ObserverEntry<Value, Failure>, _ subscription: Subscription<Value, Failure>, replay action: (Event) -> Void
  ) -> (any Disposable)? {
    if AttachmentSites.isRecording { AttachmentSites.attached(self, key: entry.key) }
    let step = withState { state -> ReplayStep<Value> in
      if state.isTerminated { return .ended(replaying.latest) }
      if SerialWorkState.waitsForWorker(delivery) {
        state.pending.append(.attach(entry, subscription))
        return .queued
      }
      SerialWorkState.claim(delivery)
      state.deliverer = currentThreadID()
      state.observers.append(entry)
      // This thread owns the delivery and calls no observer yet: it may write the sole observer itself (the
      // list still holds the closure it replaces).
      if !isSealed.load(ordering: .relaxed) { writeSoleObserver(state) }
      observerCountChanged(state)
      return .replayNow(replaying.delivered)
    }
    switch step {
    case .ended(let latest):
      if let latest { action(.value(latest)) }
      action(.completed)
      return nil
    case .queued:
      return subscription
    case .replayNow(let current):
      if let current { action(.value(current)) }
      drain()
      return subscription
    }
  }

  /// Detaches a user's observer whose subscription was disposed (see ``remove(key:switchingOff:)``): under the
  /// lock, a box still in the list is switched off as it leaves, so that a delivery from an older snapshot
  /// does not call it after `dispose()` returned, and lets go of the core. The box is reached only while the
  /// list holds it.
  @inlinable
  final func remove(observer box: ObjectIdentifier) {
    remove(key: box, switchingOff: true)
  }

  /// Detaches the observer with `key` (a disposed user's observer, `isUsersObserver`, or an operator's core that
  /// ended). Its closure is released after the lock, or when the delivery in progress is done with it.
  @inlinable
  final func remove(key: ObjectIdentifier, switchingOff isUsersObserver: Bool = false) {
    var heldCore: Unmanaged<AnyObject>?
    let (removed, terminations) = withState { state -> (ObserverEntry<Value, Failure>?, Terminations) in
      let removed = state.observers.remove(key: key)
      if removed != nil, isUsersObserver {
        // The removed entry holds the box: its address is a live object until after the lock.
        let box = Unmanaged<ObserverBox>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: key))!)
        heldCore = box._withUnsafeGuaranteedRef { $0.switchOff() }
      }
      observersChanged(&state)
      let terminations = endIfAbandoned(&state)
      sealIfAlone(&state)
      return (removed, terminations)
    }
    _ = removed
    heldCore?.release()
    terminations.disposeAll()
  }

  /// Under the lock, after the list changed: makes ``soleObserver`` match it, unless someone is delivering.
  ///
  /// During a delivery (a reentrant change included) the deliverer may be calling the sole observer in place,
  /// so it is left as it is, alive, and marked stale: the deliverer takes snapshots until it refreshes it
  /// before letting go (``refreshSoleObserver(_:replacing:)``). Otherwise this thread claims the delivery while
  /// it writes, so a value sent without the lock cannot start meanwhile. Writing never releases the last
  /// reference to a closure (the list, or the caller until after the lock, holds it). A sealed core's is left
  /// alone: it is read without the lock until its end.
  @inlinable @inline(__always)
  final func observersChanged(_ state: inout State) {
    observerCountChanged(state)
    guard !isSealed.load(ordering: .relaxed) else { return }
    guard SerialWorkState.claimOrQueue(delivery, againstClaimsWithoutLock: !replays) else {
      soleState.store(SoleState.stale, ordering: .releasing)
      return
    }
    writeSoleObserver(state)
    delivery.store(SerialWorkState.idle, ordering: .releasing)
  }

  /// Under the lock, after the list changed: a property's core with observers is fed by its graph node (see
  /// ``PropertyCore``); nothing for other cores.
  @inlinable @inline(__always)
  final func observerCountChanged(_ state: State) {
    if replays, replaying.graphNode != nil, !state.observers.isEmpty { replaying.observed() }
  }

  /// Under the lock, by the thread that owns the delivery: makes ``soleObserver`` match the list.
  @inlinable @inline(__always)
  final func writeSoleObserver(_ state: State) {
    if case .one(let entry) = state.observers {
      soleObserver = .one(entry.action)
      soleState.store(SoleState.valid, ordering: .releasing)
    } else {
      soleObserver = .none
      soleState.store(SoleState.none, ordering: .releasing)
    }
  }

  /// Under the lock, by the deliverer before it lets go: makes a stale ``soleObserver`` match the list. What
  /// it held goes to `replaced`, to be released after the lock (the list may no longer hold its closure).
  @inlinable
  final func refreshSoleObserver(_ state: inout State, replacing replaced: inout SoleObserver<Value, Failure>) {
    guard !isSealed.load(ordering: .relaxed) else { return }
    swap(&replaced, &soleObserver)
    writeSoleObserver(state)
  }

  /// One more handle of an `endsWhenUnobserved` core is alive (a `signal` made from a property): it keeps the
  /// core from ending unobserved until ``handleReleased()``.
  @inlinable
  final func handleMade() {
    guard endsWhenUnobserved else { return }
    withState { $0.handles += 1 }
  }

  /// A handle of an `endsWhenUnobserved` core is gone; the core ends once none is left and nothing observes it.
  @inlinable
  final func handleReleased() {
    guard endsWhenUnobserved else { return }
    let terminations = withState { state -> Terminations in
      state.handles -= 1
      let terminations = endIfAbandoned(&state)
      sealIfAlone(&state)
      return terminations
    }
    terminations.disposeAll()
  }

  /// Seals an `endsWhenUnobserved` core that has no handle and exactly one observer: nobody can attach to it
  /// any more, so its observers can only leave, and leaving ends it.
  ///
  /// A sealed core's values skip the lock and the snapshot: ``relay(_:)`` calls the one observer through
  /// ``soleObserver``, which stays put until the terminal event has been delivered (``finish()`` drops it) or
  /// the core is freed. So the closure cannot be released under a delivery, even if the observer leaves on
  /// another thread: the delivery holds this core, which holds the closure. An observer that left is not
  /// called: a user's checks its subscription, an operator's core its end.
  @inlinable
  final func sealIfAlone(_ state: inout State) {
    guard endsWhenUnobserved, !replays, state.handles == 0, !state.isTerminated, state.pending.isEmpty,
      case .one = state.observers, !isSealed.load(ordering: .relaxed),
      soleState.load(ordering: .relaxed) == SoleState.valid, !SerialWorkState.isBusy(delivery)
    else { return }
    // ``soleObserver`` holds the one observer already (``observersChanged(_:)``).
    isSealed.store(true, ordering: .releasing)
  }

  /// Ends an `endsWhenUnobserved` core that has no handle (a property computed from a fed source holds one), no
  /// observer, and no observer waiting in the queue to be attached (a replaying observer that arrived during a
  /// delivery is an observer already).
  @inlinable
  final func endIfAbandoned(_ state: inout State) -> Terminations {
    guard endsWhenUnobserved, state.handles == 0, state.observers.isEmpty, !state.isTerminated else {
      return Terminations()
    }
    let awaitsAttachment = state.pending.contains { item in
      guard case .attach(_, let subscription) = item else { return false }
      return !subscription.isDisposed
    }
    guard !awaitsAttachment else { return Terminations() }
    end(&state, with: .abandoned)
    return state.takeTerminations()
  }

  @inlinable
  final func addTermination(_ disposable: (any Disposable)?) {
    guard let disposable else { return }
    let ended = withState { state -> Bool in
      guard !state.hasReleased else { return true }
      state.terminations.append(disposable)
      return false
    }
    if ended { disposable.dispose() }
  }

}
