/// How `flatMap` and `flatten` run the inner producers that the outer values turn into (see the guide,
/// `Docs/Operators/FlatMap.md`). Whatever the strategy, a failure of the outer stream or of an inner one fails
/// the result and disposes everything, and ending the result interrupts the outer stream and every inner one.
public enum FlattenStrategy: Sendable, Hashable {
  /// Starts every inner producer at once and forwards all their values; completes when the outer stream and
  /// every inner producer have completed.
  case merge
  /// Runs the inner producers one at a time, in order, queueing the others; completes when the outer stream
  /// has completed and the queue has run out.
  case concat
  /// Runs only the newest inner producer: an outer value disposes the current one silently and starts the
  /// new one. Completes when the outer stream and the current inner producer have completed.
  case latest
  /// Runs at most `limit` inner producers at once, queueing the others (ReactiveSwift's `.concurrent`);
  /// `.concurrent(limit: 1)` is `.concat`, a `limit` below 1 fails a precondition. Completes when the outer
  /// stream has completed, no inner producer runs and the queue has run out.
  case concurrent(limit: Int)
  /// Runs the inner producers until one sends its first event: that one wins, the others are disposed
  /// silently, and later outer values are ignored. Completes when the outer stream and the winner have
  /// completed (with the outer, if no inner producer ever started).
  case race
  /// Runs one inner producer at a time and ignores the outer values that arrive while it runs (RxSwift's
  /// `flatMapFirst`). Completes when the outer stream and the running inner producer have completed.
  case throttle
}

