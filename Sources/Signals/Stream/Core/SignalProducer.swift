/// A cold stream: a recipe that does its work anew, and independently, each time it is started.
///
/// Its start closure runs once per ``start(_:)-(SignalProducer<Value,Failure>.Observer)``, receiving the observer to
/// send into and a ``Lifetime`` that ends when the produced stream terminates or is disposed — the place to
/// put the work's cleanup. Disposing a started producer delivers `interrupted` to its observer and ends that
/// lifetime. Operators on a producer apply, per start, to the signal that start produces.
///
/// A producer may be started from several threads at once, and each start runs the start closure and every
/// operator's closure again, on the starting thread. So these closures are `@Sendable`: the compiler checks
/// that they capture nothing two starts could race on (`Docs/Contracts.md`, section 14).
public struct SignalProducer<Value, Failure: Error> {
  /// The events of the stream this producer makes.
  public typealias Event = Signal<Value, Failure>.Event
  /// The observer a start closure sends into.
  public typealias Observer = Signal<Value, Failure>.Observer

  @usableFromInline let work: Work

  /// What a start does: run a start closure, or send events known in advance.
  ///
  /// A producer of events known in advance (``init(value:)``, ``init(values:_:)``, an array, ``init(error:)``,
  /// ``empty``) started with an observer sends them straight to it and returns an already-ended disposable: the
  /// observer sees what a start closure would have sent, and nothing is left to interrupt.
  @usableFromInline
  enum Work {
    /// Run the start closure with a fresh observer and lifetime.
    case handler((Observer, Lifetime) -> Void)
    /// Observe the signal: what ``init(_:)-(Signal<Value,Failure>)`` does, written out so that `flatMap` can
    /// observe the signal directly, without a signal of its own for the start.
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

  /// A producer whose every start runs `startHandler` with a fresh observer and lifetime.
  ///
  /// If `startHandler` lets go of the observer without sending a terminal event, the stream is interrupted.
  /// To run forever, keep the observer alive, for example from the lifetime: `lifetime.observeEnded { _ = observer }`.
  ///
  /// `startHandler` is `@Sendable` because two starts on two threads run it at once: state it shares between
  /// starts must be safe to share (a `let` of a `Sendable` type, a `MutableProperty`, an actor); state of one
  /// start belongs inside the closure.
  @inlinable
  public init(_ startHandler: @escaping @Sendable (_ observer: Observer, _ lifetime: Lifetime) -> Void) {
    work = .handler(startHandler)
  }

  /// A producer whose start closure the compiler does not check for `Sendable`: for the package's own
  /// operators and test sources, whose closures capture only what the conformance already covers: `Sendable`
  /// closures from their caller, values of the streams' own types, and other streams, which are safe to use
  /// from any thread. (A static function rather than an initialiser, so that a trailing closure never picks
  /// it by accident.)
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

  /// A producer that sends every element of `values` in order, then completes. It stops early when disposed
  /// from one of its observers, without pulling another element from `values`.
  ///
  /// Every start iterates `values` anew, on the starting thread, so the sequence is `Sendable`: an array or a
  /// range of `Sendable` values, not a lazy sequence whose closure two starts would run at once. Beware that
  /// for `range.lazy.map { … }`, which is not `Sendable`, Swift quietly picks the eager `map`: its closure runs
  /// for every element once, when the producer is made. A lazy sequence of your own that is `Sendable` is
  /// pulled only as far as each start needs.
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
  /// Creates the stream without starting the work, so that operators and observers can be attached to the
  /// signal first; then starts it.
  ///
  /// - Parameter setup: receives the signal and the disposable that interrupts it; it runs before the start
  ///   closure, so it sees every event.
  @inlinable
  public func startWithSignal(_ setup: (_ signal: Signal<Value, Failure>, _ interrupter: any Disposable) -> Void) {
    let start = PreparedStart(self)
    setup(start.signal, start.interrupter)
    start.run()
  }

  /// Starts the work and sends its events to `observer`.
  ///
  /// - Returns: a disposable that interrupts this start: its observer receives `interrupted` (after the event
  ///   in flight, if another thread is delivering one) and the start's lifetime ends.
  @discardableResult
  @inlinable
  public func start(_ observer: Observer = Observer { _ in }) -> any Disposable {
    start { observer.send($0) }
  }

  /// Starts the work and calls `action` with every event; see ``start(_:)-(SignalProducer<Value,Failure>.Observer)``.
  ///
  /// `fileID` and `line` are the call's place, filled in for you: SignalsTesting's `expectReleased` names it for
  /// an observer still attached when a view model leaks. Nothing else reads them.
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

  /// Runs the work of one start, sending its events into `core`.
  ///
  /// Events known in advance are sent in a loop that stops once the start has ended.
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
        core.send(.value(value))
      }
      core.send(.completed)
    case .value, .failure, .completion:
      _ = sendConstantEvents { core.send($0) }
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
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
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
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
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
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
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
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
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
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
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
  /// Applies a signal operator to every start of this producer.
  ///
  /// On each start of the result, this producer is started, `transform` is applied to its signal, and the
  /// transformed signal's events go to the observer. Disposing the result interrupts this producer.
  /// `transform` is `@Sendable`: two starts run it at once.
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

  /// Applies a two-signal operator to every start of this producer and of `other`.
  ///
  /// Both producers are started, `other` first, so that nothing it sends synchronously is missed;
  /// disposing the result interrupts both. `transform` is `@Sendable`: two starts run it at once.
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
