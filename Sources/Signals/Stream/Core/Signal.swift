/// A hot stream of values over time: it runs whether or not anyone observes it, and every observer sees the
/// events sent after it started observing.
///
/// Create one with ``pipe()`` and send into its input, or derive one with an operator. Every signal obeys the
/// grammar `value* (failed | completed | interrupted)?`, delivers to its observers one event at a time, and
/// accepts sends from any thread, including reentrant sends from its own observers, which are delivered after
/// the current event (see `Docs/Contracts.md`).
///
/// A signal stays alive while its input or one of its observers holds it. When the last reference to a
/// pipe's input goes away, the signal is interrupted and everything it holds is released. A derived signal
/// that has no observer and no handle left detaches from its upstream.
public final class Signal<Value, Failure: Error> {
  @usableFromInline let core: SignalCore<Value, Failure>

  /// Always inlined, so that a handle used only to chain the next operator (`signal.map(f).filter(g)`) can
  /// live on the stack.
  @inlinable @inline(__always)
  init(core: SignalCore<Value, Failure>) {
    self.core = core
  }

  deinit {
    core.handleReleased()
  }

  /// A signal and the observer that sends into it.
  ///
  /// - Returns: `output`, which delivers what is sent into `input`. Releasing `input` without a terminal event
  ///   interrupts `output`.
  public static func pipe() -> (output: Signal, input: Observer) {
    let core = SignalCore<Value, Failure>()
    return (Signal(core: core), Observer(core: core))
  }

  /// A signal derived from others by an operator.
  ///
  /// `setup` receives the new core, attaches it to its upstream, and returns the disposable that detaches it,
  /// which runs when the derived signal ends or is abandoned (no observer, no handle).
  @inlinable
  convenience init(deriving setup: (SignalCore<Value, Failure>) -> (any Disposable)?) {
    let core = SignalCore<Value, Failure>(endsWhenUnobserved: true)
    self.init(core: core)
    core.addTermination(setup(core))
  }

  /// A signal whose events come from `generator`, which receives the input and a lifetime that ends when the
  /// signal terminates. Like a pipe, but the input never escapes to the caller.
  public convenience init(_ generator: (_ input: Observer, _ lifetime: Lifetime) -> Void) {
    let core = SignalCore<Value, Failure>()
    self.init(core: core)
    let disposables = CompositeDisposable()
    core.addTermination(disposables)
    generator(Observer(core: core), Lifetime(disposables))
  }

  /// A signal that never sends anything and never ends.
  public static var never: Signal {
    Signal(core: SignalCore())
  }

  /// A signal that has already completed: observers are interrupted at once, as for every ended signal.
  public static var empty: Signal {
    let core = SignalCore<Value, Failure>()
    core.send(.completed)
    return Signal(core: core)
  }
}

extension Signal: @unchecked Sendable where Value: Sendable {}

// MARK: - Observing

extension Signal {
  /// Observes every event: values, then at most one terminal event.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended, in which case
  ///   `action` has received `interrupted`. After `dispose()` returns, no new event starts in `action`, except
  ///   the one another thread may already have begun delivering. The disposable does not hold `action`: an
  ///   object may keep it and be captured by `action` without forming a cycle.
  ///
  /// `fileID` and `line` are the call's place, filled in for you: SignalsTesting's `expectReleased` names it for
  /// an observer still attached when a view model leaks. Nothing else reads them.
  @discardableResult
  @inlinable
  public func observe(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Event) -> Void
  ) -> (any Disposable)? {
    attaching(at: fileID, line) { core.observe(action) }
  }

  /// Attaches an operator's downstream `observer`; like ``observe(_:)-(Signal<Value,Failure>.Observer)``, but
  /// if this signal already ended — an operator that ends while it is being set up, such as `take(first: 0)` —
  /// `observer` receives the terminal event it ended with rather than `interrupted`. For `lift` and its kin.
  @usableFromInline
  func observeForwardingEnd(_ observer: Observer) -> (any Disposable)? {
    core.observeForwardingEnd { observer.send($0) }
  }

  /// Observes every event with `observer`; see ``observe(fileID:line:_:)``.
  @discardableResult
  @inlinable
  public func observe(_ observer: Observer) -> (any Disposable)? {
    core.observe { observer.send($0) }
  }

  /// Observes values only; terminal events are ignored.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  @inlinable
  public func observeValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> (any Disposable)? {
    attaching(at: fileID, line) { core.observeValues(action) }
  }

  /// Observes the failure, if the signal fails.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func observeFailed(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Failure) -> Void
  ) -> (any Disposable)? {
    observe(fileID: fileID, line: line) { event in
      if case .failed(let error) = event { action(error) }
    }
  }

  /// Observes completion, if the signal completes.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func observeCompleted(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    observe(fileID: fileID, line: line) { event in
      if case .completed = event { action() }
    }
  }

  /// Observes interruption, if the signal is interrupted — including at once, if it had already ended.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func observeInterrupted(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    observe(fileID: fileID, line: line) { event in
      if case .interrupted = event { action() }
    }
  }

  /// Observes values as `.success` and the failure as `.failure`; completion and interruption are ignored.
  ///
  /// - Returns: a disposable that detaches `action`, or `nil` if the signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func observeResult(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Result<Value, Failure>) -> Void
  ) -> (any Disposable)? {
    observe(fileID: fileID, line: line) { event in
      switch event {
      case .value(let value): action(.success(value))
      case .failed(let error): action(.failure(error))
      case .completed, .interrupted: break
      }
    }
  }
}
