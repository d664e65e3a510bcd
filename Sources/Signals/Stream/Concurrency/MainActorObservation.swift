extension Signal where Value: Sendable {
  /// Observes this signal's values on the main actor: the Swift 6 way for a `@MainActor` view to react.
  /// ```
  /// signal (any thread): -a-b-|
  /// action (main actor): -a-b
  /// ```
  /// Values go through ``MainScheduler/shared`` (synchronously on the main queue with nothing waiting, else
  /// enqueued in order), so `action` may touch `@MainActor` state without `await` or `assumeIsolated`.
  ///
  /// - Returns: a disposable that stops delivery, values already enqueued included; `nil` if this signal had
  ///   already ended.
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
  /// ```
  /// producer (any thread): -a-b-|
  /// action (main actor):   -a-b
  /// ```
  /// - Returns: a disposable that interrupts the producer and stops delivery.
  @discardableResult
  public func startWithValuesOnMain(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping @MainActor (Value) -> Void
  ) -> any Disposable {
    observe(on: MainScheduler.shared).startWithValues(fileID: fileID, line: line) { value in
      MainActor.assumeIsolated { action(value) }
    }
  }
}
