/// The core of one start of a producer, which is also the disposable that interrupts it, the owner of the
/// start's lifetime, and, for `start(_:)` and its kin, the home of the start's observer.
///
/// One object where a start used to make four (core, interrupter, the observer's box and subscription): a
/// start's observer is never detached on its own — disposing the start interrupts the stream instead — so it
/// needs no subscription, and its closure needs no box (see ``init(_:)``).
///
/// The core and its observer's entry form a cycle while the stream runs; it is broken when the stream ends
/// (the core releases its observers), as it was with a separate box. The observer's closure is released when
/// it has received its terminal event, so a disposable someone keeps does not keep what the closure captured.
@usableFromInline
final class StartCore<Value, Failure: Error>: SignalCore<Value, Failure>, Disposable, LifetimeOwner,
  @unchecked Sendable
{
  /// What the start's observer is.
  @usableFromInline
  enum Receiver {
    /// No observer of its own (a start prepared for `startWithSignal`, observed through its signal).
    case none
    /// A closure that receives every event.
    case events((Event) -> Void)
    /// A closure that receives the values only.
    case values((Value) -> Void)
  }

  /// The disposables of the start's ``Lifetime``, made at its first addition (see ``lifetimeDisposables()``);
  /// guarded by the core's lock.
  @exclusivity(unchecked) @usableFromInline var madeLifetime: CompositeDisposable?
  /// ``makeLifetimeDisposables()``, made where the types are known (the lifetime calls it through an
  /// existential, unspecialised).
  @usableFromInline let makeLifetime: (StartCore) -> CompositeDisposable
  /// Read only by this core's deliveries, which are serial, and set to `.none` by the delivery of the
  /// terminal event, the last one. Not checked for exclusivity at run time for that reason.
  @exclusivity(unchecked) @usableFromInline var receiver: Receiver
  /// `interrupt()`, made where the types are known: `dispose()` is called through `any Disposable` and runs
  /// unspecialised; this closure, built in the specialised `init` and capturing nothing, takes it back to
  /// specialised code.
  @usableFromInline let interruptSpecialised: (StartCore) -> Void

  /// A start whose events go to `receiver`.
  ///
  /// A closure of every event is the observer's entry itself: the core's list holds it, a delivery calls it
  /// without going through the core, and it is released with the list at the end. A closure of values needs
  /// a wrapper; it is kept in ``receiver`` and called through an entry whose context is the core, so that
  /// the wrapper costs no allocation.
  @inlinable
  init(_ receiver: Receiver) {
    interruptSpecialised = { $0.interrupt() }
    makeLifetime = { $0.makeLifetimeDisposables() }
    switch receiver {
    case .none:
      self.receiver = .none
      super.init()
    case .events(let action):
      self.receiver = .none
      super.init()
      // Not shared yet: no lock needed.
      lockedState.observers = .one(ObserverEntry(key: self, action: action))
      observersChanged(&lockedState)
    case .values:
      self.receiver = receiver
      super.init()
      lockedState.observers = .one(ObserverEntry(key: self) { [self] in receive($0) })
      observersChanged(&lockedState)
    }
  }

  /// Hands `event` to the start's observer; after the terminal event, lets go of it.
  @inlinable @inline(__always)
  final func receive(_ event: Event) {
    switch receiver {
    case .none: break
    case .events(let action): action(event)
    case .values(let action): if case .value(let value) = event { action(value) }
    }
    if event.isTerminating { receiver = .none }
  }

  /// The start's lifetime, for its start closure.
  @inlinable
  var lifetime: Lifetime { Lifetime(owner: self) }

  /// The lifetime's disposables, made now if this is the first call: disposed when the stream ends, or at
  /// once if it already has.
  @inlinable
  final func makeLifetimeDisposables() -> CompositeDisposable {
    let (disposables, hasEnded) = withState { state -> (CompositeDisposable, Bool) in
      if let made = madeLifetime { return (made, false) }
      let made = CompositeDisposable()
      madeLifetime = made
      guard !state.hasReleased else { return (made, true) }
      state.terminations.append(made)
      return (made, false)
    }
    if hasEnded { disposables.dispose() }
    return disposables
  }

  @usableFromInline
  func lifetimeDisposables() -> CompositeDisposable {
    makeLifetime(self)
  }

  @usableFromInline
  var hasEndedLifetime: Bool { hasTerminated }

  /// Whether the start has ended: its stream terminated, or it was interrupted.
  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// Interrupts the start: its observer receives `interrupted` (after the event in flight, if another thread
  /// is delivering one) and its lifetime ends.
  @usableFromInline
  func dispose() {
    interruptSpecialised(self)
  }
}
