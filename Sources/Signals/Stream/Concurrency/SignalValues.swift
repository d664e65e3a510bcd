/// The values of a ``Signal`` or a started ``SignalProducer`` as an `AsyncSequence` whose `Failure` is the
/// stream's typed failure: `for await` needs no `try` when `Failure` is `Never`, and `catch` sees a `Failure`.
///
/// ```
/// stream:  -a-b-|        -a-X        -a-!
/// values:   a, b, end     a, throws   a, end
/// ```
///
/// **Subscribes** when iteration begins (`makeAsyncIterator()`), once per iterator: a `Signal` delivers what
/// it sends from then on; a `SignalProducer` is started anew for each iterator.
///
/// **Buffering**: unbounded. The observer never blocks the sending thread; values wait in order until the
/// consumer asks for them. Use `take`/`sample`-style operators upstream if the consumer may fall behind.
///
/// **Emits** each value, in order. **Completes** (the iterator returns `nil`) after a `completed` event and
/// after an `interrupted` one. **Fails** by throwing the `Failure` once, after the buffered values.
///
/// **Interruption and disposal**: cancelling the consuming task, or dropping the iterator, disposes the
/// subscription (a signal's observer is detached, a producer is interrupted) and ends the iteration.
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
  /// This signal's values as an `AsyncSequence` that throws `Failure` (and cannot throw when it is `Never`).
  ///
  /// ```
  /// signal:  -a-b-|
  /// values:   a, b, end
  /// ```
  ///
  /// See ``SignalValues`` for subscription, buffering, and cancellation: iteration observes this signal from
  /// its first `next()`; cancelling the consuming task detaches the observer.
  public var values: SignalValues<Value, Failure> {
    SignalValues { continuation in
      self.observe { event in SignalValues.yield(event, to: continuation) }
    }
  }
}

extension SignalProducer where Value: Sendable {
  /// This producer's values as an `AsyncSequence` that throws `Failure` (and cannot throw when it is `Never`).
  ///
  /// ```
  /// producer: -a-b-X
  /// values:    a, b, throws
  /// ```
  ///
  /// See ``SignalValues`` for subscription, buffering, and cancellation: each iterator starts the producer
  /// once; cancelling the consuming task interrupts that run.
  public var values: SignalValues<Value, Failure> {
    SignalValues { continuation in
      self.start { event in SignalValues.yield(event, to: continuation) }
    }
  }
}
