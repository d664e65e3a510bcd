/// A hot stream of values over time: it runs whether or not anyone observes it, and an observer sees the events
/// sent after it started observing. Make one with ``pipe()``, or derive one with an operator; every signal keeps
/// the rules of `Docs/Contracts.md` (the event grammar, serial delivery, sends from any thread).
///
/// A signal lives while its input or an observer holds it: releasing a pipe's input interrupts it and releases
/// what it holds, and a derived signal with no observer and no handle left detaches from its upstream.
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

  /// A signal and the observer that sends into it; releasing `input` without a terminal event interrupts
  /// `output`.
  public static func pipe() -> (output: Signal, input: Observer) {
    let core = SignalCore<Value, Failure>()
    return (Signal(core: core), Observer(core: core))
  }

  /// A signal derived from others by an operator.
  ///
  /// `setup` attaches the new core to its upstream and returns the disposable that detaches it, which runs
  /// when the derived signal ends or is abandoned.
  @inlinable
  convenience init(deriving setup: (SignalCore<Value, Failure>) -> (any Disposable)?) {
    let core = SignalCore<Value, Failure>(endsWhenUnobserved: true)
    self.init(core: core)
    core.addTermination(setup(core))
  }

  /// A signal whose events come from `generator`, given the input and a lifetime that ends with the signal:
  /// a pipe whose input never escapes.
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
    core.sendCompact(.completed)
    return Signal(core: core)
  }
}

extension Signal: @unchecked Sendable where Value: Sendable {}

// MARK: - Observing

extension Signal {
  /// Observes every event: values, then at most one terminal event.
  ///
  /// - Returns: a disposable that detaches `action` (no new event starts in it once `dispose()` returns), or
  ///   `nil` if the signal had already ended and `action` received `interrupted`. It does not hold `action`, so
  ///   an object may keep it without a cycle. `fileID` and `line`, filled in for you, are where
  ///   SignalsTesting's `expectReleased` says an observer of a leaked view model was attached.
  @discardableResult
  @inlinable
  public func observe(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Event) -> Void
  ) -> (any Disposable)? {
    attaching(at: fileID, line) { core.observe(action) }
  }

  /// Attaches an operator's downstream `observer`, which receives the terminal event this signal already ended
  /// with (`take(first: 0)`), if any, rather than `interrupted`. For `lift` and its kin.
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
