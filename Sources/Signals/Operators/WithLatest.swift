extension Signal {
  /// Pairs every value with the latest value of `other`.
  /// ```
  /// input:   -a--b-c-|
  /// other:   --x--y---
  /// result:  ----p-q-|     (p = (b, x), q = (c, y))
  /// ```
  /// - Emits: `(value, latestOther)` for each value once `other` has sent one; values before that are dropped.
  /// - Completes: when the source completes; `other`'s end changes nothing. **Fails:** when the source fails.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending detaches from both.
  public func withLatest<U>(
    from other: Signal<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    madeAt(withLatest(from: other.core, holding: nil) { never in never }, #function, fileID, line)
  }

  /// Pairs every value with the latest value of a start of `other`, made now (ReactiveSwift's
  /// `withLatest(from:)` taking a producer); a value it sends synchronously is there for the first value.
  /// ```
  /// input:   -a--b-c-|
  /// other:   x--y-----      (its start, from now)
  /// result:  -p--q-r-|      (p = (a, x), q = (b, y), r = (c, y))
  /// ```
  /// - Emits, completes, fails, interruption and disposal: as
  ///   ``withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``; ending interrupts the start of `other`.
  public func withLatest<U>(
    from other: SignalProducer<U, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    var result: Signal<(Value, U), Failure>?
    other.startWithSignal { signal, interrupter in
      result = withLatest(from: signal.core, holding: interrupter) { never in never }
    }
    return madeAt(result!, #function, fileID, line)
  }

  /// The pairs of this signal's values with the latest value of `otherCore`, whose failure, mapped by
  /// `failure`, fails the result; `start`, the start feeding `otherCore`, is disposed when the result ends.
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
  /// ```
  /// input:     -a--b|
  /// property:  x--y       (x at first, y from tick 3)
  /// result:    -p--q|     (p = (a, x), q = (b, y))
  /// ```
  /// - Emits: `(value, property.value)` for every value, read as the value arrives.
  /// - Completes: when the source completes. **Fails:** when the source fails.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending detaches from the
  ///   source; the result holds `property` while it lives.
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

  /// Pairs every value of every start with the current value of `property`, read as the value arrives; see
  /// ``Signal/withLatest(from:fileID:line:)-(P,_,_)``. The producer holds `property` while it lives.
  public func withLatest<P: PropertyProtocol>(
    from property: P, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, P.Value), Failure> {
    lifting(#function, fileID, line) { $0.withLatest(from: property) }
  }
}

// An `other` that can fail, with the source's failure type, as RxSwift's (ReactiveSwift's cannot fail).
// Declared on the protocols so that where neither can fail the forms above win (see Throwing.swift).

extension SignalProtocol {
  /// Pairs every value with the latest value of `other`, which can fail: its failure fails the result.
  /// ```
  /// input:   -a--b-c-|
  /// other:   --x--X
  /// result:  ----pX        (p = (b, x))
  /// ```
  /// - Emits, completes, interruption and disposal: as ``Signal/withLatest(from:fileID:line:)-(Signal<U,Never>,_,_)``.
  /// - Fails: when the source or `other` fails, with its error.
  public func withLatest<U>(
    from other: Signal<U, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, U), Failure> {
    madeAt(signal.withLatest(from: other.core, holding: nil) { $0 }, #function, fileID, line)
  }

  /// Pairs every value with the latest value of a start of `other`, made now, which can fail; see
  /// ``withLatest(from:fileID:line:)-(Signal<U,Self.Failure>,_,_)``. Ending interrupts that start.
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
  /// Pairs every value of every start with the latest value of a start of `other`, which starts first and can
  /// fail; see ``SignalProtocol/withLatest(from:fileID:line:)-(Signal<U,Self.Failure>,_,_)``.
  public func withLatest<U>(
    from other: SignalProducer<U, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, U), Failure> {
    producer.lifting(#function, fileID, line, other) { $0.withLatest(from: $1) }
  }
}
