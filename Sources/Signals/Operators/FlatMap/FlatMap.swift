/// How `flatMap` and `flatten` run the inner producers that the values of an outer stream turn into.
///
/// Whatever the strategy: a failure of the outer stream or of any inner one fails the result at once and
/// disposes everything; an interruption of the outer stream or of a running inner one interrupts it; ending
/// or disposing the result detaches from the outer stream (interrupts it, for a producer) and interrupts every
/// inner one.
public enum FlattenStrategy: Sendable, Hashable {
  /// Starts every inner producer as soon as its outer value arrives and forwards all their values as they
  /// come. Completes when the outer stream and every inner producer have completed.
  case merge
  /// Runs the inner producers one at a time, in the order of the outer values: the next starts when the
  /// current one completes, the others wait in a queue. Completes when the outer stream has completed and
  /// the queue has run out.
  case concat
  /// Runs only the newest inner producer: an outer value disposes the current inner producer — silently, its
  /// interruption is not forwarded — and starts the new one. Completes when the outer stream and the current
  /// inner producer (if any) have completed.
  case latest
  /// Runs at most `limit` inner producers at once, as ReactiveSwift's `.concurrent(limit:)`: an outer value
  /// starts its inner producer if fewer than `limit` run, and otherwise queues it until one completes.
  /// `.concurrent(limit: 1)` is `.concat`; a `limit` below 1 is a programming error (a precondition fails
  /// when the operator is made). Completes when the outer stream has completed, no inner producer runs and
  /// the queue has run out.
  case concurrent(limit: Int)
  /// Runs the inner producers as they come until one of them sends its first event, as ReactiveSwift's
  /// `.race`: that one wins, the others are disposed — silently — and from then on the outer values are
  /// ignored (`transform` is not called for them). Completes when the outer stream and the winner have
  /// completed (at once, with the outer, if no inner producer was ever started); an inner that completes
  /// before any other sends wins and completes.
  case race
  /// Runs one inner producer at a time and ignores the outer values that arrive while it runs (`transform` is
  /// not called for them): RxSwift's `flatMapFirst`, ReactiveSwift's `.throttle`. The next outer value after
  /// the inner producer completes starts a new one. Completes when the outer stream and the running inner
  /// producer (if any) have completed.
  case throttle
}

extension Signal {
  /// Turns every value into a producer and flattens the producers' events into one stream, by `strategy`.
  ///
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
  ///
  /// - Emits: the values of the inner producers, as ``FlattenStrategy`` describes; `transform` runs once per
  ///   outer value, when it arrives.
  /// - Completes: when this signal has completed and every inner producer has (`.latest`: the current one).
  /// - Fails: at once when this signal or any inner producer fails; everything is disposed.
  /// - Interruption and disposal: an interruption of this signal or of a running inner producer interrupts
  ///   the result (`.latest`: a replaced inner's interruption is not forwarded). Ending detaches from this
  ///   signal and interrupts every inner producer.
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

  /// Turns every value into a stream that can be started as a producer — a ``Signal``, most often — and
  /// flattens their events by `strategy`, as ReactiveSwift's `flatMap` over any producer-convertible inner.
  ///
  /// ```
  /// outer:            -a--b---|
  /// signal a:          -1-
  /// signal b:             -2---3|
  /// flatMap(.latest): --1--2---3|
  /// ```
  ///
  /// Each inner is started through its ``SignalProducerConvertible/producer``: a signal inner is observed
  /// from the moment its outer value arrives, and what it sent before is not replayed.
  ///
  /// - Emits, completes, fails: as ``flatMap(_:fileID:line:_:)->Signal<U,Failure>``, the inner's events being those sent while it is observed.
  /// - Interruption and disposal: as ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``; a replaced or disposed signal inner is detached from,
  ///   and the signal itself goes on for its other observers.
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
  /// Turns every value of every start into a producer and flattens their events by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``. Disposing the result interrupts this producer and every inner one.
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

