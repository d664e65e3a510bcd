// Transforms that may fail, with typed throws: `map`, `scan` and `skipRepeats` of a stream that cannot fail take a
// closure throwing any error, the result's `Failure`; `attemptMap` of one that fails with `F` throws `F`. On the
// protocols, so that a plain closure picks the plain operator (a member of `Signal` ranks above); no `map` throws
// the stream's own `Failure`, or every `map` would be type-checked twice (hence `@_disfavoredOverload` too).

extension Signal {
  /// ReactiveSwift's transform that may fail: `transform` returns `.success(u)` to send `u`, or
  /// `.failure(error)` to fail the result.
  /// ```
  /// input:                   -1-2-x-3-|
  /// attemptMap(parse):       -a-b-X       (parse returns .failure(X) for x)
  /// ```
  /// - Emits: `u` for each value, until `transform` returns a failure.
  /// - Completes: when the source completes. **Fails:** when the source fails, or with the `.failure`'s error.
  /// - Interruption and disposal: as ``map(fileID:line:_:)``.
  public func attemptMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> Result<U, Failure>
  ) -> Signal<U, Failure> {
    madeAt(attempting({ $0 }, { { value throws(Failure) in try transform(value).get() } }), #function, fileID, line)
  }
}

extension Signal where Failure == Never {
  /// ReactiveSwift's `attemptMap` on a signal that cannot fail: the result fails with the transform's error
  /// type `E`; otherwise as ``attemptMap(fileID:line:_:)->Signal<U,Failure>``.
  public func attemptMap<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) -> Result<U, E>
  ) -> Signal<U, E> {
    madeAt(
      attempting({ never -> E in never }, { { value throws(E) in try transform(value).get() } }),
      #function, fileID, line)
  }
}

extension SignalProtocol {
  /// `attemptMap` with a closure that may throw the stream's `Failure` (RxSwift's throwing `map`); a throw
  /// fails the result.
  /// ```
  /// input:                                     -1-2-x-3-|
  /// attemptMap { v throws(F) in try parse(v) }: -a-b-X       (X = what parse threw for x)
  /// ```
  /// - Emits: `transform(value)` for each value, until `transform` throws.
  /// - Completes: when the source completes. **Fails:** when the source fails, or with what `transform` threw.
  /// - Interruption and disposal: as ``Signal/map(fileID:line:_:)``.
  public func attemptMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) throws(Failure) -> U
  ) -> Signal<U, Failure> {
    madeAt(signal.attempting({ $0 }, { transform }), #function, fileID, line)
  }
}

extension SignalProtocol where Failure == Never {
  /// Transforms every value with a closure that may throw; the result's `Failure` is the closure's error type
  /// (`any Error` for an untyped `throws`). A closure that does not throw picks ``Signal/map(fileID:line:_:)``.
  /// ```
  /// input:                                      -1-2-x-3-|
  /// map { v throws(ParseError) in try parse(v) }: -a-b-X       (X = what parse threw for x)
  /// ```
  /// - Emits: `transform(value)` for each value, until `transform` throws.
  /// - Completes: when the source completes. **Fails:** with what `transform` threw.
  /// - Interruption and disposal: as ``Signal/map(fileID:line:_:)``.
  @_disfavoredOverload
  public func map<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) throws(E) -> U
  ) -> Signal<U, E> {
    madeAt(signal.attempting({ never -> E in never }, { transform }), #function, fileID, line)
  }

  /// `attemptMap` with a throwing transform, on a stream that cannot fail: the throwing ``map(fileID:line:_:)``.
  public func attemptMap<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping (Value) throws(E) -> U
  ) -> Signal<U, E> {
    madeAt(signal.attempting({ never -> E in never }, { transform }), #function, fileID, line)
  }

  /// Accumulates the values with a closure that may throw (RxSwift's throwing `scan`).
  /// ```
  /// input:                         -1-2-3-|
  /// scan(0) { throws past 4 }:     -1-3-X
  /// ```
  /// - Emits: the running result after every value, until `next` throws.
  /// - Completes: when the source completes. **Fails:** with what `next` threw.
  /// - Interruption and disposal: as the throwing `map`.
  @_disfavoredOverload
  public func scan<U, E>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping (U, Value) throws(E) -> U
  ) -> Signal<U, E> {
    madeAt(
      signal.attempting({ never -> E in never }, { Signal<Value, Failure>.scanning(initial, next) }), #function, fileID,
      line)
  }

  /// Drops repeats by a comparison that may throw (RxSwift's `distinctUntilChanged` with a throwing comparer).
  /// ```
  /// input:                 -1-1-2-x-|
  /// skipRepeats(compare):  -1---2-X      (X = what compare threw for x)
  /// ```
  /// - Emits: as ``Signal/skipRepeats(fileID:line:_:)-(_,_,(Value,Value)->Bool)``, until `isEquivalent` throws.
  /// - Completes: when the source completes. **Fails:** with what `isEquivalent` threw.
  /// - Interruption and disposal: as the throwing `map`.
  @_disfavoredOverload
  public func skipRepeats<E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ isEquivalent: @escaping (Value, Value) throws(E) -> Bool
  ) -> Signal<Value, E> {
    madeAt(
      signal.attempting({ never -> E in never }, { Signal<Value, Failure>.skippingRepeats(isEquivalent) }), #function,
      fileID, line)
  }
}

