// ReactiveSwift's spellings of the instance forms Signals renamed (`Docs/Contracts.md` §10): unavailable
// *properties*, since methods of the old names, even unavailable, stop Swift 6.3 inferring
// `Signal.combineLatest(a, b)` (swiftlang/swift#80146). Their `renamed:` gives the fix-it, and their type is
// callable with the old arguments, so that fix-it is the only error.

extension Signal {
  /// ReactiveSwift's `a.combineLatest(with: b)`: unavailable, renamed `combiningLatest(with:)`.
  @available(*, unavailable, renamed: "combiningLatest")
  public var combineLatest: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.zip(with: b)`: unavailable, with a fix-it to `zipping(with:)`.
  @available(*, unavailable, renamed: "zipping")
  public var zip: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.merge(with: b)`: unavailable, with a fix-it to ``merging(with:fileID:line:)``.
  @available(*, unavailable, renamed: "merging")
  public var merge: RenamedMergeOperator { RenamedMergeOperator() }

  /// The type of an unavailable old spelling that combines into tuples; never made.
  public struct RenamedTupleOperator {
    init() {}

    /// The old call's shape; never called.
    public func callAsFunction<each V>(
      with others: repeat Signal<each V, Failure>
    ) -> Signal<(Value, repeat each V), Failure> {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `merge(with:)`; never made.
  public struct RenamedMergeOperator {
    init() {}

    /// The old call's shape; never called.
    public func callAsFunction(with others: Signal...) -> Signal {
      preconditionFailure("An unavailable spelling was called")
    }
  }
}

extension SignalProducer {
  /// ReactiveSwift's `a.combineLatest(with: b)`: unavailable, renamed `combiningLatest(with:)`.
  @available(*, unavailable, renamed: "combiningLatest")
  public var combineLatest: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.zip(with: b)`: unavailable, with a fix-it to `zipping(with:)`.
  @available(*, unavailable, renamed: "zipping")
  public var zip: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.merge(with: b)`: unavailable, with a fix-it to ``merging(with:fileID:line:)``.
  @available(*, unavailable, renamed: "merging")
  public var merge: RenamedMergeOperator { RenamedMergeOperator() }

  /// ReactiveSwift's `a.concat(b)`: unavailable, with a fix-it to ``concatenating(_:fileID:line:)``.
  @available(*, unavailable, renamed: "concatenating")
  public var concat: RenamedConcatOperator { RenamedConcatOperator() }

  /// The type of an unavailable old spelling that combines into tuples; never made.
  public struct RenamedTupleOperator {
    init() {}

