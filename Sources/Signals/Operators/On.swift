extension Signal {
  /// Runs side effects as events pass through, without changing them.
  /// ```
  /// input:          -1-2-|
  /// on(value: log): -1-2-|   (log ran with 1, then with 2, each before the value went on)
  /// ```
  /// Every hook runs on the delivering thread, before the event is forwarded: the hook for the kind of event,
  /// then `terminated` for a terminal event. `interrupted` runs at once if the signal had already ended.
  /// `disposed` runs once, after the result has ended or been abandoned and detached from the source.
  ///
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
  /// ```
  /// producer:                    (1|)
  /// on(starting: s, started: t): (1|)   (s ran before the start closure, t after it returned)
  /// ```
  /// Per start, in order: `starting`; this producer's start closure, its events passing the hooks of
  /// ``Signal/on(value:failed:completed:interrupted:terminated:disposed:fileID:line:)``; then `started`, once the
  /// start closure has returned. Disposing a start calls `interrupted` and `terminated`; `disposed` runs once
  /// per start, when it ends or is disposed.
  ///
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
