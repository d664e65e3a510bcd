extension Signal where Value: Sendable {
  /// Observes this signal's values on the main actor: the Swift 6 way for a `@MainActor` view to react.
  ///
  /// ```
  /// signal (any thread): -a-b-|
  /// action (main actor): -a-b
  /// ```
  ///
  /// Values are delivered through ``MainScheduler/shared`` (synchronously when they arrive on the main
  /// queue with nothing waiting, else enqueued in order), so `action` may touch `@MainActor` state without
  /// `await`, `MainActor.assumeIsolated`, or `@preconcurrency`.
  ///
  /// **Interruption and disposal**: disposing the returned disposable stops delivery, including of values
  /// already enqueued on the main queue.
  ///
  /// - Returns: a disposable that detaches the observer, or `nil` if this signal had already ended.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func observeValuesOnMain(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping @MainActor (Value) -> Void
  ) -> (any Disposable)? {
    observe(on: MainScheduler.shared).observeValues(fileID: fileID, line: line) { value in
      MainActor.assumeIsolated { action(value) }
    }
  }
}

extension SignalProducer where Value: Sendable {
  /// Starts this producer and delivers its values to `action` on the main actor; see
  /// ``Signal/observeValuesOnMain(fileID:line:_:)``.
  ///
  /// ```
  /// producer (any thread): -a-b-|
  /// action (main actor):   -a-b
  /// ```
  ///
  /// - Returns: a disposable that interrupts the producer and stops delivery.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  public func startWithValuesOnMain(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping @MainActor (Value) -> Void
  ) -> any Disposable {
    observe(on: MainScheduler.shared).startWithValues(fileID: fileID, line: line) { value in
      MainActor.assumeIsolated { action(value) }
    }
  }
}
