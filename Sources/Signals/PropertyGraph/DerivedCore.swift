/// The core of a property computed from others: `map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`.
///
/// It is attached to its inputs twice, for two purposes:
/// - in the graph (``PropertyGraph/attach(_:to:snapshot:)``), as their dependent: waves compute it;
/// - in each input's list of observers, with an entry that only listens for the input's end: so an input
///   stays observed while something is computed from it, and the vertex learns when its inputs end.
///
/// It ends (completes) when its inputs have ended (``shouldEnd(afterEndOf:)`` decides: all of them, for most
/// operators). It detaches from both when it ends, or when nobody can observe it any more: no `Property`,
/// `signal` or `producer` handle, no observer, no dependent of its own.
@usableFromInline
class DerivedCore<Value>: PropertyCore<Value>, Disposable, @unchecked Sendable {
  /// The inputs whose end it has not seen yet; guarded by the core's lock.
  @exclusivity(unchecked) @usableFromInline var openInputs: [ObjectIdentifier] = []

  /// A derived core whose first value is `initial`, computed by `compute` (see ``VertexOperations``).
  @inlinable
  init(initial: Value, compute: @escaping (AnyObject, Wave) -> ComputeResult) {
    super.init(
      holding: initial, endsWhenUnobserved: true,
      operations: PropertyCore<Value>.operations(compute: compute, publishesValue: true))
    committed = initial
  }

  /// Attaches the core to `inputs`, from whose committed values (as of commit number `snapshot`) it computed
  /// its first value. Call once, at the end of the subclass's `init`.
  @usableFromInline
  final func attach(to inputs: [any GraphVertex], snapshot: UInt64) {
    withState { _ in openInputs = inputs.map { ObjectIdentifier($0) } }
    PropertyGraph.attach(self, to: inputs, snapshot: snapshot)
    addTermination(self)
    for input in inputs { input.addDependentEntry(self) }
  }

  /// An input ended: the core ends too if ``shouldEnd(afterEndOf:)`` says so.
  @usableFromInline
  final func inputEnded(_ input: ObjectIdentifier) {
    let ends = withState { state -> Bool in
      guard !state.isTerminated, let index = openInputs.firstIndex(of: input) else { return false }
      openInputs.remove(at: index)
      return shouldEnd(afterEndOf: input)
    }
    if ends { send(.completed) } else { continues(afterEndOf: input) }
  }

  /// An input ended and the core goes on: it may let go of what only that input needed. Called where
  /// ``inputEnded(_:)`` is, on the thread propagating the end.
  @usableFromInline
  func continues(afterEndOf input: ObjectIdentifier) {}

  /// Under the core's lock, after `input` ended (``openInputs`` no longer has it): whether the core ends now.
  /// By default, once every input has ended.
  @usableFromInline
  func shouldEnd(afterEndOf input: ObjectIdentifier) -> Bool {
    openInputs.isEmpty
  }

  /// Releases the operator's closures, once the core ended with a terminal event: only the propagating
  /// thread, which is the one ending it, ever calls them.
  @usableFromInline
  func releaseClosures() {}

  // MARK: Reading inside a transaction

  /// The value as `transaction` sees it, for a read on its thread.
  @usableFromInline
  override func value(in transaction: PropertyTransaction) -> Value {
    transaction.read(self)
  }

  /// The value as `transaction` sees it, computed once per set (see ``computeTentative(in:)``).
  @usableFromInline
  override final func tentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    if let known = transaction.computedValue(of: self, as: Value.self) { return known }
    let result = computeTentative(in: transaction)
    transaction.remember(result.value, changed: result.changed, of: self)
    return result
  }

  /// Computes the value from the inputs' values as `transaction` sees them; the committed value, unchanged,
  /// when no input changed.
  @usableFromInline
  func computeTentative(in transaction: PropertyTransaction) -> (value: Value, changed: Bool) {
    (committedValue(in: transaction), false)
  }

  // MARK: Disposable (the core's own termination)

  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// Detaches the core from its inputs: called once, when it ends or is abandoned.
  @usableFromInline
  func dispose() {
    let inputs = PropertyGraph.state.withLock { _ in links.inputs }
    PropertyGraph.detach(self)
    for input in inputs { input.removeDependentEntry(self) }
    if withState({ $0.terminal != nil }) { releaseClosures() }
  }

  // MARK: GraphVertex

  @usableFromInline
  override var typeDescription: String { "Property<\(Value.self)>" }
}

/// A derived core, as its inputs see it: told when one of them ends.
@usableFromInline
protocol InputEndListener: AnyObject {
  /// The input identified by `input` ended.
  func inputEnded(_ input: ObjectIdentifier)
}

extension DerivedCore: InputEndListener {}

extension PropertyCore {
  /// Adds to this core's observers the entry through which `dependent` learns this core's end. Made by the
  /// specialised ``GraphLinks/operations``, so that every value this core delivers passes that entry cheaply.
  @inlinable
  final func addEndEntry(_ dependent: any InputEndListener) {
    let key = ObjectIdentifier(self)
    _ = attach(
      ObserverEntry(key: dependent) { event in
        if event.isTerminating { dependent.inputEnded(key) }
      })
  }

  /// Adds the entry of `dependent`; see ``GraphVertex/addDependentEntry(_:)``.
  @usableFromInline
  func addDependentEntry(_ dependent: any InputEndListener) {
    links.operations.addDependentEntry(self, dependent)
  }

  /// Removes the entry of `dependent`.
  @usableFromInline
  func removeDependentEntry(_ dependent: AnyObject) {
    remove(key: ObjectIdentifier(dependent))
  }
}
