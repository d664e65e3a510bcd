extension Signal {
  /// Forwards the first `count` values, then completes.
  /// ```
  /// input:         -1-2-3-4-|
  /// take(first:2): -1-2|
  /// ```
  /// - Emits: the first `count` values.
  /// - Completes: after the `count`-th value, detaching from the source (at once if `count` ≤ 0), or when the
  ///   source completes earlier. **Fails:** when the source fails first.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func take(first count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    guard count > 0 else { return madeAt(.empty, #function, fileID, line) }
    return madeAt(relaying(TakeFirstStep(count)), #function, fileID, line)
  }

  /// Forwards only the last `count` values, all at once when the source completes.
  /// ```
  /// input:        -1-2-3-|
  /// take(last:2): -------(23|)
  /// ```
  /// - Emits: nothing until the source completes; then its last `count` values in order.
  /// - Completes: after sending them. **Fails:** when the source fails; buffered values are dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result, dropping the buffer.
  public func take(last count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(relaying(TakeLastStep(count)), #function, fileID, line)
  }

  /// Forwards values while `shouldContinue` holds; completes at the first value that fails it.
  /// ```
  /// input:            -1-2-5-1-|
  /// take(while: < 3): -1-2-|
  /// ```
  /// - Emits: the values before the first one that fails `shouldContinue`; that one is not sent.
  /// - Completes: at that value, detaching from the source, or when the source completes earlier.
  ///   **Fails:** when the source fails first.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func take(
    fileID: StaticString = #fileID, line: UInt = #line, while shouldContinue: @escaping (Value) -> Bool
  ) -> Signal {
    madeAt(relaying(TakeWhileStep(shouldContinue)), #function, fileID, line)
  }

  /// Forwards events until `trigger` sends a value or ends, then completes.
  /// ```
  /// input:   -1-2-3-4-|
  /// trigger: -----t---
  /// result:  -1-2-|
  /// ```
  /// Any event of `trigger` ends the result — a value, completion, or interruption — so `take(until:
  /// lifetime.ended)` works; a trigger that had already ended ends it at once.
  ///
  /// - Emits: the source's values until the trigger fires.
  /// - Completes: when the trigger fires, or when the source completes. **Fails:** when the source fails first.
  /// - Interruption and disposal: an interrupted source interrupts the result. Ending detaches from both.
  public func take<Trigger>(
    until trigger: Signal<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    taking(until: trigger, failure: { never in never }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Forwards the first `count` values of every start, then completes; see ``Signal/take(first:fileID:line:)``.
  public func take(first count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line) { $0.take(first: count) }
  }

  /// Forwards the last `count` values of every start when it completes; see ``Signal/take(last:fileID:line:)``.
  public func take(last count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    lifting(#function, fileID, line) { $0.take(last: count) }
  }

  /// Forwards the values of every start while `shouldContinue` holds; see ``Signal/take(fileID:line:while:)``.
  public func take(
    fileID: StaticString = #fileID, line: UInt = #line, while shouldContinue: @escaping @Sendable (Value) -> Bool
  ) -> SignalProducer {
    lifting(#function, fileID, line) { $0.take(while: shouldContinue) }
  }

  /// Forwards every start's events until a start of `trigger` fires, then completes; see
  /// ``Signal/take(until:fileID:line:)``. `trigger` starts first: if it fires synchronously, this producer is
  /// not started.
  public func take<Trigger>(
    until trigger: SignalProducer<Trigger, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line, trigger) { signal, triggerSignal in signal.take(until: triggerSignal) }
  }
}

// A trigger that can fail, with the source's failure type, as RxSwift's (ReactiveSwift's cannot fail). Declared
// on the protocols so that where neither can fail the forms above win (see Throwing.swift).

extension SignalProtocol {
  /// Forwards events until `trigger` sends a value or completes, then completes; a trigger that fails fails
  /// the result with its error.
  /// ```
  /// input:            -1-2-3-|
  /// trigger:          ----X
  /// take(until:):     -1-2X
  /// ```
  /// - Emits, completes, interruption and disposal: as ``Signal/take(until:fileID:line:)``.
  /// - Fails: when the source or the trigger fails, with its error.
  public func take<Trigger>(
    until trigger: Signal<Trigger, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, Failure> {
    signal.taking(until: trigger, failure: { $0 }, #function, fileID, line)
  }
}

extension SignalProducerProtocol {
  /// Forwards every start's events until a start of `trigger`, which can fail, fires; see the failing
  /// ``SignalProtocol/take(until:fileID:line:)``. `trigger` starts first.
  public func take<Trigger>(
    until trigger: SignalProducer<Trigger, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, Failure> {
    producer.lifting(#function, fileID, line, trigger) { signal, triggerSignal in signal.take(until: triggerSignal) }
  }
}

extension Signal {
  /// Both `take(until:)`: forwards events until `trigger` fires, then completes.
  func taking<Trigger, TriggerFailure>(
    until trigger: Signal<Trigger, TriggerFailure>, failure: @escaping (TriggerFailure) -> Failure,
    _ function: StaticString, _ fileID: StaticString, _ line: UInt
  ) -> Signal {
    gated(by: trigger, failure: failure, function, fileID, line) {
      $0.sendCompact(.completed)
    } forward: {
      $0.sendCompact($1)
    }
  }
}

/// `take(first:)`'s step: relays values until it has relayed `count`, then is done.
struct TakeFirstStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  var remaining: Int

  init(_ count: Int) {
    remaining = count
  }

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    remaining -= 1
    downstream.relayValue(value)
    return remaining == 0 ? .completed : nil
  }

  mutating func release() {}
}

/// `take(while:)`'s step: relays values until one fails `shouldContinue`, then is done.
struct TakeWhileStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  var shouldContinue: (Value) -> Bool

  init(_ shouldContinue: @escaping (Value) -> Bool) {
    self.shouldContinue = shouldContinue
  }

  func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    guard shouldContinue(value) else { return .completed }
    downstream.relayValue(value)
    return nil
  }

  mutating func release() {
    shouldContinue = { _ in relayClosureCalledAfterTheEnd() }
  }
}

/// `take(last:)`'s step: keeps the latest `count` values, and relays them at the completion.
struct TakeLastStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  let count: Int
  var buffer: [Value] = []

  init(_ count: Int) {
    self.count = count
    buffer.reserveCapacity(Swift.max(0, Swift.min(count, 64)))
  }

  mutating func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    guard count > 0 else { return nil }
    if buffer.count == count { buffer.removeFirst() }
    buffer.append(value)
    return nil
  }

  mutating func complete(into downstream: SignalCore<Value, Failure>) {
    for value in buffer { downstream.relay(.value(value)) }
  }

  mutating func release() {
    buffer = []
  }
}
