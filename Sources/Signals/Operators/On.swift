extension Signal {
  /// Runs side effects as events pass through, without changing them.
  ///
  /// ```
  /// input:          -1-2-|
  /// on(value: log): -1-2-|   (log ran with 1, then with 2, each before the value went on)
  /// ```
  ///
  /// Every hook runs on the delivering thread, before the event is forwarded: first the hook for the kind of
  /// event, then `terminated` for a terminal event. `disposed` runs once, after the result has ended or has
  /// been abandoned — no observer and no handle left, which for a result nobody keeps or observes is at once.
  ///
  /// - Parameters:
  ///   - value: called with every value.
  ///   - failed: called with the error if the source fails.
  ///   - completed: called if the source completes.
  ///   - interrupted: called if the source is interrupted, including at once when `on` is applied to a signal
  ///     that had already ended (a late observer of the result runs no hook).
  ///   - terminated: called after `failed`, `completed` or `interrupted`, whichever happens.
  ///   - disposed: called once when the result ends or is abandoned, after it has detached from the source.
  ///   - fileID: where it is made, shown by debugging tools (`Docs/Debugging.md`) in debug builds only;
  ///     leave the default.
  ///   - line: the line where it is made; see `fileID`.
  /// - Emits, completes, fails: exactly as the source.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func on(
    value: ((Value) -> Void)? = nil,
    failed: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    interrupted: (() -> Void)? = nil,
    terminated: (() -> Void)? = nil,
    disposed: (() -> Void)? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    let upstream = core
    return madeAt(
      Signal(deriving: { downstream in
        let subscription = upstream.observe { event in
          switch event {
          case .value(let element): value?(element)
          case .failed(let error): failed?(error)
          case .completed: completed?()
          case .interrupted: interrupted?()
          }
          if event.isTerminating { terminated?() }
          downstream.relay(event)
        }
        guard let disposed else { return subscription }
        return AnyDisposable {
          subscription?.dispose()
          disposed()
        }
      }), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Runs side effects around every start and as its events pass through, without changing them.
  ///
  /// ```
  /// producer:                    (1|)
  /// on(starting: s, started: t): (1|)   (s ran before the start closure, t after it returned)
  /// ```
  ///
  /// Per start, in order: `starting`, then this producer's start closure — during which events pass the
  /// event hooks as in ``Signal/on(value:failed:completed:interrupted:terminated:disposed:fileID:line:)`` — then
  /// `started` once the start closure has returned (a synchronous producer has already ended by then).
  /// `disposed` runs once per start, when that start ends or is disposed.
  ///
  /// - Parameters:
  ///   - starting: called on each start, before this producer's start closure runs.
  ///   - started: called on each start, after this producer's start closure has returned (or was skipped
  ///     because the start had already ended).
  ///   - value: called with every value of a start.
  ///   - failed: called with the error if a start fails.
  ///   - completed: called if a start completes.
  ///   - interrupted: called if a start is interrupted — disposing a start calls it, after the start's
  ///     observer has received `interrupted`.
  ///   - terminated: called after `failed`, `completed` or `interrupted`, whichever happens (disposing a start
  ///     calls it too).
  ///   - disposed: called once per start, when that start ends or is disposed.
  ///   - fileID: where it is made, shown by debugging tools (`Docs/Debugging.md`) in debug builds only;
  ///     leave the default.
  ///   - line: the line where it is made; see `fileID`.
  /// - Emits, completes, fails: exactly as this producer.
  /// - Interruption and disposal: disposing the start interrupts this producer.
  public func on(
    starting: (@Sendable () -> Void)? = nil,
    started: (@Sendable () -> Void)? = nil,
    value: (@Sendable (Value) -> Void)? = nil,
    failed: (@Sendable (Failure) -> Void)? = nil,
    completed: (@Sendable () -> Void)? = nil,
    interrupted: (@Sendable () -> Void)? = nil,
    terminated: (@Sendable () -> Void)? = nil,
    disposed: (@Sendable () -> Void)? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(
      hooking(starting: starting, started: started) { signal in
        signal.on(
          value: value,
          failed: failed,
          completed: completed,
          interrupted: interrupted,
          terminated: terminated,
          disposed: disposed
        )
      }, #function, fileID, line)
  }

  /// ``on(starting:started:value:failed:completed:interrupted:terminated:disposed:fileID:line:)`` with the event hooks
  /// applied by `hook`; unchecked for `Sendable`, for the library's own hooks (`logEvents`).
  func hooking(
    starting: (() -> Void)?,
    started: (() -> Void)?,
    _ hook: @escaping (Signal<Value, Failure>) -> Signal<Value, Failure>
  ) -> SignalProducer {
    SignalProducer.unchecked { observer, lifetime in
      starting?()
      self.startWithSignal { signal, interrupter in
        lifetime += interrupter
        lifetime += hook(signal).observeForwardingEnd(observer)
      }
      started?()
    }
  }
}
