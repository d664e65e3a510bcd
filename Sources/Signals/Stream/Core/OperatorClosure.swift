/// A user's closure as a property node keeps it, like a ``RelayStep`` keeps its own: in a variable, so that
/// it can be released at the end, and noncopyable, so that it is called through a borrow: no retain per call.
@usableFromInline
struct OperatorClosure<Input, Output>: ~Copyable {
  @usableFromInline let body: (Input) -> Output

  @inlinable
  init(_ body: @escaping (Input) -> Output) {
    self.body = body
  }

  /// The closure that replaces the operator's at the end. Never called: every call checks the end first.
  @inlinable
  static var released: OperatorClosure {
    OperatorClosure { _ in relayClosureCalledAfterTheEnd() }
  }

  /// Calls the closure.
  @inlinable @inline(__always)
  borrowing func callAsFunction(_ input: Input) -> Output {
    body(input)
  }
}

/// A two-argument closure of an operator, kept like an ``OperatorClosure``: called through a borrow, with no
/// retain.
@usableFromInline
struct PairClosure<First, Second, Output>: ~Copyable {
  @usableFromInline let body: (First, Second) -> Output

  @inlinable
  init(_ body: @escaping (First, Second) -> Output) {
    self.body = body
  }

  /// The closure that replaces the operator's at the end. Never called: an ended node is not computed.
  @inlinable
  static var released: PairClosure {
    PairClosure { _, _ in relayClosureCalledAfterTheEnd() }
  }

  @inlinable @inline(__always)
  borrowing func callAsFunction(_ first: First, _ second: Second) -> Output {
    body(first, second)
  }
}

/// A `skipRepeats` node's comparison: a two-argument operator closure.
@usableFromInline
typealias OperatorComparison<Value> = PairClosure<Value, Value, Bool>

/// What the closure that replaces an operator's closure at the end calls. Never reached: every call of the
/// operator's closure checks the end first.
@usableFromInline
func relayClosureCalledAfterTheEnd() -> Never {
  preconditionFailure("an operator's closure was called after its signal ended")
}
