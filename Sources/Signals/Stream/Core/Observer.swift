extension Signal {
  /// The sending side of a stream: what a pipe's input, a producer's start closure and an operator's
  /// downstream are.
  ///
  /// An observer either forwards into a signal (a pipe's input) or calls a closure. A pipe's input interrupts
  /// its signal when it is released without having sent a terminal event, so a forgotten input never leaves
  /// observers waiting forever.
  public final class Observer {
    @usableFromInline let core: SignalCore<Value, Failure>?
    @usableFromInline let action: (Event) -> Void
    /// Sends `interrupted` into `core`; made where the types are known, for the `deinit`, which runs
    /// unspecialised.
    @usableFromInline let interruptCore: (SignalCore<Value, Failure>) -> Void

    /// An observer that calls `action` with every event it is sent.
    ///
    /// `action` runs on the sending thread, and an observer may be sent into from several threads at once (it
    /// is `Sendable` when its values are), so `action` is `@Sendable`. Observing with a closure
    /// (`signal.observe { … }`, `producer.start { … }`) needs none of this: those closures are called one event
    /// at a time.
    public init(_ action: @escaping @Sendable (Event) -> Void) {
      self.core = nil
      self.action = action
      interruptCore = { _ in }
    }

    /// An observer with a closure per kind of event; the ones left `nil` ignore their event. The closures are
    /// `@Sendable`, as for ``init(_:)``.
    public convenience init(
      value: (@Sendable (Value) -> Void)? = nil,
      failed: (@Sendable (Failure) -> Void)? = nil,
      completed: (@Sendable () -> Void)? = nil,
      interrupted: (@Sendable () -> Void)? = nil
    ) {
      self.init { event in
        switch event {
        case .value(let v): value?(v)
        case .failed(let error): failed?(error)
        case .completed: completed?()
        case .interrupted: interrupted?()
        }
      }
    }

    @inlinable
    init(core: SignalCore<Value, Failure>) {
      self.core = core
      self.action = { _ in }  // never called: a non-optional closure saves an unwrap per event
      interruptCore = { $0.sendCompact(.interrupted) }
    }

    deinit {
      // The usual case, a start closure that already sent its terminal event, skips the send.
      guard let core, !core.hasTerminated else { return }
      interruptCore(core)
    }

    /// Sends an event. After a terminal event, everything sent is ignored.
    @inlinable @inline(__always)
    public func send(_ event: Event) {
      // Optional chaining, not `if let core`: the core is borrowed from this observer, not retained.
      if core != nil {
        core?.sendCompact(event)
      } else {
        action(event)
      }
    }

    /// Whether the stream this observer sends into has ended, or else whether `lifetime` has: for a start
    /// closure's loop, which checks before every value.
    @inlinable
    func hasEnded(or lifetime: Lifetime) -> Bool {
      if let core { return core.hasTerminated }
      return lifetime.hasEnded
    }

    /// Sends a value.
    @inlinable @inline(__always)
    public func send(value: Value) {
      send(.value(value))
    }

    /// Fails the stream with `error`. Terminal.
    @inlinable
    public func send(error: Failure) {
      send(.failed(error))
    }

    /// Completes the stream. Terminal.
    @inlinable
    public func sendCompleted() {
      send(.completed)
    }

    /// Interrupts the stream. Terminal.
    @inlinable
    public func sendInterrupted() {
      send(.interrupted)
    }
  }
}

extension Signal.Observer: @unchecked Sendable where Value: Sendable {}
