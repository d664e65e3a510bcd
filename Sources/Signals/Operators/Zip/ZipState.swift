/// The bookkeeping of `zip`: how many values each input has queued, and which inputs have completed.
///
/// The queued values themselves live in typed ``InputSlot``s beside it, guarded by the same lock.
struct ZipState {
  /// What to do with a value an input sent.
  enum ValueAction: Equatable {
    /// The result has ended: drop the value.
    case ignore
    /// Queue the value; some input has nothing queued, so nothing is sent.
    case enqueue
    /// Queue the value, then take the oldest value of every input and send them together; then complete if
    /// `thenComplete` (a completed input has nothing queued any more).
    case enqueueAndSend(thenComplete: Bool)
  }

  private var queued: [Int] = []
  private var hasCompleted: [Bool] = []
  /// Inputs with nothing queued.
  private var empty = 0
  /// Whether the result has ended (a terminal event was decided); every later event is ignored.
  private(set) var isFinished = false

  /// A machine for `inputCount` inputs, indexed from 0.
  init(inputCount: Int = 0) {
    for _ in 0..<inputCount { addInput() }
  }

  /// Adds an input as it is attached, before any input sends anything; returns its index.
  @discardableResult
  mutating func addInput() -> Int {
    queued.append(0)
    hasCompleted.append(false)
    empty += 1
    return queued.count - 1
  }

  /// A value from input `index`: send a tuple whenever every input has a value queued.
  mutating func receiveValue(from index: Int) -> ValueAction {
    guard !isFinished else { return .ignore }
    if queued[index] == 0 { empty -= 1 }
    queued[index] += 1
    guard empty == 0 else { return .enqueue }
    var completes = false
    for input in queued.indices {
      queued[input] -= 1
      guard queued[input] == 0 else { continue }
      empty += 1
      if hasCompleted[input] { completes = true }
    }
    if completes { isFinished = true }
    return .enqueueAndSend(thenComplete: completes)
  }

  /// Input `index` completed. Returns whether the result completes now: when this input has nothing queued
  /// (it can never pair again); otherwise once its queue has been used up.
  mutating func receiveCompletion(from index: Int) -> Bool {
    guard !isFinished else { return false }
    hasCompleted[index] = true
    guard queued[index] == 0 else { return false }
    isFinished = true
    return true
  }

  /// An input failed or was interrupted. Returns whether to forward it: yes, unless the result has ended.
  mutating func receiveTermination() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }
}

/// The running operator: the state machine, the ordered hand-off downstream, and how to read the slots.
final class ZipEngine<Snapshot, Output, Failure: Error>: SlotEngine {
  let coordinator: Coordinator<ZipState, Snapshot, Output, Failure>
  /// Takes every slot's oldest value; runs under the lock.
  let dequeue: () -> Snapshot

  init(
    downstream: SignalCore<Output, Failure>,
    dequeue: @escaping () -> Snapshot,
    output: @escaping (Snapshot) -> Output
  ) {
    coordinator = Coordinator(ZipState(), downstream: downstream, output: output)
    self.dequeue = dequeue
  }

  var isFinished: Bool { coordinator.read { $0.isFinished } }

  func observe<Value>(_ input: Signal<Value, Failure>, into slot: InputSlot<Value>) -> (any Disposable)? {
    let index = coordinator.update { machine, _ in machine.addInput() }
    return input.core.observe { event in
      self.coordinator.update { machine, outbox in
        switch event {
        case .value(let value):
          switch machine.receiveValue(from: index) {
          case .ignore: break
          case .enqueue: slot.queue.append(value)
          case .enqueueAndSend(let thenComplete):
            slot.queue.append(value)
            outbox.append(.value(self.dequeue()))
            if thenComplete { outbox.append(.completed) }
          }
        case .completed:
          if machine.receiveCompletion(from: index) { outbox.append(.completed) }
        case .failed(let error):
          if machine.receiveTermination() { outbox.append(.failed(error)) }
        case .interrupted:
          if machine.receiveTermination() { outbox.append(.interrupted) }
        }
      }
    }
  }

  /// A derived signal running the operator; see ``Signal/combining(hasInputs:empty:engine:attach:)``.
  static func signal(
    hasInputs: Bool,
    dequeue: @escaping () -> Snapshot,
    output: @escaping (Snapshot) -> Output,
    attach: @escaping (ZipEngine) -> CompositeDisposable
  ) -> Signal<Output, Failure> {
    Signal.combining(
      hasInputs: hasInputs,
      empty: output(dequeue()),
      engine: { ZipEngine(downstream: $0, dequeue: dequeue, output: output) },
      attach: attach)
  }
}
