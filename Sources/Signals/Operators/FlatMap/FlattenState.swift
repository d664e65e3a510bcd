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
  /// `.concat` and `.concurrent(limit:)`: how many inner streams may run at once; the others wait.
  @usableFromInline let limit: Int
  /// `.race`: the inner stream that sent first, once one has.
  @usableFromInline var winner: Int?
  /// Whether the result has ended (a terminal event was decided); every later event is ignored.
  @usableFromInline var isFinished = false
  @usableFromInline var outerCompleted = false
  /// Inner streams running: any number for `.merge` and `.race` (until one wins), at most `limit` for
  /// `.concurrent(limit:)`, at most one otherwise.
  @usableFromInline var running = 0
  /// The id of the newest inner stream.
  @usableFromInline var newestID = 0
  /// `.concat` and `.concurrent(limit:)`: inner streams waiting for a running one to complete.
  @usableFromInline var waiting = PendingQueue<Inner>()
  /// `.concat` and `.concurrent(limit:)`: a thread is starting an inner stream; completions that happen
  /// meanwhile leave the next start to that thread, so a chain of inner streams that complete synchronously
  /// runs in a loop, not a recursion.
  @usableFromInline var isStarting = false

  @inlinable
  init(strategy: FlattenStrategy) {
    self.strategy = strategy
    switch strategy {
    case .concat: limit = 1
    case .concurrent(let limit):
      precondition(limit > 0, "flatMap(.concurrent(limit: \(limit))): the limit must be at least 1")
      self.limit = limit
    case .merge, .latest, .race, .throttle: limit = .max
    }
  }

  /// Whether inner streams beyond the limit wait in ``waiting``: `.concat` and `.concurrent(limit:)`.
  @inlinable
  var queues: Bool {
    switch strategy {
    case .concat, .concurrent: true
    case .merge, .latest, .race, .throttle: false
    }
  }

  /// The outer stream sent `inner`. Returns the inner stream to start now, with its id, if any.
  @inlinable
  mutating func receiveOuterValue(_ inner: Inner) -> (Inner, id: Int)? {
    guard queues else { return receiveOuterValue().map { (inner, $0) } }
    guard !isFinished else { return nil }
    guard running < limit, !isStarting else {
      waiting.append(inner)
      return nil
    }
    running += 1
    isStarting = true
    newestID += 1
    return (inner, newestID)
  }

  /// The outer stream sent a value, with a strategy that does not queue. Returns the id of the inner stream to
  /// start, unless the result has ended, or the value is ignored (`.race` once an inner has won, `.throttle`
  /// while an inner runs).
  @inlinable
  mutating func receiveOuterValue() -> Int? {
    guard !isFinished else { return nil }
    switch strategy {
    case .merge: running += 1
    case .race:
      guard winner == nil else { return nil }
      running += 1
    case .throttle:
      guard running == 0 else { return nil }
      running = 1
    case .latest, .concat, .concurrent: running = 1
    }
    newestID += 1
    return newestID
  }

  /// `.race`: inner stream `id` sent an event. Returns whether it is the winner — it is, if it is the first to
  /// send — and whether it has just won (the others are then to be disposed).
  @inlinable
  mutating func race(from id: Int) -> (isWinner: Bool, justWon: Bool) {
    guard !isFinished else { return (false, false) }
    if let winner { return (winner == id, false) }
    winner = id
    running = 1
    return (true, true)
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
    if queues && isStarting { return .none }
    return next()
  }

  /// A `.concat` or `.concurrent(limit:)` start returned: start the next inner stream if there is room (the
  /// one just started may have completed already).
  @inlinable
  mutating func finishStarting() -> Next {
    isStarting = false
    guard !isFinished else { return .none }
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
    switch strategy {
    case .latest, .throttle: id == newestID
    case .race: winner == id
    case .merge, .concat, .concurrent: true
    }
  }

  /// No inner stream's values pass (``passingID``): the result has ended.
  @usableFromInline static var passesNone: Int { -1 }
  /// Every inner stream's values pass (``passingID``).
  @usableFromInline static var passesAll: Int { .max }
  /// `.race` before an inner has won: no value passes without the lock, which decides the winner
  /// (``passingID``; no inner stream has id 0).
  @usableFromInline static var passesUndecided: Int { 0 }

  /// Whose values ``receiveInnerValue(from:)`` lets through, as one number: ``passesNone``, ``passesAll``, or
  /// the id of the current inner stream (`.latest`). ``FlattenEngine`` mirrors it outside the lock.
  @inlinable
  var passingID: Int {
    if isFinished { return Self.passesNone }
    switch strategy {
    case .latest, .throttle: return newestID
    case .race: return winner ?? Self.passesUndecided
    case .merge, .concat, .concurrent: return Self.passesAll
    }
  }

  /// With room for an inner stream: start the next waiting one; with none running and none waiting, complete
  /// if the outer has completed.
  @inlinable
  mutating func next() -> Next {
    guard running < limit else { return .none }
    if let inner = waiting.popFirst() {
      running += 1
      isStarting = true
      newestID += 1
      return .start(inner, id: newestID)
    }
    guard running == 0, outerCompleted else { return .none }
    isFinished = true
    return .complete
  }
}
