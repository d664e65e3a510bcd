extension SignalProducer where Value: Sendable {
  /// A producer that, each time it is started, iterates `sequence` in a new task and sends its elements.
  /// ```
  /// sequence: a, b, end      a, throws e
  /// producer: -a-b-|         -a-X
  /// ```
  /// Any `AsyncSequence` whose `Failure` is this producer's: `AsyncStream` gives a `SignalProducer<_, Never>`,
  /// `AsyncThrowingStream` a `SignalProducer<_, any Error>`. One iterator per start.
  ///
  /// - Emits: each element, from the iterating task. **Completes** when the sequence ends; **fails** with what
  ///   it throws.
  /// - Interruption and disposal: disposing the start cancels the task; what the sequence does after that is
  ///   not delivered.
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
  /// ```
  /// work:     returns a    throws e
  /// producer: --(a|)       --X
  /// ```
  /// - Emits: the value `work` returns, from the task, then completes. **Fails** with what `work` throws.
  /// - Interruption and disposal: disposing the start cancels the task (`Task.isCancelled` sees it); its late
  ///   result is not delivered.
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
