import Dispatch

// Blocking reads, for tests and command-line tools. They wait on a Dispatch semaphore when the producer
// answers on another thread; that wait is the only use of Dispatch outside the schedulers.

extension SignalProducer {
  /// Starts the producer, waits for its first value or its end, and disposes it.
  ///
  /// - Returns: `.success` with the first value, `.failure` if it failed first, or `nil` if it completed or
  ///   was interrupted without a value. Blocks the calling thread until then.
  public func first() -> Result<Value, Failure>? {
    take(first: 1).single()
  }

  /// Starts the producer and waits for it to end.
  ///
  /// - Returns: `.success` with the last value, `.failure` if it failed, or `nil` if it ended without a
  ///   value. Blocks the calling thread until then.
  public func last() -> Result<Value, Failure>? {
    take(last: 1).single()
  }

  /// Starts the producer and waits for it to end, expecting at most one value.
  ///
  /// - Returns: `.success` with the only value, `.failure` if it failed, or `nil` if it ended without a value
  ///   **or sent more than one** (it is disposed at the second). Blocks the calling thread until then.
  public func single() -> Result<Value, Failure>? {
    let outcome = Locked<(result: Result<Value, Failure>?, count: Int)>((nil, 0))
    let done = DispatchSemaphore(value: 0)
    let disposable = SerialDisposable()
    disposable.inner = start { event in
      switch event {
      case .value(let value):
        let count = outcome.withLock { state -> Int in
          state.count += 1
          state.result = state.count == 1 ? .success(value) : nil
          return state.count
        }
        if count == 2 { disposable.dispose() }
      case .failed(let error):
        outcome.withLock { $0.result = .failure(error) }
        done.signal()
      case .completed, .interrupted:
        done.signal()
      }
    }
    done.wait()
    disposable.dispose()
    return outcome.withLock { $0.count > 1 ? nil : $0.result }
  }

  /// Starts the producer and waits for it to end.
  ///
  /// - Returns: `.success` if it completed (or was interrupted), `.failure` if it failed. Blocks until then.
  public func wait() -> Result<Void, Failure> {
    let failure = Locked<Failure?>(nil)
    let done = DispatchSemaphore(value: 0)
    start { event in
      switch event {
      case .value: break
      case .failed(let error):
        failure.withLock { $0 = error }
        done.signal()
      case .completed, .interrupted:
        done.signal()
      }
    }
    done.wait()
    return failure.withLock { $0.map { .failure($0) } ?? .success(()) }
  }
}
