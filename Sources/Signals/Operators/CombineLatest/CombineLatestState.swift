/// The bookkeeping of `combineLatest`: which inputs have sent a value and how many are still running.
///
/// The latest values themselves live in typed ``LatestSlot``s beside it, guarded by the same lock. Whether an
/// input has a value is tracked here, per input, never by looking at the value, so optional values — `nil`
/// included — are values like any other.
@usableFromInline
struct CombineLatestState: CombiningMachine {
  /// Whether each input has sent a value.
  @usableFromInline var hasValue: [Bool] = []
  /// Inputs that have not sent a value yet.
  @usableFromInline var withoutValue = 0
  /// Inputs that have not completed yet.
  @usableFromInline var running = 0
  @usableFromInline var isFinished = false

  @inlinable
  init() {}

  @discardableResult
  @inlinable
  mutating func addInput() -> Int {
    hasValue.append(false)
    withoutValue += 1
    running += 1
    return hasValue.count - 1
  }

  /// A value from input `index`: send once every input has a value, and on every value after that.
  @inlinable
  mutating func receiveValue(from index: Int) -> CombiningAction {
    guard !isFinished else { return .ignore }
    if !hasValue[index] {
      hasValue[index] = true
      withoutValue -= 1
    }
    return withoutValue == 0 ? .storeAndSend(thenComplete: false) : .store
  }

  /// Input `index` completed. Returns whether the result completes now: when every input has completed, or
  /// at once when this one never sent a value (no combination could ever be sent again).
  @inlinable
  mutating func receiveCompletion(from index: Int) -> Bool {
    guard !isFinished else { return false }
    running -= 1
    guard running == 0 || !hasValue[index] else { return false }
    isFinished = true
    return true
  }
}
