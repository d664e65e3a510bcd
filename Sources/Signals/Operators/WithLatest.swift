extension Signal {
  /// Pairs every value with the latest value of `other`.
  ///
  /// ```
  /// input:   -a--b-c-|
  /// other:   --x--y---
  /// result:  ----p-q-|     (p = (b, x), q = (c, y))
  /// ```
  ///
  /// - Emits: `(value, latestOther)` for each value that arrives once `other` has sent a value; values
  ///   before that are dropped.
  /// - Completes: when the source completes. `other` ending, in any way, changes nothing: its last value
  ///   stays the latest.
  /// - Fails: when the source fails, with its error.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending detaches from both.
  public func withLatest<U>(
    from other: Signal<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    madeAt(withLatest(from: other.core, holding: nil) { never in never }, #function, fileID, line)
  }

  /// Pairs every value with the latest value of a start of `other`, made now: ReactiveSwift's
  /// `withLatest(from:)` taking a producer.
  ///
  /// ```
  /// input:   -a--b-c-|
  /// other:   x--y-----      (its start, from now)
  /// result:  -p--q-r-|      (p = (a, x), q = (b, y), r = (c, y))
  /// ```
  ///
  /// `other` is started at once, before any value of this signal can arrive, so a value it sends
  /// synchronously (a property's current value) is there for the first value.
  ///
  /// - Emits, completes, fails: as ``withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``.
  /// - Interruption and disposal: as ``withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``; when the result ends or is
  ///   abandoned, the start of `other` is interrupted.
  public func withLatest<U>(
    from other: SignalProducer<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    var result: Signal<(Value, U), Failure>?
    other.startWithSignal { signal, interrupter in
      result = withLatest(from: signal.core, holding: interrupter) { never in never }
    }
    return madeAt(result!, #function, fileID, line)
  }

  /// The pairs of this signal's values with the latest value of `otherCore`; `start`, if any, is disposed
  /// when the result ends (the start that feeds `otherCore`). A failure of `otherCore`, mapped by `failure`,
  /// fails the result.
  func withLatest<U, F>(
    from otherCore: SignalCore<U, F>, holding start: (any Disposable)?, failure: @escaping (F) -> Failure
  ) -> Signal<(Value, U), Failure> {
    let upstream = core
    return Signal<(Value, U), Failure>(deriving: { downstream in
      let coordinator = Coordinator(U?.none, downstream: downstream)
      let disposables = CompositeDisposable()
      disposables += start
      disposables += otherCore.observe { event in
        switch event {
        case .value(let value): coordinator.update { latest, _ in latest = value }
        case .failed(let error): coordinator.update { _, outbox in outbox.append(.failed(failure(error))) }
        case .completed, .interrupted: break
        }
      }
      disposables += upstream.observe { event in
        coordinator.update { latest, outbox in
          switch event {
          case .value(let value):
            if let latest { outbox.append(.value((value, latest))) }
          case .failed(let error): outbox.append(.failed(error))
          case .completed: outbox.append(.completed)
          case .interrupted: outbox.append(.interrupted)
          }
        }
      }
      return disposables
    })
  }

  /// Pairs every value with the current value of `property`, which always has one.
  ///
  /// ```
  /// input:     -a--b|
  /// property:  x--y       (x at first, y from tick 3)
  /// result:    -p--q|     (p = (a, x), q = (b, y))
  /// ```
  ///
  /// - Emits: `(value, property.value)` for every value, reading the property as the value arrives; no value
  ///   is dropped, since a property always has one.
  /// - Completes: when the source completes. The property ending changes nothing: its last value stays.
  /// - Fails: when the source fails, with its error.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending detaches from the
  ///   source; the result holds `property` for as long as it lives.
  public func withLatest<P: PropertyProtocol>(
    from property: P, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, P.Value), Failure> {
    madeAt(map { ($0, property.value) }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Pairs every value of every start with the latest value of a start of `other`, which starts first;
  /// see ``Signal/withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``.
  public func withLatest<U>(
    from other: SignalProducer<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, U), Failure> {
    lifting(#function, fileID, line, other) { $0.withLatest(from: $1) }
  }

  /// Pairs every value of every start with the latest value `other` sent since that start; see
  /// ``Signal/withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``.
  public func withLatest<U>(
    from other: Signal<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, U), Failure> {
    madeAt(withLatest(from: SignalProducer<U, Never>(other)), #function, fileID, line)
  }

  /// Pairs every value of every start with the current value of `property`; see
  /// ``Signal/withLatest(from:fileID:line:)-(P,_,_)``.
  ///
  /// ```
  /// producer:  -a--b|
  /// property:  x--y       (x at first, y from tick 3)
  /// result:    -p--q|     (p = (a, x), q = (b, y))
  /// ```
  ///
  /// - Emits: `(value, property.value)` for every value of a start, reading the property as the value
  ///   arrives, so a later start sees the property as it is then.
  /// - Completes: when the start completes. **Fails:** when it fails, with its error.
  /// - Interruption and disposal: an interrupted start interrupts the result; disposing the result's start
  ///   interrupts this producer's start. The producer holds `property` for as long as it lives.
  public func withLatest<P: PropertyProtocol>(
    from property: P, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, P.Value), Failure> {
    lifting(#function, fileID, line) { $0.withLatest(from: property) }
  }
}

// An `other` that can fail, with the source's failure type: RxSwift's `withLatestFrom` forwards the second
// source's error, and so do these. ReactiveSwift's `other` cannot fail. Declared on the protocols so that,
// where both cannot fail, the forms above are the ones Swift picks (see Throwing.swift).

extension SignalProtocol {
  /// Pairs every value with the latest value of `other`, which can fail: its failure fails the result.
  ///
  /// ```
  /// input:   -a--b-c-|
  /// other:   --x--X
  /// result:  ----pX        (p = (b, x))
  /// ```
  ///
  /// - Emits, completes, interruption and disposal: as ``Signal/withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``;
  ///   `other` completing or being interrupted changes nothing.
  /// - Fails: when the source or `other` fails, with its error.
  public func withLatest<U>(
    from other: Signal<U, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    madeAt(signal.withLatest(from: other.core, holding: nil) { $0 }, #function, fileID, line)
  }

  /// Pairs every value with the latest value of a start of `other`, made now, which can fail; see the failing
  /// ``withLatest(from:fileID:line:)-(Signal<U,Self.Failure>,_,_)``. When the result ends, that start is interrupted.
  public func withLatest<U>(
    from other: SignalProducer<U, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    var result: Signal<(Value, U), Failure>?
    other.startWithSignal { otherSignal, interrupter in
      result = signal.withLatest(from: otherSignal.core, holding: interrupter) { $0 }
    }
    return madeAt(result!, #function, fileID, line)
  }
}

extension SignalProducerProtocol {
  /// Pairs every value of every start with the latest value of a start of `other`, which starts first and
  /// can fail; see the failing ``SignalProtocol/withLatest(from:fileID:line:)-(Signal<U,Self.Failure>,_,_)``.
  public func withLatest<U>(
    from other: SignalProducer<U, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, U), Failure> {
    producer.lifting(#function, fileID, line, other) { $0.withLatest(from: $1) }
  }
}
