/// A cold stream: a recipe that does its work anew, and independently, each time it is started.
///
/// Its start closure runs once per start, with the observer to send into and a ``Lifetime`` that ends when the
/// stream terminates or is disposed (the place for cleanup). Disposing a start interrupts its observer and ends
/// that lifetime. Operators apply, per start, to the signal that start produces. Starts may run on several
/// threads at once, so the start closure and operator closures are `@Sendable` (`Docs/Contracts.md` §14).
public struct SignalProducer<Value, Failure: Error> {
  /// The events of the stream this producer makes.
  public typealias Event = Signal<Value, Failure>.Event
  /// The observer a start closure sends into.
  public typealias Observer = Signal<Value, Failure>.Observer

  @usableFromInline let work: Work

  /// What a start does: run a start closure, or send events known in advance (``init(value:)``, an array,
  /// ``init(error:)``, ``empty``) straight to the observer, returning an already-ended disposable.
  @usableFromInline
  enum Work {
    /// Run the start closure with a fresh observer and lifetime.
    case handler((Observer, Lifetime) -> Void)
    /// Observe the signal (``init(_:)-(Signal<Value,Failure>)``), written out so that `flatMap` observes it
    /// without a signal of its own for the start.
    case signal(Signal<Value, Failure>)
    /// Send the value, then complete.
    case value(Value)
    /// Send every value in order, then complete.
    case values([Value])
    /// Fail with the error.
    case failure(Failure)
    /// Complete.
    case completion
  }

  @inlinable
  init(work: Work) {
    self.work = work
  }

  /// A producer whose every start runs `startHandler` with a fresh observer and lifetime. If `startHandler`
  /// lets go of the observer without a terminal event, the stream is interrupted; to run forever, keep it
  /// alive (`lifetime.observeEnded { _ = observer }`). State shared between starts must be safe to share.
  @inlinable
  public init(_ startHandler: @escaping @Sendable (_ observer: Observer, _ lifetime: Lifetime) -> Void) {
    work = .handler(startHandler)
  }

  /// A producer whose start closure is not checked for `Sendable`, for the package's own operators and test
  /// sources, which capture only `Sendable` closures, values of the streams' own types, and other streams.
  /// (A static function, so that no trailing closure picks it.)
  @inlinable
  package static func unchecked(_ startHandler: @escaping (_ observer: Observer, _ lifetime: Lifetime) -> Void) -> Self
  {
    SignalProducer(work: .handler(startHandler))
  }

  /// A producer that sends `value`, then completes.
  @inlinable
  public init(value: Value) {
    work = .value(value)
  }

  /// A producer that sends every element of `values` in order, then completes; disposed from an observer, it
  /// pulls no further element. Every start iterates `values` anew, hence `Sendable`. (For the non-`Sendable`
  /// `range.lazy.map { … }`, Swift quietly picks the eager `map`, run once when the producer is made.)
  @inlinable
  public init<S: Sequence & Sendable>(_ values: S) where S.Element == Value {
    // An array yields the same elements on every start, without side effects: its events are known in advance.
    if let array = values as? [Value] {
      self.init(work: .values(array))
      return
    }
    self = .unchecked { observer, lifetime in
      var iterator = values.makeIterator()
      while !observer.hasEnded(or: lifetime), let value = iterator.next() {
        observer.send(value: value)
      }
      observer.sendCompleted()
    }
  }

  /// A producer that sends every argument in order, then completes.
  @inlinable
  public init(values first: Value, _ rest: Value...) {
    work = .values([first] + rest)
  }

  /// A producer that fails with `error` at once.
  @inlinable
  public init(error: Failure) {
    work = .failure(error)
  }

  /// A producer that sends the success value and completes, or fails with the failure.
  public init(result: Result<Value, Failure>) {
    switch result {
    case .success(let value): self.init(value: value)
    case .failure(let error): self.init(error: error)
    }
  }

  /// A producer that runs `action` on each start, then sends its result: a value and completion, or failure.
  /// `action` is `@Sendable`: two starts run it at once.
  public init(_ action: @escaping @Sendable () -> Result<Value, Failure>) {
    self = .unchecked { observer, _ in
      switch action() {
      case .success(let value):
        observer.send(value: value)
        observer.sendCompleted()
      case .failure(let error):
        observer.send(error: error)
      }
    }
  }

  /// A producer that, on each start, observes `signal`: it forwards the signal's events from then on, and
  /// disposing the start detaches from the signal (and interrupts this start only).
  @inlinable
  public init(_ signal: Signal<Value, Failure>) {
    work = .signal(signal)
  }

  /// A producer that completes at once, sending nothing.
  public static var empty: SignalProducer {
    SignalProducer(work: .completion)
  }

  /// A producer that sends nothing and never ends until disposed.
  public static var never: SignalProducer {
    SignalProducer.unchecked { observer, lifetime in
      lifetime.observeEnded { _ = observer }
    }
  }
}

extension SignalProducer: @unchecked Sendable where Value: Sendable {}

// MARK: - Starting

extension SignalProducer {
  /// Creates the stream without starting the work, so that `setup` can attach operators and observers to the
  /// signal, with the disposable that interrupts it; then starts it.
  @inlinable
  public func startWithSignal(_ setup: (_ signal: Signal<Value, Failure>, _ interrupter: any Disposable) -> Void) {
    let start = PreparedStart(self)
    setup(start.signal, start.interrupter)
    start.run()
  }

