// ReactiveSwift's spellings of the instance forms that Signals renamed (`Docs/Contracts.md` §10, Naming):
// `a.combineLatest(with: b)` is `a.combiningLatest(with: b)`, and so on. Declaring them as methods, even
// unavailable ones, would bring back the ambiguity that made us rename them: Swift 6.3 then cannot infer
// `Signal.combineLatest(a, b)` (swiftlang/swift#80146). An unavailable *property* of the old name does not
// disturb the static forms, and its `renamed:` gives the fix-it: "'combineLatest' has been renamed to
// 'combiningLatest'". The property's type is callable with the old arguments and returns what the new name
// returns, so the rest of the expression type-checks and that is the only error.

extension Signal {
  /// ReactiveSwift's `a.combineLatest(with: b)`: unavailable, with a fix-it to
  /// `combiningLatest(with:)`.
  @available(*, unavailable, renamed: "combiningLatest")
  public var combineLatest: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.zip(with: b)`: unavailable, with a fix-it to `zipping(with:)`.
  @available(*, unavailable, renamed: "zipping")
  public var zip: RenamedTupleOperator { RenamedTupleOperator() }

  /// ReactiveSwift's `a.merge(with: b)`: unavailable, with a fix-it to ``merging(with:fileID:line:)``.
  @available(*, unavailable, renamed: "merging")
  public var merge: RenamedMergeOperator { RenamedMergeOperator() }

  /// The type of an unavailable old spelling that combines into tuples (`combineLatest`, `zip`); it exists only
  /// so that the compiler offers the new name. Never made.
  public struct RenamedTupleOperator {
    init() {}

    /// The old call's shape; the property that gives this value is unavailable, so it is never called.
    public func callAsFunction<each V>(
      with others: repeat Signal<each V, Failure>
    ) -> Signal<(Value, repeat each V), Failure> {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `merge(with:)`; it exists only so that the compiler offers the
  /// new name. Never made.
  public struct RenamedMergeOperator {
    init() {}

    /// The old call's shape; the property that gives this value is unavailable, so it is never called.
    public func callAsFunction(with others: Signal...) -> Signal {
      preconditionFailure("An unavailable spelling was called")
    }
  }
}

extension SignalProducer {
  /// ReactiveSwift's `a.combineLatest(with: b)`: unavailable, with a fix-it to
  /// `combiningLatest(with:)`.
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

  /// The type of an unavailable old spelling that combines into tuples (`combineLatest`, `zip`); it exists only
  /// so that the compiler offers the new name. Never made.
  public struct RenamedTupleOperator {
    init() {}

    /// The old call's shape; the property that gives this value is unavailable, so it is never called.
    public func callAsFunction<each V>(
      with others: repeat SignalProducer<each V, Failure>
    ) -> SignalProducer<(Value, repeat each V), Failure> {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `merge(with:)`; it exists only so that the compiler offers the
  /// new name. Never made.
  public struct RenamedMergeOperator {
    init() {}

    /// The old call's shape; the property that gives this value is unavailable, so it is never called.
    public func callAsFunction(with others: SignalProducer...) -> SignalProducer {
      preconditionFailure("An unavailable spelling was called")
    }
  }

  /// The type of the unavailable old spelling `concat(_:)`; it exists only so that the compiler offers the new
  /// name. Never made.
  public struct RenamedConcatOperator {
    init() {}

    /// The old call's shape; the property that gives this value is unavailable, so it is never called.
    public func callAsFunction(_ next: SignalProducer) -> SignalProducer {
      preconditionFailure("An unavailable spelling was called")
    }
  }
}

extension Signal {
  /// ReactiveSwift's name of the failure type. Unavailable, so that `Error` inside an extension of `Signal`
  /// says which of the two it means rather than silently becoming `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProducer {
  /// ReactiveSwift's name of the failure type. Unavailable, so that `Error` inside an extension of
  /// `SignalProducer` says which of the two it means rather than silently becoming `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProtocol {
  /// ReactiveSwift's name of the failure type. Unavailable, so that `Error` inside an extension of
  /// `SignalProtocol` says which of the two it means rather than silently becoming `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension SignalProducerConvertible {
  /// ReactiveSwift's name of the failure type. Unavailable, so that `Error` inside an extension of
  /// `SignalProducerProtocol` says which of the two it means rather than silently becoming `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

extension EventProtocol {
  /// ReactiveSwift's name of the failure type (`Value.Error` in a constraint on a stream of events).
  /// Unavailable, so that it says which of the two it means rather than silently becoming `Swift.Error`.
  @available(
    *, unavailable,
    message: "the failure type is 'Failure' (ReactiveSwift's 'Error'); write 'Swift.Error' for the protocol"
  )
  public typealias Error = Failure
}

// RxSwift's `resultSelector:` label of the static `combineLatest` and `zip` is `reduce:` here. Without these
// stubs, `SignalProducer.combineLatest(a, b, resultSelector: +)` matched no static form, and the compiler named
// the unavailable instance property above instead ("instance member 'combineLatest' cannot be used on type").
// Static, so they do not bring back swiftlang/swift#80146, which is about an instance method of the static's name.
// Two inputs only, and no parameter pack: a trailing closure also matches a `resultSelector:` parameter, so a
// pack-shaped stub is a candidate for every combining closure, and the type-check budget's five-input closure
// (scripts/compiler-checks) stopped type-checking with one. RxSwift code names `resultSelector:` mostly with
// two inputs; with more, the compiler's own message for the label stands.

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
