// Mistakes that should read plainly (issue 36). Each declaration here is unavailable, so that a call that
// matches it gets its message instead of a list of candidates; a call written correctly never takes one:
// Swift ranks an available declaration above an unavailable one. Unavailable declarations are not part of the
// documentation or the contract table. `scripts/check-mistakes.sh` checks what each one makes the compiler say.

// A combining closure in the parentheses, `Signal.combineLatest(a, b, { … })`: Swift takes it for one more input
// ("type '(_, _) -> String' cannot conform to 'PropertyProtocol'"). These say to move it. Two inputs only, what
// Combine users write: more arities made the type checker give up on five-input closures again.
extension Signal {
  /// `Signal.combineLatest(a, b, { … })`, the closure in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the closure after the parentheses: combineLatest(a, b) { … }")
  public static func combineLatest<B, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ reduce: @escaping (Value, B) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }

  /// `Signal.zip(a, b, { … })`, the closure in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the closure after the parentheses: zip(a, b) { … }")
  public static func zip<B, Result>(
    _ a: Signal, _ b: Signal<B, Failure>, _ reduce: @escaping (Value, B) -> Result
  ) -> Signal<Result, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }
}

extension SignalProducer {
  /// `SignalProducer.combineLatest(a, b, { … })`, the closure in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the closure after the parentheses: combineLatest(a, b) { … }")
  public static func combineLatest<B, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ reduce: @escaping @Sendable (Value, B) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }

  /// `SignalProducer.zip(a, b, { … })`, the closure in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the closure after the parentheses: zip(a, b) { … }")
  public static func zip<B, Result>(
    _ a: SignalProducer, _ b: SignalProducer<B, Failure>, _ reduce: @escaping @Sendable (Value, B) -> Result
  ) -> SignalProducer<Result, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }
}

extension Property {
  /// `Property.combineLatest(a, b, { … })`, the closure in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the closure after the parentheses: combineLatest(a, b) { … }")
  public static func combineLatest<B, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ reduce: @escaping @Sendable (Value, B) -> Result
  ) -> Property<Result> {
    preconditionFailure("An unavailable declaration was called")
  }
}

// `flatMap { … }` without a strategy: Swift lists every flatMap, each with its `fileID: StaticString, line: UInt`.
// ReactiveSwift asks for the strategy too; RxSwift's and Combine's `flatMap` merge. These say which exist.
extension Signal {
  /// `flatMap { … }` without a strategy: unavailable, naming the strategies.
  @available(
    *, unavailable,
    message: "flatMap needs a strategy: .latest, .merge, .concat, .concurrent(limit:), .race or .throttle"
  )
  public func flatMap<Inner, U>(_ transform: @escaping (Value) -> Inner) -> Signal<U, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }
}

extension SignalProducer {
  /// `flatMap { … }` without a strategy: unavailable, naming the strategies.
  @available(
    *, unavailable,
    message: "flatMap needs a strategy: .latest, .merge, .concat, .concurrent(limit:), .race or .throttle"
  )
  public func flatMap<Inner, U>(_ transform: @escaping @Sendable (Value) -> Inner) -> SignalProducer<U, Failure> {
    preconditionFailure("An unavailable declaration was called")
  }
}

extension PropertyProtocol {
  /// `flatMap { … }` without a strategy: unavailable, naming the one a property has.
  @available(*, unavailable, message: "flatMap needs a strategy: a property's is flatMap(.latest) { … }")
  public func flatMap<Inner, U>(_ transform: @escaping @Sendable (Value) -> Inner) -> Property<U> {
    preconditionFailure("An unavailable declaration was called")
  }
}