    /// The old call's shape; never called.
    public func callAsFunction<each V>(
      with others: repeat SignalProducer<each V, Failure>
    ) -> SignalProducer<(Value, repeat each V), Failure> {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `merge(with:)`; never made.
  public struct RenamedMergeOperator {
    init() {}

    /// The old call's shape; never called.
    public func callAsFunction(with others: SignalProducer...) -> SignalProducer {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `concat(_:)`; never made.
  public struct RenamedConcatOperator {
    init() {}

    /// The old call's shape; never called.
    public func callAsFunction(_ next: SignalProducer) -> SignalProducer {
      preconditionFailure("An unavailable spelling was called")
    }
  }
}

extension Signal {
  /// ReactiveSwift's name of the failure type: unavailable, so that `Error` does not silently mean `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProducer {
  /// ReactiveSwift's name of the failure type: unavailable, so that `Error` does not silently mean `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProtocol {
  /// ReactiveSwift's name of the failure type: unavailable, so that `Error` does not silently mean `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProducerConvertible {
  /// ReactiveSwift's name of the failure type: unavailable, so that `Error` does not silently mean `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension EventProtocol {
  /// ReactiveSwift's name of the failure type (`Value.Error` on a stream of events): unavailable.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

// RxSwift's `resultSelector:` label is `reduce:` here. Without these static stubs, `combineLatest(a, b,
// resultSelector: +)` named the unavailable instance property above. Two inputs only, and no pack: a pack-shaped
// stub is a candidate for every trailing closure, and made the type-check budget's five-input closure fail.

extension Signal {
  /// RxSwift's `Observable.combineLatest(a, b, resultSelector: f)`: unavailable; the label is `reduce:`
  /// (``combineLatest(_:_:fileID:line:reduce:)``).
  @available(*, unavailable, message: "the closure's label is 'reduce:' (RxSwift's 'resultSelector:')")
  public static func combineLatest<V, Result>(
    _ first: Signal, _ second: Signal<V, Failure>, resultSelector: @escaping (Value, V) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.zip(a, b, resultSelector: f)`: unavailable; the label is `reduce:`
  /// (``zip(_:_:fileID:line:reduce:)``).
  @available(*, unavailable, message: "the closure's label is 'reduce:' (RxSwift's 'resultSelector:')")
  public static func zip<V, Result>(
    _ first: Signal, _ second: Signal<V, Failure>, resultSelector: @escaping (Value, V) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.combineLatest(list, resultSelector: f)`: unavailable; the list form takes no
  /// closure: ``combineLatest(_:fileID:line:)``, then `map(f)`.
  @available(*, unavailable, message: "the list form takes no closure: combineLatest(list).map(f)")
  public static func combineLatest<Result>(
    _ list: some Collection<Signal>, resultSelector: @escaping ([Value]) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.zip(list, resultSelector: f)`: unavailable; the list form takes no closure:
  /// ``zip(_:fileID:line:)``, then `map(f)`.
  @available(*, unavailable, message: "the list form takes no closure: zip(list).map(f)")
  public static func zip<Result>(
    _ list: some Collection<Signal>, resultSelector: @escaping ([Value]) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }
}

extension SignalProducer {
  /// RxSwift's `Observable.combineLatest(a, b, resultSelector: f)`: unavailable; the label is `reduce:`
  /// (``combineLatest(_:_:fileID:line:reduce:)``).
  @available(*, unavailable, message: "the closure's label is 'reduce:' (RxSwift's 'resultSelector:')")
  public static func combineLatest<V, Result>(
    _ first: SignalProducer, _ second: SignalProducer<V, Failure>,
    resultSelector: @escaping @Sendable (Value, V) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.zip(a, b, resultSelector: f)`: unavailable; the label is `reduce:`
  /// (``zip(_:_:fileID:line:reduce:)``).
  @available(*, unavailable, message: "the closure's label is 'reduce:' (RxSwift's 'resultSelector:')")
  public static func zip<V, Result>(
    _ first: SignalProducer, _ second: SignalProducer<V, Failure>,
    resultSelector: @escaping @Sendable (Value, V) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.combineLatest(list, resultSelector: f)`: unavailable; the list form takes no
  /// closure: ``combineLatest(_:fileID:line:)``, then `map(f)`.
  @available(*, unavailable, message: "the list form takes no closure: combineLatest(list).map(f)")
  public static func combineLatest<Result>(
    _ list: some Collection<SignalProducer>, resultSelector: @escaping @Sendable ([Value]) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }

  /// RxSwift's `Observable.zip(list, resultSelector: f)`: unavailable; the list form takes no closure:
  /// ``zip(_:fileID:line:)``, then `map(f)`.
  @available(*, unavailable, message: "the list form takes no closure: zip(list).map(f)")
  public static func zip<Result>(
    _ list: some Collection<SignalProducer>, resultSelector: @escaping @Sendable ([Value]) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable spelling was called")
  }
}

extension Property {
  /// RxSwift's `Observable.combineLatest(a, b, resultSelector: f)` (a `BehaviorRelay`'s): unavailable; the label
  /// is `reduce:` (``combineLatest(_:_:fileID:line:reduce:)``).
  @available(*, unavailable, message: "the closure's label is 'reduce:' (RxSwift's 'resultSelector:')")
  public static func combineLatest<First: PropertyProtocol, Second: PropertyProtocol, Result>(
    _ first: First, _ second: Second, resultSelector: @escaping @Sendable (Value, Second.Value) -> Result
  ) -> Property<Result> where First.Value == Value {
    preconditionFailure("An unavailable spelling was called")
  }
}
