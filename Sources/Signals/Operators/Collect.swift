extension Signal {
  /// Gathers every value into one array, sent when the source completes.
  /// ```
  /// input:     -1-2-3-|
  /// collect(): -------(a|)   (a = [1, 2, 3])
  /// ```
  /// - Emits: one array of all the values, in order, when the source completes (`[]` if there were none).
  /// - Completes: right after it. **Fails:** when the source fails, dropping the values gathered.
  /// - Interruption and disposal: an interrupted source interrupts the result, sending nothing; ending
  ///   detaches from the source.
  public func collect(fileID: StaticString = #fileID, line: UInt = #line) -> Signal<[Value], Failure> {
    madeAt(reduce(into: []) { values, value in values.append(value) }, #function, fileID, line)
  }

  /// Gathers the values into arrays of `count`, and sends what is left when the source completes.
  /// ```
  /// input:            -1-2-3-4-5-|
  /// collect(count:2): ---a---b---(c|)   (a = [1, 2], b = [3, 4], c = [5])
  /// ```
  /// - Emits: an array each time `count` (positive) values have arrived; at completion, the rest, if any.
  /// - Completes: when the source completes, after the rest. **Fails:** when the source fails, dropping the
  ///   partial array.
  /// - Interruption and disposal: an interrupted source interrupts the result, dropping the partial array;
  ///   ending detaches from the source.
  public func collect(count: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Signal<[Value], Failure> {
    precondition(count > 0, "collect(count:) needs a positive count, not \(count).")
    return madeAt(relaying(CollectStep(count)), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Sends one array of all the values of every start when it completes; see ``Signal/collect(fileID:line:)``.
  public func collect(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer<[Value], Failure> {
    lifting(#function, fileID, line) { $0.collect() }
  }

  /// Sends the values of every start in arrays of `count`; see ``Signal/collect(count:fileID:line:)``.
  public func collect(
    count: Int, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<[Value], Failure> {
    precondition(count > 0, "collect(count:) needs a positive count, not \(count).")
    return lifting(#function, fileID, line) { $0.collect(count: count) }
  }
}

/// `collect(count:)`'s step: relays the values in arrays of `count`, and the rest at the completion.
struct CollectStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Failure

  let count: Int
  var buffer: [Value] = []

  init(_ count: Int) {
    self.count = count
    buffer.reserveCapacity(Swift.min(count, 64))
  }

  mutating func receive(
    _ value: Value, into downstream: SignalCore<[Value], Failure>
  ) -> Signal<[Value], Failure>.Event? {
    buffer.append(value)
    guard buffer.count == count else { return nil }
    let full = buffer
    buffer.removeAll(keepingCapacity: true)
    downstream.relayValue(full)
    return nil
  }

  mutating func complete(into downstream: SignalCore<[Value], Failure>) {
    if !buffer.isEmpty { downstream.relayValue(buffer) }
  }

  mutating func release() {
    buffer = []
  }
}
