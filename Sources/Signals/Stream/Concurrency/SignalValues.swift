/// The values of a ``Signal`` or a started ``SignalProducer`` as an `AsyncSequence` whose `Failure` is the
/// stream's typed failure: `for await` needs no `try` when `Failure` is `Never`, and `catch` sees a `Failure`.
/// ```
/// stream:  -a-b-|        -a-X        -a-!
/// values:   a, b, end     a, throws   a, end
/// ```
/// **Subscribes** at `makeAsyncIterator()`, once per iterator: a `Signal` delivers what it sends from then on, a
/// `SignalProducer` starts anew. **Buffers** without bound: the sender never blocks, values wait in order.
/// **Emits** each value; **completes** (`nil`) after `completed` or `interrupted`; **fails** by throwing the
/// `Failure` once, after the buffered values. **Disposal:** cancelling the task, or dropping the iterator,
/// detaches the observer or interrupts the producer.
public struct SignalValues<Value: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// The stream of events as results; a `.failure` is the last element.
  typealias Results = AsyncStream<Result<Value, Failure>>

  let subscribe: @Sendable (Results.Continuation) -> (any Disposable)?

  init(subscribe: @escaping @Sendable (Results.Continuation) -> (any Disposable)?) {
    self.subscribe = subscribe
  }

  /// Subscribes to the stream and returns an iterator over its values.
  public func makeAsyncIterator() -> Iterator {
    let (results, continuation) = Results.makeStream(bufferingPolicy: .unbounded)
    let disposable = subscribe(continuation)
    continuation.onTermination = { _ in disposable?.dispose() }
    return Iterator(base: results.makeAsyncIterator())
  }

  /// Iterates the values of one subscription; throws the stream's `Failure`.
  public struct Iterator: AsyncIteratorProtocol {
    var base: Results.AsyncIterator

    /// The next value, or `nil` once the stream has completed or been interrupted.
    public mutating func next() async throws(Failure) -> Value? {
      try Self.unwrap(await base.next())
    }

    /// The next value, awaited on `actor`, or `nil` once the stream has completed or been interrupted.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
      try Self.unwrap(await base.next(isolation: actor))
    }

    static func unwrap(_ result: Result<Value, Failure>?) throws(Failure) -> Value? {
      switch result {
      case .none: return nil
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }

  /// Forwards `event` into `continuation`, finishing it on a terminal event.
  static func yield(_ event: Signal<Value, Failure>.Event, to continuation: Results.Continuation) {
    switch event {
    case .value(let value): continuation.yield(.success(value))
    case .failed(let error):
      continuation.yield(.failure(error))
      continuation.finish()
    case .completed, .interrupted: continuation.finish()
    }
  }
}

extension Signal where Value: Sendable {
  /// This signal's values as an `AsyncSequence` that throws `Failure`, observed from the first `next()`; see
  /// ``SignalValues``.
  /// ```
  /// signal:  -a-b-|
  /// values:   a, b, end
  /// ```
  public var values: SignalValues<Value, Failure> {
    SignalValues { continuation in
      self.observe { event in SignalValues.yield(event, to: continuation) }
    }
  }
}

extension SignalProducer where Value: Sendable {
  /// This producer's values as an `AsyncSequence` that throws `Failure`, one start per iterator; see
  /// ``SignalValues``.
  /// ```
  /// producer: -a-b-X
  /// values:    a, b, throws
  /// ```
  public var values: SignalValues<Value, Failure> {
    SignalValues { continuation in
      self.start { event in SignalValues.yield(event, to: continuation) }
    }
  }
}