extension Signal {
  /// Turns every value into a producer and flattens the producers' events into one stream, by `strategy`.
  /// ```
  /// outer:            -a-b----|
  /// inner a:           -1--3|
  /// inner b:             -2----4|
  /// flatMap(.merge):  --1-23---4|
  ///
  /// outer:            -a--b---|
  /// inner a:           -1-
  /// inner b:              -2---3|
  /// flatMap(.latest): --1--2---3|
  ///
  /// outer:            -a-b----|
  /// inner a:           -1--2|
  /// inner b:                -3-4|
  /// flatMap(.concat): --1--2-3-4|
  /// ```
  /// - Emits: the inner producers' values, as ``FlattenStrategy`` says; `transform` runs once per outer value.
  /// - Completes: when this signal and every inner producer have (`.latest`: the current one).
  /// - Fails: at once when this signal or an inner producer fails.
  /// - Interruption and disposal: an interruption of this signal or of a running inner producer interrupts
  ///   the result. Ending detaches from this signal and interrupts every inner producer.
  @inlinable
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> SignalProducer<U, Failure>
  ) -> Signal<U, Failure> {
    let upstream = core
    return madeAt(
      Signal<U, Failure>(deriving: { downstream in
        let engine = FlattenEngine(strategy, downstream: downstream)
        engine.disposables += upstream.observe { engine.receiveOuter($0, transform: transform) }
        return engine.disposables
      }), #function, fileID, line)
  }

  /// Flattens a signal of producers by `strategy`; see ``flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  @inlinable
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == SignalProducer<U, Failure> {
    madeAt(flatMap(strategy) { $0 }, #function, fileID, line)
  }

  /// Turns every value into a stream that can be started as a producer — most often a ``Signal`` — and
  /// flattens their events by `strategy`. A signal inner is observed from the moment its outer value arrives;
  /// what it sent before is not replayed.
  /// ```
  /// outer:            -a--b---|
  /// signal a:          -1-
  /// signal b:             -2---3|
  /// flatMap(.latest): --1--2---3|
  /// ```
  /// - Emits, completes, fails, interruption and disposal: as ``flatMap(_:fileID:line:_:)->Signal<U,Failure>``;
  ///   a replaced signal inner is detached from and goes on for its other observers.
  @inlinable
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> Inner
  ) -> Signal<Inner.Value, Failure> where Inner.Failure == Failure {
    madeAt(flatMap(strategy) { transform($0).producer }, #function, fileID, line)
  }

  /// Flattens a signal of signals by `strategy`; see ``flatMap(_:fileID:line:_:)->Signal<Inner.Value,Failure>``.
  @inlinable
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == Signal<U, Failure> {
    madeAt(flatMap(strategy) { SignalProducer($0) }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Flattens every start's values by `strategy`; see ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  @inlinable
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Failure>
  ) -> SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer of producers by `strategy`; see ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  @inlinable
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure>
  where Value == SignalProducer<U, Failure> {
    lifting(#function, fileID, line) { $0.flatten(strategy) }
  }

  /// Flattens every start's values, turned into producer-convertible streams, by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Failure>``.
  @inlinable
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> Inner
  ) -> SignalProducer<Inner.Value, Failure> where Inner.Failure == Failure {
    lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer of signals by `strategy`; see ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Failure>``.
  @inlinable
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure>
  where Value == Signal<U, Failure> {
    lifting(#function, fileID, line) { $0.flatten(strategy) }
  }
}

// The forms between a stream that cannot fail and one that can are declared on the protocols (see Throwing.swift),
// so that where neither can fail the overloads above win.

extension SignalProtocol where Failure == Never {
  /// Flattens a signal that cannot fail into producers that can, by `strategy`: the result fails with the inner
  /// producers' failure (`taps.flatMap(.latest) { _ in api() }`); otherwise as
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> SignalProducer<U, F>
  ) -> Signal<U, F> {
    madeAt(signal.promoteError(F.self).flatMap(strategy, transform), #function, fileID, line)
  }

  /// Flattens a signal that cannot fail into streams that can, by `strategy`; see
  /// ``flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> Inner
  ) -> Signal<Inner.Value, Inner.Failure> {
    madeAt(signal.promoteError(Inner.Failure.self).flatMap(strategy, transform), #function, fileID, line)
  }

  /// Flattens a signal that cannot fail, of producers that can; see ``flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, F>
  where Value == SignalProducer<U, F> {
    madeAt(signal.promoteError(F.self).flatten(strategy), #function, fileID, line)
  }

  /// Flattens a signal that cannot fail, of signals that can; see
  /// ``flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, F>
  where Value == Signal<U, F> {
    madeAt(signal.promoteError(F.self).flatten(strategy), #function, fileID, line)
  }
}

extension SignalProtocol {
  /// Flattens every value, turned into a producer that cannot fail, by `strategy`: the result fails only when
  /// this signal fails; otherwise as ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> Signal<U, Failure> {
    madeAt(signal.flatMap(strategy) { transform($0).promoteError(Failure.self) }, #function, fileID, line)
  }

  /// Flattens a signal of producers that cannot fail; see ``flatMap(_:fileID:line:_:)->Signal<U,Self.Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == SignalProducer<U, Never> {
    madeAt(signal.flatMap(strategy) { $0.promoteError(Failure.self) }, #function, fileID, line)
  }

  /// Flattens a signal of signals that cannot fail; see ``flatMap(_:fileID:line:_:)->Signal<U,Self.Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == Signal<U, Never> {
    madeAt(signal.flatMap(strategy) { SignalProducer($0).promoteError(Failure.self) }, #function, fileID, line)
  }
}

extension SignalProducerProtocol where Failure == Never {
  /// Flattens every start's values into producers that can fail; see ``Signal/flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> SignalProducer<U, F>
  ) -> SignalProducer<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens every start's values into streams that can fail; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> Inner
  ) -> SignalProducer<Inner.Value, Inner.Failure> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer that cannot fail, of producers that can; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, F>
  where Value == SignalProducer<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }

  /// Flattens a producer that cannot fail, of signals that can; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, F>
  where Value == Signal<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }
}

extension SignalProducerProtocol {
  /// Flattens every start's values into producers that cannot fail; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Never>
  ) -> SignalProducer<U, Failure> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer of producers that cannot fail; see ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure>
  where Value == SignalProducer<U, Never> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }

  /// Flattens a producer of signals that cannot fail; see ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure>
  where Value == Signal<U, Never> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }
}

/// How a property flattens: only ``latest``, since a property has exactly one current value.
public enum PropertyFlattenStrategy: Sendable, Equatable {
  /// Follows the property made from the current value, and switches when the value changes.
  case latest
}

extension PropertyProtocol {
  /// A property that follows the property `transform` makes from this one's current value, switching when the
  /// value changes.
  /// ```swift
  /// let hotelName = selectedHotel.flatMap(.latest) { hotel in hotel.name }  // name: MutableProperty<String>
  /// ```
  /// - Emits: the current inner property's value; glitch-free, a change that reaches both this property and the
  ///   inner one is computed once.
  /// - Completes: when this property and the current inner property have ended.
  /// - Disposal: the current inner property is kept while this property lives; once it ends, `transform` and
  ///   the inner property are let go and the result follows the inner one until it ends. Detaches as
  ///   ``map(fileID:line:_:)`` does.
  @inlinable
  public func flatMap<P: PropertyProtocol>(
    _ strategy: PropertyFlattenStrategy,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> P
  ) -> Property<P.Value> {
    let property = Property(
      derived: FlatMapNode(graphInput) { value in
        let inner = transform(value)
        let input = inner.graphInput
        return (input, input.handle.map { [inner, $0] as AnyObject } ?? inner)
      })
    return madeAt(property, fileID, line)
  }
}
