extension SignalProducer where Value: Sendable {
  /// A producer that, each time it is started, iterates `sequence` in a new task and sends its elements.
  ///
  /// ```
  /// sequence: a, b, end      a, throws e
  /// producer: -a-b-|         -a-X
  /// ```
  ///
  /// Works with any `AsyncSequence` whose `Failure` is this producer's: `AsyncStream` gives a
  /// `SignalProducer<_, Never>`, `AsyncThrowingStream` a `SignalProducer<_, any Error>`.
  ///
  /// **Emits** each element, from the iterating task (not from the thread that started the producer).
  /// **Completes** when the sequence ends. **Fails** with the error the sequence throws.
  ///
  /// **Interruption and disposal**: disposing the started producer cancels the task; whatever the sequence
  /// does after that (a `CancellationError`, an early end) is not delivered.
  ///
  /// - Parameter sequence: the sequence to iterate; one iterator per start.
  public init<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence)
  where Sequence.Element == Value, Sequence.Failure == Failure {
    self.init { observer, lifetime in
      let task = Task {
        do throws(Failure) {
          var iterator = sequence.makeAsyncIterator()
          while let value = try await iterator.next(isolation: nil) {
            observer.send(value: value)
          }
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
      lifetime.observeEnded { task.cancel() }
    }
  }

  /// A producer that, each time it is started, runs `work` in a new task and sends its result.
  ///
  /// ```
  /// work:     returns a    throws e
  /// producer: --(a|)       --X
  /// ```
  ///
  /// **Emits** the value `work` returns, from the task. **Completes** right after it. **Fails** with the
  /// error `work` throws.
  ///
  /// **Interruption and disposal**: disposing the started producer cancels the task (so `Task.isCancelled`
  /// and cancellation handlers inside `work` see it); its late result or error is not delivered.
  ///
  /// - Parameter work: the asynchronous work; runs once per start.
  public init(awaiting work: @escaping @Sendable () async throws(Failure) -> Value) {
    self.init { observer, lifetime in
      let task = Task {
        do throws(Failure) {
          let value = try await work()
          observer.send(value: value)
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
      lifetime.observeEnded { task.cancel() }
    }
  }
}