extension Signal {
  /// The engine of the throwing transforms: `makeStep` makes, once per derived signal, the step each value goes
  /// through (returning the value to send, `nil`, or throwing); `failure` carries the source's failure over.
  func attempting<U, E>(
    _ failure: @escaping (Failure) -> E, _ makeStep: () -> (Value) throws(E) -> U?
  ) -> Signal<U, E> {
    relaying(AttemptStep(makeStep(), failure))
  }

  /// The step of a throwing `scan`: the running result, kept by the step.
  static func scanning<U, E>(
    _ initial: U, _ next: @escaping (U, Value) throws(E) -> U
  ) -> (Value) throws(E) -> U? {
    var accumulated = initial
    return { value throws(E) in
      accumulated = try next(accumulated, value)
      return accumulated
    }
  }

  /// The step of a throwing `skipRepeats`: the last value forwarded, kept by the step.
  static func skippingRepeats<E>(
    _ isEquivalent: @escaping (Value, Value) throws(E) -> Bool
  ) -> (Value) throws(E) -> Value? {
    var last: Value?
    return { value throws(E) in
      if let last, try isEquivalent(last, value) { return nil }
      last = value
      return value
    }
  }
}

extension SignalProducer {
  /// ReactiveSwift's `attemptMap` for every start; see ``Signal/attemptMap(fileID:line:_:)->Signal<U,Failure>``.
  public func attemptMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) -> Result<U, Failure>
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.attemptMap(transform) }
  }
}

extension SignalProducer where Failure == Never {
  /// ReactiveSwift's `attemptMap` on a producer that cannot fail; see
  /// ``Signal/attemptMap(fileID:line:_:)->Signal<U,E>``.
  public func attemptMap<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) -> Result<U, E>
  ) -> SignalProducer<U, E> {
    lifting(#function, fileID, line) { $0.attemptMap(transform) }
  }
}

extension SignalProducerProtocol {
  /// `attemptMap` with a closure that may throw, for every start; see
  /// ``SignalProtocol/attemptMap(fileID:line:_:)->Signal<U,Self.Failure>``.
  public func attemptMap<U>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) throws(Failure) -> U
  ) -> SignalProducer<U, Failure> {
    producer.lifting(#function, fileID, line) { $0.attemptMap(transform) }
  }
}

extension SignalProducerProtocol where Failure == Never {
  /// The throwing `map` for every start; see ``SignalProtocol/map(fileID:line:_:)``.
  @_disfavoredOverload
  public func map<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) throws(E) -> U
  ) -> SignalProducer<U, E> {
    producer.lifting(#function, fileID, line) { $0.map(transform) }
  }

  /// The throwing `attemptMap` for every start; see ``SignalProtocol/map(fileID:line:_:)``.
  public func attemptMap<U, E>(
    fileID: StaticString = #fileID, line: UInt = #line, _ transform: @escaping @Sendable (Value) throws(E) -> U
  ) -> SignalProducer<U, E> {
    producer.lifting(#function, fileID, line) { $0.attemptMap(transform) }
  }

  /// The throwing `scan` for every start: fails with what `next` throws.
  @_disfavoredOverload
  public func scan<U, E>(
    _ initial: U, fileID: StaticString = #fileID, line: UInt = #line,
    _ next: @escaping @Sendable (U, Value) throws(E) -> U
  ) -> SignalProducer<U, E> {
    producer.lifting(#function, fileID, line) { $0.scan(initial, next) }
  }

  /// The throwing `skipRepeats` for every start: fails with what `isEquivalent` throws.
  @_disfavoredOverload
  public func skipRepeats<E>(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ isEquivalent: @escaping @Sendable (Value, Value) throws(E) -> Bool
  ) -> SignalProducer<Value, E> {
    producer.lifting(#function, fileID, line) { $0.skipRepeats(isEquivalent) }
  }
}

/// The step of the throwing transforms: relays what `step` makes of a value and fails when it throws.
struct AttemptStep<Input, InputFailure: Error, Output, Failure: Error>: RelayStep, ~Copyable {
  var step: (Input) throws(Failure) -> Output?
  var failure: (InputFailure) -> Failure

  init(_ step: @escaping (Input) throws(Failure) -> Output?, _ failure: @escaping (InputFailure) -> Failure) {
    self.step = step
    self.failure = failure
  }

  func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event? {
    do throws(Failure) {
      if let output = try step(value) { downstream.relayValue(output) }
      return nil
    } catch {
      return .failed(error)
    }
  }

  func end(
    _ end: Signal<Input, InputFailure>.Event, into downstream: SignalCore<Output, Failure>
  )
    -> Signal<Output, Failure>.Event
  {
    switch end {
    case .failed(let error): .failed(failure(error))
    case .completed: .completed
    case .value, .interrupted: .interrupted
    }
  }

  mutating func release() {
    step = { _ throws(Failure) in relayClosureCalledAfterTheEnd() }
    failure = { _ in relayClosureCalledAfterTheEnd() }
  }
}
