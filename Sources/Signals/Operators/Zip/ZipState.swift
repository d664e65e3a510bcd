/// The bookkeeping of `zip`: how many values each input has queued, and which inputs have completed.
///
/// The queued values themselves live in typed ``QueueSlot``s beside it, guarded by the same lock. `.store`
/// queues a value; `.storeAndSend` queues it, then the oldest value of every input is taken and sent together,
/// and the result completes if `thenComplete` (a completed input has nothing queued any more).
@usableFromInline
struct ZipState: CombiningMachine {
  /// How many values each input has queued.
  @usableFromInline var queued: [Int] = []
  /// Whether each input has completed.
  @usableFromInline var hasCompleted: [Bool] = []
  /// Inputs with nothing queued.
  @usableFromInline var empty = 0
  @usableFromInline var isFinished = false

  @inlinable
  init() {}

  @discardableResult
  @inlinable
  mutating func addInput() -> Int {
    queued.append(0)
    hasCompleted.append(false)
    empty += 1
    return queued.count - 1
  }

  /// A value from input `index`: send a tuple whenever every input has a value queued.
  @inlinable
  mutating func receiveValue(from index: Int) -> CombiningAction {
    guard !isFinished else { return .ignore }
    if queued[index] == 0 { empty -= 1 }
    queued[index] += 1
    guard empty == 0 else { return .store }
    var completes = false
    for input in queued.indices {
      queued[input] -= 1
      guard queued[input] == 0 else { continue }
      empty += 1
      if hasCompleted[input] { completes = true }
    }
    if completes { isFinished = true }
    return .storeAndSend(thenComplete: completes)
  }

  /// Input `index` completed. Returns whether the result completes now: when this input has nothing queued
  /// (it can never pair again); otherwise once its queue has been used up.
  @inlinable
  mutating func receiveCompletion(from index: Int) -> Bool {
    guard !isFinished else { return false }
    hasCompleted[index] = true
    guard queued[index] == 0 else { return false }
    isFinished = true
    return true
  }
}

/// Where `zip` queues the values of one input until they are paired: a ring buffer, read and written only
/// under the operator's lock, built like ``LatestSlot`` so that the code a pack's element runs generic at run
/// time looks no metadata up (typed pointers, no `Optional<Value>`, no stored `var`).
@usableFromInline
final class QueueSlot<Value>: InputStore {
  /// The ring buffer: `capacity` cells, `count` of them initialised from `head` on, wrapping around.
  @usableFromInline let buffer: UnsafeMutablePointer<UnsafeMutablePointer<Value>>
  /// `capacity`, `head`, `count`.
  @usableFromInline let layout: UnsafeMutablePointer<(capacity: Int, head: Int, count: Int)>

  /// An empty queue.
  @inlinable
  init() {
    buffer = .allocate(capacity: 1)
    buffer.initialize(to: .allocate(capacity: 4))
    layout = .allocate(capacity: 1)
    layout.initialize(to: (4, 0, 0))
  }

  deinit {
    let (capacity, head, count) = layout.pointee
    for offset in 0..<count { (buffer.pointee + (head + offset) % capacity).deinitialize(count: 1) }
    buffer.pointee.deallocate()
    buffer.deallocate()
    layout.deallocate()
  }

  /// Queues `value` after the others.
  @inlinable
  func store(_ value: Value) {
    var (capacity, head, count) = layout.pointee
    if count == capacity {
      let grown = UnsafeMutablePointer<Value>.allocate(capacity: capacity * 2)
      for offset in 0..<count {
        (grown + offset).moveInitialize(from: buffer.pointee + (head + offset) % capacity, count: 1)
      }
      buffer.pointee.deallocate()
      buffer.pointee = grown
      (capacity, head) = (capacity * 2, 0)
    }
    (buffer.pointee + (head + count) % capacity).initialize(to: value)
    layout.pointee = (capacity, head, count + 1)
  }

  /// Takes the oldest value; only called once the state machine knows there is one.
  @inlinable
  func dequeue() -> Value {
    let (capacity, head, count) = layout.pointee
    let value = (buffer.pointee + head).move()
    layout.pointee = (capacity, (head + 1) % capacity, count - 1)
    return value
  }
}