  /// Turns every value of every start into a stream that can be started as a producer — a ``Signal``, most
  /// often — and flattens their events by `strategy`; see ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Failure>``.
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

// The flatMaps and flattens between a stream that cannot fail and one that can are declared on the protocols, as the
// throwing transforms are (Throwing.swift): where both inner and outer cannot fail, the overloads above must
// keep winning, and Swift ranks a member of `Signal` above a protocol extension's, not above another member.

extension SignalProtocol where Failure == Never {
  /// Turns every value of a signal that cannot fail into a producer that can, and flattens them by `strategy`:
  /// the result fails with the inner producers' failure, as ReactiveSwift's overload does
  /// (`taps.flatMap(.latest) { _ in api() }`, no `promoteError` needed).
  ///
  /// - Emits, completes, fails, interruption and disposal: as ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``;
  ///   only an inner producer can fail the result.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> SignalProducer<U, F>
  ) -> Signal<U, F> {
    madeAt(signal.promoteError(F.self).flatMap(strategy, transform), #function, fileID, line)
  }

  /// Turns every value of a signal that cannot fail into a stream that can be started as a producer and can
  /// fail — a ``Signal`` most often — and flattens them by `strategy`; see
  /// ``flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> Inner
  ) -> Signal<Inner.Value, Inner.Failure> {
    madeAt(signal.promoteError(Inner.Failure.self).flatMap(strategy, transform), #function, fileID, line)
  }

  /// Flattens a signal that cannot fail, of producers that can, by `strategy`: the result fails with the inner
  /// producers' failure; see ``flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, F>
  where Value == SignalProducer<U, F> {
    madeAt(signal.promoteError(F.self).flatten(strategy), #function, fileID, line)
  }

  /// Flattens a signal that cannot fail, of signals that can, by `strategy`: the result fails with the inner
  /// signals' failure; see ``flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, F>
  where Value == Signal<U, F> {
    madeAt(signal.promoteError(F.self).flatten(strategy), #function, fileID, line)
  }
}

extension SignalProtocol {
  /// Turns every value into a producer that cannot fail, and flattens them by `strategy` into a stream that
  /// fails only when this signal fails, as ReactiveSwift's overload does.
  ///
  /// - Emits, completes, interruption and disposal: as ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  /// - Fails: when this signal fails; the inner producers cannot.
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> Signal<U, Failure> {
    madeAt(signal.flatMap(strategy) { transform($0).promoteError(Failure.self) }, #function, fileID, line)
  }

  /// Flattens a signal of producers that cannot fail by `strategy`, into a stream that fails only when this
  /// signal fails; see ``flatMap(_:fileID:line:_:)->Signal<U,Self.Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == SignalProducer<U, Never> {
    madeAt(signal.flatMap(strategy) { $0.promoteError(Failure.self) }, #function, fileID, line)
  }

  /// Flattens a signal of signals that cannot fail by `strategy`, into a stream that fails only when this
  /// signal fails; see ``flatMap(_:fileID:line:_:)->Signal<U,Self.Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<U, Failure>
  where Value == Signal<U, Never> {
    madeAt(signal.flatMap(strategy) { SignalProducer($0).promoteError(Failure.self) }, #function, fileID, line)
  }
}

extension SignalProducerProtocol where Failure == Never {
  /// Turns every value of every start into a producer that can fail, and flattens them by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> SignalProducer<U, F>
  ) -> SignalProducer<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Turns every value of every start into a stream that can be started as a producer and can fail; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatMap<Inner: SignalProducerConvertible>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> Inner
  ) -> SignalProducer<Inner.Value, Inner.Failure> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer that cannot fail, of producers that can, by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,F>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, F>
  where Value == SignalProducer<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }

  /// Flattens a producer that cannot fail, of signals that can, by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<Inner.Value,Inner.Failure>``.
  public func flatten<U, F>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, F>
  where Value == Signal<U, F> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }
}

extension SignalProducerProtocol {
  /// Turns every value of every start into a producer that cannot fail; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatMap<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> SignalProducer<U, Never>
  ) -> SignalProducer<U, Failure> {
    producer.lifting(#function, fileID, line) { $0.flatMap(strategy, transform) }
  }

  /// Flattens a producer of producers that cannot fail by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
  public func flatten<U>(
    _ strategy: FlattenStrategy, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<U, Failure>
  where Value == SignalProducer<U, Never> {
    producer.lifting(#function, fileID, line) { $0.flatten(strategy) }
  }

  /// Flattens a producer of signals that cannot fail by `strategy`; see
  /// ``Signal/flatMap(_:fileID:line:_:)->Signal<U,Failure>``.
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
  /// A property that follows the property `transform` makes from this one's current value, switching to a new
  /// one whenever this value changes.
  ///
  /// ```swift
  /// let hotelName = selectedHotel.flatMap(.latest) { hotel in hotel.name }  // name: MutableProperty<String>
  /// ```
  ///
  /// - Emits: its `producer` sends the current inner property's value, then a value whenever this property
  ///   changes (from the new inner property) or the current inner property changes. Glitch-free: when one
  ///   change reaches both this property and the inner one, the result is computed once, after both.
  /// - Completes: when this property and the current inner property have ended.
  /// - Disposal: the property `transform` returned is kept alive while it is the current one and this property
  ///   has not ended. Once this property ends, no other one can be chosen: `transform` (and what it captured)
  ///   and the current inner property are let go, and the result follows the inner property until it ends too
  ///   (which it does once nobody holds it). The result detaches as ``map(fileID:line:_:)`` does.
  @inlinable
  public func flatMap<P: PropertyProtocol>(
    _ strategy: PropertyFlattenStrategy,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ transform: @escaping @Sendable (Value) -> P
  ) -> Property<P.Value> {
    let (outer, handle) = graphInput
    let property = Property(
      derived: FlatMapNode(outer, handle) { value in
        let inner = transform(value)
        let (core, fed) = inner.graphInput
        return (core, fed.map { [inner, $0] as AnyObject } ?? inner)
      })
    return madeAt(property, fileID, line)
  }
}
