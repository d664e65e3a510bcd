import Synchronization

/// `flatMap(.latest)` and `flatMap(.concat)` observing an inner producer that merely observes a signal
/// (``SignalProducer/init(_:)-(Signal<Value,Failure>)``): the observer's entry in that signal's list, the
/// disposable that detaches it, and what hands its events to the engine, in one object.
///
/// A user's observation takes three (a subscription, a box for the closure, and the closure's context), so
/// that a disposable the user keeps never keeps the closure; this one is only kept by the engine's
/// ``FlattenMachine``, and `.latest` makes one on every outer value.
@usableFromInline
final class InnerObservation<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline let engine: FlattenEngine<Value, Failure>
  @usableFromInline let id: Int
  @usableFromInline let isActive = Atomic<Bool>(true)
  @usableFromInline let core: SignalCore<Value, Failure>
  /// `core.remove(key:)`, made where the types are known (see ``Subscription/detach``).
  @usableFromInline let detach: (InnerObservation) -> Void

  @inlinable
  init(engine: FlattenEngine<Value, Failure>, id: Int, core: SignalCore<Value, Failure>) {
    self.engine = engine
    self.id = id
    self.core = core
    detach = { $0.core.remove(key: ObjectIdentifier($0)) }
  }

  /// Observes `signal` for the inner start `id` of `engine`; `nil` if the signal already ended (the engine
  /// has then received `interrupted` for it).
  @inlinable
  static func observe(
    _ signal: Signal<Value, Failure>, engine: FlattenEngine<Value, Failure>, id: Int
  ) -> InnerObservation? {
    let observation = InnerObservation(engine: engine, id: id, core: signal.core)
    let entry = ObserverEntry<Value, Failure>(key: observation) { [observation] event in
      guard observation.isActive.load(ordering: .acquiring) else { return }
      observation.engine.receiveInner(event, id: observation.id)
    }
    return signal.core.attach(entry) ? observation : nil
  }

  @usableFromInline
  var isDisposed: Bool { !isActive.load(ordering: .acquiring) }

  /// Detaches from the signal: no event starts in the engine for this start once it returns.
  @inlinable
  func dispose() {
    guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    detach(self)
  }
}
