extension Signal {
  /// Drops the first `count` values, then forwards everything.
  ///
  /// ```
  /// input:         -1-2-3-4-|
  /// skip(first:2): -----3-4-|
  /// ```
  ///
  /// - Emits: every value after the first `count` (all of them if `count` ≤ 0).
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error, even while
  ///   still skipping.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func skip(first count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(relaying(SkipFirstStep<Value, Failure>(remaining: count)), #function, fileID, line)
  }

  /// Drops values while `shouldContinue` holds, then forwards everything, starting with the first value
  /// that fails it.
  ///
  /// ```
  /// input:            -1-2-5-1-|
  /// skip(while: < 3): -----5-1-|
  /// ```
  ///
  /// - Emits: the first value for which `shouldContinue` returns `false`, and every value after it.
  ///   `shouldContinue` is not called again once it has returned `false`.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func skip(
    fileID: StaticString = #fileID, line: UInt = #line, while shouldContinue: @escaping (Value) -> Bool
  ) -> Signal {
    madeAt(relaying(SkipWhileStep(shouldContinue)), #function, fileID, line)
  }
}

extension Signal {
  /// Drops values until `trigger` fires, then forwards everything.
  ///
  /// ```
  /// input:           -1-2-3-4-|
  /// trigger:         ----x-----
  /// skip(until:):    -----3-4-|
  /// ```
  ///
  /// Any event of `trigger` opens the gate — a value, completion, or interruption — as any event of it ends
  /// ``take(until:fileID:line:)``; so `skip(until: lifetime.ended)` waits for a lifetime's end. A trigger that had already
  /// ended when the result was made opens it at once.
  ///
  /// - Parameters:
  ///   - trigger: any signal that cannot fail; only the fact that it sends something matters.
  ///   - fileID: where it is made, shown by debugging tools (`Docs/Debugging.md`) in debug builds only;
  ///     leave the default.
  ///   - line: the line where it is made; see `fileID`.
  /// - Emits: the source's values that arrive after the trigger fired; none before.
  /// - Completes: when the source completes, even while still skipping. **Fails:** when the source fails,
  ///   with its error, even while still skipping.
  /// - Interruption and disposal: an interrupted source interrupts the result. Once the trigger fired, the
  ///   result detaches from it; ending, for any reason, detaches from both.
  public func skip<Trigger>(
    until trigger: Signal<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    let upstream = core
    let triggerCore = trigger.core
    return madeAt(
      Signal(deriving: { downstream in
        // Two upstreams, each serial on its own but not with the other: a flag behind a lock, and `send`.
        let isSkipping = Locked(true)
        let triggerObservation = SerialDisposable()
        triggerObservation.inner = triggerCore.observe { _ in
          isSkipping.withLock { $0 = false }
          triggerObservation.dispose()
        }
        let source = upstream.observe { event in
          if case .value = event, isSkipping.withLock({ $0 }) { return }
          downstream.send(event)
        }
        return CompositeDisposable([triggerObservation, source].compactMap { $0 })
      }), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Drops the first `count` values of every start; see ``Signal/skip(first:fileID:line:)``.
  public func skip(first count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line) { $0.skip(first: count) }
  }

  /// Drops the values of every start while `shouldContinue` holds; see ``Signal/skip(fileID:line:while:)``.
  public func skip(
    fileID: StaticString = #fileID, line: UInt = #line, while shouldContinue: @escaping @Sendable (Value) -> Bool
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.skip(while: shouldContinue) }
  }

  /// Drops the values of every start until a start of `trigger` fires; see ``Signal/skip(until:fileID:line:)``.
  ///
  /// Each start starts `trigger` first, then this producer; disposing or ending the start interrupts both.
  public func skip<Trigger>(
    until trigger: SignalProducer<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line, trigger) { signal, triggerSignal in signal.skip(until: triggerSignal) }
  }
}

// A trigger that can fail, with the source's failure type: RxSwift's `skip(until:)` forwards the trigger's error,
// and so do these; ReactiveSwift's triggers cannot fail. Declared on the protocols, as the failing
// `take(until:)` is (Take.swift), so that where the trigger cannot fail the forms above are the ones Swift picks.

extension SignalProtocol {
  /// Drops values until `trigger` sends a value or ends, then forwards everything; a trigger that fails before
  /// that fails the result with its error.
  ///
  /// ```
  /// input:          -1-2-3-4-|
  /// trigger:        ---X
  /// skip(until:):   ---X
  /// ```
  ///
  /// - Emits, completes, interruption and disposal: as ``Signal/skip(until:fileID:line:)``; the trigger's value,
  ///   completion or interruption opens the gate, and from then on the result no longer observes it, so a
  ///   later failure of the trigger changes nothing.
  /// - Fails: when the source fails, with its error, even while still skipping; or when the trigger fails
  ///   before it fired, with its error.
  public func skip<Trigger>(
    until trigger: Signal<Trigger, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, Failure> {
    let upstream = signal.core
    let triggerCore = trigger.core
    return madeAt(
      Signal(deriving: { downstream in
        // As the form above: a flag behind a lock, and `send`, since the two upstreams are not serial together.
        let isSkipping = Locked(true)
        let triggerObservation = SerialDisposable()
        triggerObservation.inner = triggerCore.observe { event in
          if case .failed(let error) = event { return downstream.send(.failed(error)) }
          isSkipping.withLock { $0 = false }
          triggerObservation.dispose()
        }
        let source = upstream.observe { event in
          if case .value = event, isSkipping.withLock({ $0 }) { return }
          downstream.send(event)
        }
        return CompositeDisposable([triggerObservation, source].compactMap { $0 })
      }), #function, fileID, line)
  }
}

extension SignalProducerProtocol {
  /// Drops the values of every start until a start of `trigger`, which can fail, fires; see the failing
  /// ``SignalProtocol/skip(until:fileID:line:)``. `trigger` starts first.
  public func skip<Trigger>(
    until trigger: SignalProducer<Trigger, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, Failure> {
    producer.lifting(#function, fileID, line, trigger) { signal, triggerSignal in signal.skip(until: triggerSignal) }
  }
}

/// `skip(first:)`'s step: drops `remaining` values, then relays the others.
struct SkipFirstStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  var remaining: Int

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    if remaining > 0 {
      remaining -= 1
    } else {
      downstream.relayValue(value)
    }
    return nil
  }

  mutating func release() {}
}

/// `skip(while:)`'s step: drops values while `shouldContinue` accepts them, then relays every value.
struct SkipWhileStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  var shouldContinue: (Value) -> Bool
  var isSkipping = true

  init(_ shouldContinue: @escaping (Value) -> Bool) {
    self.shouldContinue = shouldContinue
  }

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    if isSkipping {
      guard !shouldContinue(value) else { return nil }
      isSkipping = false
    }
    downstream.relayValue(value)
    return nil
  }

  mutating func release() {
    shouldContinue = { _ in relayClosureCalledAfterTheEnd() }
  }
}
