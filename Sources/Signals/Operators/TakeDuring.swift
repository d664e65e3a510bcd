extension Signal {
  /// Forwards events until `lifetime` ends, then completes.
  /// ```
  /// input:    -1-2-
  /// lifetime: --e      (e: the lifetime ends)
  /// result:   -1|
  /// ```
  /// - Emits: the source's values while `lifetime` lasts.
  /// - Completes: when the source completes, or when `lifetime` ends (at once if it already has).
  /// - Fails: when the source fails.
  /// - Interruption and disposal: an interrupted source interrupts the result; ending detaches from both
  ///   the source and the lifetime.
  public func take(during lifetime: Lifetime, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    let upstream = core
    return madeAt(
      Signal(deriving: { downstream in
        let disposables = CompositeDisposable()
        disposables += lifetime.observeEnded { downstream.sendCompact(.completed) }
        disposables += upstream.observe { downstream.sendCompact($0) }
        return disposables
      }), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Forwards each start's events until `lifetime` ends, then completes; see ``Signal/take(during:fileID:line:)``.
  /// A start after the lifetime ended completes at once without starting this producer.
  public func take(during lifetime: Lifetime, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    madeAt(
      SignalProducer.unchecked { observer, outer in
        guard !lifetime.hasEnded else {
          observer.sendCompleted()
          return
        }
        self.startWithSignal { signal, interrupter in
          outer += interrupter
          outer += signal.take(during: lifetime).observeForwardingEnd(observer)
        }
      }, #function, fileID, line)
  }
}
