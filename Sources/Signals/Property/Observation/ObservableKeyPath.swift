import Observation

extension SignalProducer where Failure == Never {
  /// A producer of the value at `keyPath` on an `@Observable` object: its current value when started, then
  /// its value after each change, completing when the object is released.
  ///
  /// ```
  /// model.title:  a--b--c--(released)
  /// producer:     a--b--c--|
  /// ```
  ///
  /// Observation reports a change *before* it is stored, so the new value is read later, as a timed action on
  /// `scheduler` due at once (time schedulers always enqueue those, even ``MainScheduler`` on the main queue).
  /// Changes made before that read coalesce into one value. `keyPath` must read a tracked property.
  ///
  /// **Threading**: the first value is read on the thread that starts the producer, later ones on
  /// `scheduler`. For a `@MainActor` model, start it on the main thread and pass ``MainScheduler/shared``.
  ///
  /// **Emits** the current value, then the value after each change. **Completes** when `object` is
  /// released (the producer holds it weakly). **Fails** never.
  ///
  /// **Interruption and disposal**: disposing stops reading; no value is read after that. The object's
  /// registrar keeps one inert change handler until the key path next changes or the object is released.
  ///
  /// - Parameters:
  ///   - object: the observed object; held weakly.
  ///   - keyPath: what to read from it.
  ///   - scheduler: where each new value is read and sent.
  public init<Object: Observable & AnyObject>(
    observing object: Object,
    _ keyPath: KeyPath<Object, Value>,
    on scheduler: some TimeScheduler
  ) {
    // Unchecked: each start reads `object` on `scheduler`, which the caller chose for it (Docs/Contracts.md,
    // section 14).
    self = .unchecked { observer, lifetime in
      let loop = ObservationLoop(object, keyPath, scheduler: scheduler) { event in
        switch event {
        case .value(let value): observer.send(value: value)
        case .released: observer.sendCompleted()
        }
      }
      lifetime.observeEnded { loop.stop() }
      loop.track()
    }
  }
}

extension Observable where Self: AnyObject {
  /// A binding target that sets `keyPath` on this `@Observable` object with each bound value, so that
  /// `model.bindingTarget(for: \.title, on: MainScheduler.shared) <~ titles` keeps `title` up to date.
  ///
  /// The target holds the object weakly, and its lifetime ends when the object is released (found out, like
  /// ``SignalProducer/init(observing:_:on:)``, by tracking `keyPath` and re-tracking it on `scheduler`), so
  /// the binding never keeps the model alive. Values are set on whatever thread the source delivers them:
  /// for a `@MainActor` model, bind a source that delivers on the main scheduler. Each call tracks `keyPath`
  /// for as long as the object lives, so make one target per binding, not one per value.
  ///
  /// - Parameters:
  ///   - keyPath: the tracked property to set.
  ///   - scheduler: where tracking is renewed after each change.
  public func bindingTarget<Value>(
    for keyPath: ReferenceWritableKeyPath<Self, Value>,
    on scheduler: some TimeScheduler
  ) -> BindingTarget<Value> {
    let disposables = CompositeDisposable()
    let loop = ObservationLoop(self, keyPath, scheduler: scheduler) { event in
      if case .released = event { disposables.dispose() }
    }
    disposables.add { loop.stop() }
    loop.track()
    return BindingTarget(on: self, lifetime: Lifetime(disposables), keyPath: keyPath)
  }
}

/// Reads a key path under observation tracking, again after each change, until stopped or the object goes.
///
/// It is handed between the starting thread, the thread that mutates the object (only `stop`/`schedule`
/// run there), and the scheduler; `object` is only read on the starting thread and the scheduler.
final class ObservationLoop<Object: Observable & AnyObject, Value>: @unchecked Sendable {
  enum Event {
    case value(Value)
    case released
  }

  weak var object: Object?
  let keyPath: KeyPath<Object, Value>
  let scheduler: any TimeScheduler
  let send: (Event) -> Void
  let stopped = Locked(false)

  init(
    _ object: Object, _ keyPath: KeyPath<Object, Value>, scheduler: any TimeScheduler, send: @escaping (Event) -> Void
  ) {
    self.object = object
    self.keyPath = keyPath
    self.scheduler = scheduler
    self.send = send
  }

  func stop() {
    stopped.withLock { $0 = true }
  }

  var isStopped: Bool { stopped.withLock { $0 } }

  /// Reads the value, sends it, and arranges the next read; sends `released` once the object has gone.
  func track() {
    guard !isStopped else { return }
    guard let object else { return send(.released) }
    // The registrar holds the change handler, and with it the sentinel, until a change or its own release.
    let handle = LoopHandle(self)
    let sentinel = ReleaseSentinel { handle.released() }
    let value = withObservationTracking {
      object[keyPath: keyPath]
    } onChange: { [sentinel] in
      sentinel.disarm()
      handle.changed()
    }
    send(.value(value))
    withExtendedLifetime(sentinel) {}
  }
}

/// The loop's two reactions without its generic types, for the `@Sendable` handlers that observation keeps.
final class LoopHandle: @unchecked Sendable {
  let released: () -> Void
  let changed: () -> Void

  init<Object, Value>(_ loop: ObservationLoop<Object, Value>) {
    released = { if !loop.isStopped { loop.send(.released) } }
    changed = { _ = loop.scheduler.schedule(after: .zero) { loop.track() } }
  }
}

/// Calls its action when released, unless disarmed first: released armed means the registrar went away.
final class ReleaseSentinel: Sendable {
  let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  func disarm() {
    action.withLock { $0 = nil }
  }

  deinit {
    action.withLock { $0 }?()
  }
}
