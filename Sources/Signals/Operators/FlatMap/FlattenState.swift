/// The bookkeeping of `flatMap`/`flatten`: which inner streams run, which wait, and when the result ends.
///
/// Every inner stream gets an id when it is started, so that events of an inner that `.latest` has replaced
/// can be recognised and dropped. `Inner` is what the operator starts (a producer); tests use any type.
@usableFromInline
struct FlattenState<Inner> {
  /// What to do after an inner stream completed, or after a `.concat` start returned.
  @usableFromInline
  enum Next {
    /// Nothing.
    case none
    /// Complete the result.
    case complete
    /// Start this inner stream (`.concat`: the next one in the queue).
    case start(Inner, id: Int)
  }

  @usableFromInline let strategy: FlattenStrategy
  /// Whether the result has ended (a terminal event was decided); every later event is ignored.
  @usableFromInline var isFinished = false
  @usableFromInline var outerCompleted = false
  /// Inner streams running: any number for `.merge`, at most one otherwise.
  @usableFromInline var running = 0
  /// The id of the newest inner stream.
  @usableFromInline var newestID = 0
  /// `.concat`: inner streams waiting for the current one to complete.
  @usableFromInline var waiting = PendingQueue<Inner>()
  /// `.concat`: a thread is starting an inner stream; completions that happen meanwhile leave the next start
  /// to that thread, so a chain of inner streams that complete synchronously runs in a loop, not a recursion.
  @usableFromInline var isStarting = false

  @inlinable
  init(strategy: FlattenStrategy) {
    self.strategy = strategy
  }

  /// The outer stream sent `inner`. Returns the inner stream to start now, with its id, if any.
  @inlinable
  mutating func receiveOuterValue(_ inner: Inner) -> (Inner, id: Int)? {
    guard strategy == .concat else { return receiveOuterValue().map { (inner, $0) } }
    guard !isFinished else { return nil }
    guard running == 0, !isStarting else {
      waiting.append(inner)
      return nil
    }
    running = 1
    isStarting = true
    newestID += 1
    return (inner, newestID)
  }

  /// The outer stream sent a value, with `.merge` or `.latest`, which start every inner stream at once.
  /// Returns the id of the inner stream to start, unless the result has ended.
  @inlinable
  mutating func receiveOuterValue() -> Int? {
    guard !isFinished else { return nil }
    if strategy == .merge { running += 1 } else { running = 1 }
    newestID += 1
    return newestID
  }

  /// The outer stream completed. Returns whether the result completes now (no inner stream left to wait for).
  @inlinable
  mutating func receiveOuterCompletion() -> Bool {
    guard !isFinished else { return false }
    outerCompleted = true
    guard running == 0, waiting.isEmpty else { return false }
    isFinished = true
    return true
  }

  /// Inner stream `id` sent a value. Returns whether to forward it: not if it was replaced (`.latest`).
  @inlinable
  mutating func receiveInnerValue(from id: Int) -> Bool {
    !isFinished && isCurrent(id)
  }

  /// Inner stream `id` completed.
  @inlinable
  mutating func receiveInnerCompletion(from id: Int) -> Next {
    guard !isFinished, isCurrent(id) else { return .none }
    running -= 1
    if strategy == .concat && isStarting { return .none }
    return next()
  }

  /// A `.concat` start returned: start the next inner stream if the one just started already completed.
  @inlinable
  mutating func finishStarting() -> Next {
    isStarting = false
    guard !isFinished, running == 0 else { return .none }
    return next()
  }

  /// The outer stream (`id == nil`) or inner stream `id` failed or was interrupted. Returns whether to
  /// forward it: yes, unless the result has ended or the inner stream was replaced (`.latest`).
  @inlinable
  mutating func receiveTermination(from id: Int?) -> Bool {
    guard !isFinished else { return false }
    if let id, !isCurrent(id) { return false }
    isFinished = true
    return true
  }

  @inlinable
  func isCurrent(_ id: Int) -> Bool {
    strategy != .latest || id == newestID
  }

  /// No inner stream's values pass (``passingID``): the result has ended.
  @usableFromInline static var passesNone: Int { -1 }
  /// Every inner stream's values pass (``passingID``).
  @usableFromInline static var passesAll: Int { .max }

  /// Whose values ``receiveInnerValue(from:)`` lets through, as one number: ``passesNone``, ``passesAll``, or
  /// the id of the current inner stream (`.latest`). ``FlattenEngine`` mirrors it outside the lock.
  @inlinable
  var passingID: Int {
    if isFinished { return Self.passesNone }
    return strategy == .latest ? newestID : Self.passesAll
  }

  /// With no inner stream running: start the next waiting one, or complete if the outer has completed.
  @inlinable
  mutating func next() -> Next {
    guard running == 0 else { return .none }
    if let inner = waiting.popFirst() {
      running = 1
      isStarting = true
      newestID += 1
      return .start(inner, id: newestID)
    }
    guard outerCompleted else { return .none }
    isFinished = true
    return .complete
  }
}
