extension Signal {
  /// Accumulates the values into a running result, and sends the result after every value.
  /// ```
  /// input:      -1-2-3-|
  /// scan(0, +): -1-3-6-|
  /// ```
  /// - Emits: `next(accumulated, value)` for each value, where `accumulated` starts at `initial` and is
  ///   the previous result afterwards. `initial` itself is not sent.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``. The running result belongs to this derived
  ///   signal; a producer starts from `initial` on every start.
  public func scan<U>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping (U, Value) -> U
  ) -> Signal<U, Failure> {
    madeAt(
      scan(into: initial) { accumulated, value in accumulated = next(accumulated, value) }, #function, fileID, line)
  }

  /// Accumulates the values into a running result changed in place, and sends it after every value.
  /// ```
  /// input:              -x-y-|
  /// scan(into: "", +=): -a-b-|   (a = "x", b = "xy")
  /// ```
  /// - Emits: the running result after `next` has changed it, once per value.
  /// - Completes, fails, interruption and disposal: as ``scan(_:fileID:line:_:)``.
  public func scan<U>(
    into initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping (inout U, Value) -> Void
  ) -> Signal<U, Failure> {
    madeAt(relaying(ScanStep(initial, next, sendsEveryResult: true)), #function, fileID, line)
  }

  /// Accumulates the values into one result, sent when the source completes.
  /// ```
  /// input:        -1-2-3-|
  /// reduce(0, +): -------(6|)
  /// ```
  /// - Emits: one value when the source completes: the final result, or `initial` if there were no values.
  /// - Completes: right after that value. **Fails:** when the source fails; nothing is sent for the values
  ///   so far.
  /// - Interruption and disposal: an interrupted source interrupts the result and nothing is sent; ending
  ///   detaches from the source.
  public func reduce<U>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping (U, Value) -> U
  ) -> Signal<U, Failure> {
    madeAt(
      reduce(into: initial) { accumulated, value in accumulated = next(accumulated, value) }, #function, fileID, line)
  }

  /// Accumulates the values into one result changed in place, sent when the source completes.
  /// ```
  /// input:                    -1-2-|
  /// reduce(into: [], append): -----(a|)   (a = [1, 2])
  /// ```
  /// - Emits, completes, fails, interruption and disposal: as ``reduce(_:fileID:line:_:)``.
  public func reduce<U>(
    into initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping (inout U, Value) -> Void
  ) -> Signal<U, Failure> {
    madeAt(relaying(ScanStep(initial, next, sendsEveryResult: false)), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Sends the running result after every value of every start; see ``Signal/scan(_:fileID:line:_:)``.
  public func scan<U>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping @Sendable (U, Value) -> U
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.scan(initial, next) }
  }

  /// Sends the running result, changed in place, after every value of every start;
  /// see ``Signal/scan(into:fileID:line:_:)``.
  public func scan<U>(
    into initial: U, fileID: StaticString = #fileID, line: UInt = #line,
    _ next: @escaping @Sendable (inout U, Value) -> Void
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.scan(into: initial, next) }
  }

  /// Sends the final result of every start when it completes; see ``Signal/reduce(_:fileID:line:_:)``.
  public func reduce<U>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping @Sendable (U, Value) -> U
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.reduce(initial, next) }
  }

  /// Sends the final result, built in place, of every start when it completes; see ``Signal/reduce(into:fileID:line:_:)``.
  public func reduce<U>(
    into initial: U, fileID: StaticString = #fileID, line: UInt = #line,
    _ next: @escaping @Sendable (inout U, Value) -> Void
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.reduce(into: initial, next) }
  }
}

/// The step of `scan` and `reduce`: changes the running result with every value, and sends it after every
/// value or once, before the completion.
struct ScanStep<Input, Output, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  var accumulated: Output
  var next: (inout Output, Input) -> Void
  let sendsEveryResult: Bool

  init(_ initial: Output, _ next: @escaping (inout Output, Input) -> Void, sendsEveryResult: Bool) {
    accumulated = initial
    self.next = next
    self.sendsEveryResult = sendsEveryResult
  }

  mutating func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event?
  {
    next(&accumulated, value)
    if sendsEveryResult { downstream.relayValue(accumulated) }
    return nil
  }

  mutating func complete(into downstream: SignalCore<Output, Failure>) {
    if !sendsEveryResult { downstream.relayValue(accumulated) }
  }

  mutating func release() {
    next = { _, _ in relayClosureCalledAfterTheEnd() }
  }
}
