extension Signal {
  /// Drops the first `count` values, then forwards everything.
  /// ```
  /// input:         -1-2-3-4-|
  /// skip(first:2): -----3-4-|
  /// ```
  /// - Emits: every value after the first `count` (all of them if `count` ≤ 0).
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error, even while
  ///   still skipping.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func skip(first count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(relaying(SkipFirstStep<Value, Failure>(remaining: count)), #function, fileID, line)
  }

  /// Drops values while `shouldContinue` holds, then forwards everything, starting with the first value
  /// that fails it.
  /// ```
  /// input:            -1-2-5-1-|
  /// skip(while: < 3): -----5-1-|
  /// ```
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
  /// ```
  /// input:           -1-2-3-4-|
  /// trigger:         ----x-----
  /// skip(until:):    -----3-4-|
  /// ```
  /// Any event of `trigger` opens the gate — a value, completion, or interruption — so `skip(until:
  /// lifetime.ended)` waits for a lifetime's end; a trigger that had already ended opens it at once.
  ///
  /// - Emits: the source's values that arrive after the trigger fired.
  /// - Completes: when the source completes. **Fails:** when the source fails, even while still skipping.
  /// - Interruption and disposal: an interrupted source interrupts the result. The result detaches from the
  ///   trigger once it fired, and from both when it ends.
  public func skip<Trigger>(
    until trigger: Signal<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    skipping(until: trigger, failure: { never in never }, #function, fileID, line)
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
  /// `trigger` starts first.
  public func skip<Trigger>(
    until trigger: SignalProducer<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line, trigger) { signal, triggerSignal in signal.skip(until: triggerSignal) }
  }
}

// A trigger that can fail, with the source's failure type, as RxSwift's (ReactiveSwift's cannot fail). Declared
// on the protocols so that where the trigger cannot fail the forms above win (see Take.swift).

extension SignalProtocol {
  /// Drops values until `trigger` sends a value or ends, then forwards everything; a trigger that fails before
  /// that fails the result with its error.
  /// ```
  /// input:          -1-2-3-4-|
  /// trigger:        ---X
  /// skip(until:):   ---X
  /// ```
  /// - Emits, completes, interruption and disposal: as ``Signal/skip(until:fileID:line:)``.
  /// - Fails: when the source fails, or when the trigger fails before it fired, with its error.
  public func skip<Trigger>(
    until trigger: Signal<Trigger, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, Failure> {
    signal.skipping(until: trigger, failure: { $0 }, #function, fileID, line)
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

extension Signal {
  /// Both `skip(until:)`: drops values until `trigger` fires. The gate is behind a lock: the trigger's
  /// deliveries and the source's are not serial together.
  func skipping<Trigger, TriggerFailure>(
    until trigger: Signal<Trigger, TriggerFailure>, failure: @escaping (TriggerFailure) -> Failure,
    _ function: StaticString, _ fileID: StaticString, _ line: UInt
  ) -> Signal {
    let isSkipping = Locked(true)
    return gated(by: trigger, failure: failure, function, fileID, line) { _ in
      isSkipping.withLock { $0 = false }
    } forward: { downstream, event in
      if case .value = event, isSkipping.withLock({ $0 }) { return }
      downstream.sendCompact(event)
    }
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
