// mapError, promoteError and flatMapError; retry(upTo:) is for producers only (Retry.swift).

extension Signal {
  /// Transforms the failure; values and the other terminal events pass through.
  /// ```
  /// input:    -1-X
  /// mapError: -1-Y   (Y = transform(X))
  /// ```
  /// - Emits: every value. **Completes:** when the source completes. **Fails:** with `transform(error)`.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func mapError<F>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Failure) -> F
  ) -> Signal<Value, F> {
    madeAt(relaying(MapErrorStep<Value, Failure, F>(transform)), #function, fileID, line)
  }

  /// On failure, switches to the producer `handler` makes from the error, and forwards its events.
  /// ```
  /// source:       -1-2-X
  /// handler(X):        (9|)
  /// flatMapError: -1-2-(9|)
  /// ```
  /// - Emits: the source's values, then, if it fails, those of `handler(error)`, started at once.
  /// - Completes: when the source or the handler's producer completes. **Fails:** when the handler's producer
  ///   fails.
  /// - Interruption and disposal: an interruption of either interrupts the result; ending detaches from the
  ///   source and interrupts the handler's producer.
  public func flatMapError<F>(
    fileID: StaticString = #fileID, line: UInt = #line, _ handler: @escaping (Failure) -> SignalProducer<Value, F>
  ) -> Signal<Value, F> {
    let upstream = core
    return madeAt(
      Signal<Value, F>(deriving: { downstream in
        let recovery = SerialDisposable()
        let source = upstream.observe { event in
          switch event {
          case .value(let value): downstream.sendCompact(.value(value))
          case .completed: downstream.sendCompact(.completed)
          case .interrupted: downstream.sendCompact(.interrupted)
          case .failed(let error): recovery.inner = handler(error).start { downstream.sendCompact($0) }
          }
        }
        return CompositeDisposable([source, recovery].compactMap { $0 })
      }), #function, fileID, line)
  }
}

extension Signal where Failure == Never {
  /// Gives a signal that cannot fail the failure type `F`, to combine it with ones that can; every event
  /// passes through unchanged.
  /// ```swift
  /// Signal.combineLatest(search, settings.promoteError())  // F inferred from `search`
  /// ```
  public func promoteError<F>(
    _: F.Type = F.self, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, F> {
    madeAt(relaying(PromoteErrorStep<Value, F>()), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Transforms the failure of every start; see ``Signal/mapError(fileID:line:_:)``.
  public func mapError<F>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Failure) -> F
  ) -> SignalProducer<Value, F> {
    lifting(#function, fileID, line) { $0.mapError(transform) }
  }

  /// On failure, switches to the producer `handler` makes from the error; see ``Signal/flatMapError(fileID:line:_:)``.
  public func flatMapError<F>(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ handler: @escaping @Sendable (Failure) -> SignalProducer<Value, F>
  ) -> SignalProducer<Value, F> {
    lifting(#function, fileID, line) { $0.flatMapError(handler) }
  }
}

extension SignalProducer where Failure == Never {
  /// Gives a producer that cannot fail the failure type `F`; see ``Signal/promoteError(_:fileID:line:)``.
  public func promoteError<F>(
    _: F.Type = F.self, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, F> {
    lifting(#function, fileID, line) { $0.promoteError(F.self) }
  }
}

/// `mapError`'s step: relays every value, and the upstream's failure transformed.
struct MapErrorStep<Value, InputFailure: Error, Failure: Error>: RelayStep, ~Copyable {
  var transform: (InputFailure) -> Failure

  init(_ transform: @escaping (InputFailure) -> Failure) {
    self.transform = transform
  }

  func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    downstream.relayValue(value)
    return nil
  }

  func end(
    _ end: Signal<Value, InputFailure>.Event, into downstream: SignalCore<Value, Failure>
  )
    -> Signal<Value, Failure>.Event
  {
    switch end {
    case .failed(let error): .failed(transform(error))
    case .completed: .completed
    case .value, .interrupted: .interrupted
    }
  }

  mutating func release() {
    transform = { _ in relayClosureCalledAfterTheEnd() }
  }
}

/// `promoteError`'s step: relays every event of an upstream that cannot fail.
struct PromoteErrorStep<Value, Failure: Error>: RelayStep, ~Copyable {
  typealias InputFailure = Never

  func receive(_ value: Value, into downstream: SignalCore<Value, Failure>) -> Signal<Value, Failure>.Event? {
    downstream.relayValue(value)
    return nil
  }

  func end(
    _ end: Signal<Value, Never>.Event, into downstream: SignalCore<Value, Failure>
  )
    -> Signal<Value, Failure>.Event
  {
    if case .completed = end { return .completed }
    return .interrupted
  }

  mutating func release() {}
}