  /// Starts the work and sends its events to `observer`.
  ///
  /// - Returns: a disposable that interrupts this start: its observer receives `interrupted` (after an event
  ///   in flight on another thread) and the start's lifetime ends.
  @discardableResult
  @inlinable
  public func start(_ observer: Observer = Observer { _ in }) -> any Disposable {
    start { observer.send($0) }
  }

  /// Starts the work and calls `action` with every event; see ``start(_:)-(SignalProducer<Value,Failure>.Observer)``.
  ///
  /// `fileID` and `line`, filled in for you, are where SignalsTesting's `expectReleased` says an observer of a
  /// leaked view model was attached.
  @discardableResult
  @inlinable
  public func start(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Event) -> Void
  ) -> any Disposable {
    guard !sendConstantEvents(to: action) else { return EndedDisposable.shared }
    return run(StartCore(.events(action)), fileID, line)
  }

  /// Runs the work of one start into `start` and returns it; while a leak check records, what the start
  /// attaches is noted as attached at `fileID`:`line`.
  @inlinable @inline(__always)
  func run(_ start: StartCore<Value, Failure>, _ fileID: StaticString, _ line: UInt) -> StartCore<Value, Failure> {
    let noted = AttachmentSites.isRecording && AttachmentSites.enter(fileID, line)
    run(into: start)
    if noted { AttachmentSites.leave() }
    return start
  }

  /// Runs the work of one start, sending its events into `core`; events known in advance stop once the
  /// start has ended.
  @inlinable
  func run(into core: StartCore<Value, Failure>) {
    switch work {
    case .handler(let startHandler):
      startHandler(Observer(core: core), core.lifetime)
    case .signal(let signal):
      core.addTermination(signal.observe(Observer(core: core)))
    case .values(let values):
      for value in values {
        guard !core.hasTerminated else { return }
        core.sendCompact(.value(value))
      }
      core.sendCompact(.completed)
    case .value, .failure, .completion:
      _ = sendConstantEvents { core.sendCompact($0) }
    }
  }

  /// Sends the events of a producer of events known in advance straight to `action`, and returns `true`; a
  /// producer with a start closure sends nothing and returns `false`.
  @inlinable @inline(__always)
  func sendConstantEvents(to action: (Event) -> Void) -> Bool {
    switch work {
    case .handler, .signal:
      return false
    case .value(let value):
      action(.value(value))
      action(.completed)
    case .values(let values):
      for value in values { action(.value(value)) }
      action(.completed)
    case .failure(let error):
      action(.failed(error))
    case .completion:
      action(.completed)
    }
    return true
  }

  /// Starts the work and calls `action` with every value.
  @discardableResult
  @inlinable
  public func startWithValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> any Disposable {
    let constant = sendConstantEvents { event in
      if case .value(let value) = event { action(value) }
    }
    guard !constant else { return EndedDisposable.shared }
    return run(StartCore(.values(action)), fileID, line)
  }

  /// Starts the work and calls `action` with every value as `.success` and the failure as `.failure`.
  @discardableResult
  @inlinable
  public func startWithResult(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Result<Value, Failure>) -> Void
  ) -> any Disposable {
    start(fileID: fileID, line: line) { event in
      switch event {
      case .value(let value): action(.success(value))
      case .failed(let error): action(.failure(error))
      case .completed, .interrupted: break
      }
    }
  }

  /// Starts the work and calls `action` if it fails.
  @discardableResult
  @inlinable
  public func startWithFailed(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Failure) -> Void
  ) -> any Disposable {
    start(fileID: fileID, line: line) { event in
      if case .failed(let error) = event { action(error) }
    }
  }

  /// Starts the work and calls `action` if it completes.
  @discardableResult
  @inlinable
  public func startWithCompleted(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping () -> Void
  ) -> any Disposable {
    start(fileID: fileID, line: line) { event in
      if case .completed = event { action() }
    }
  }

  /// Starts the work and calls `action` if it is interrupted.
  @discardableResult
  @inlinable
  public func startWithInterrupted(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping () -> Void
  ) -> any Disposable {
    start(fileID: fileID, line: line) { event in
      if case .interrupted = event { action() }
    }
  }
}

// MARK: - Lifting

extension SignalProducer {
  /// Applies a signal operator to every start of this producer: `transform` is applied to each start's signal,
  /// whose events go to the observer. Disposing the result interrupts this producer.
  @inlinable
  public func lift<U, F>(
    _ transform: @escaping @Sendable (Signal<Value, Failure>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    SignalProducer<U, F>.unchecked { observer, lifetime in
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        lifetime.hold(transform(signal).observeForwardingEnd(observer))
      }
    }
  }

  /// Applies a two-signal operator to every start of this producer and of `other`, which starts first, so that
  /// nothing it sends synchronously is missed; disposing the result interrupts both.
  @inlinable
  public func lift<U, F, V, G>(
    _ other: SignalProducer<V, G>,
    _ transform: @escaping @Sendable (Signal<Value, Failure>, Signal<V, G>) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    SignalProducer<U, F>.unchecked { observer, lifetime in
      self.startWithSignal { signal, interrupter in
        lifetime.hold(interrupter)
        other.startWithSignal { otherSignal, otherInterrupter in
          lifetime.hold(otherInterrupter)
          lifetime.hold(transform(signal, otherSignal).observeForwardingEnd(observer))
        }
      }
    }
  }
}
