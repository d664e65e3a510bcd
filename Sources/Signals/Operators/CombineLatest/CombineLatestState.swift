/// The bookkeeping of `combineLatest`: which inputs have sent a value and how many are still running.
///
/// The latest values themselves live in typed ``InputSlot``s beside it, guarded by the same lock. Whether an
/// input has a value is tracked here, per input, never by looking at the value, so optional values — `nil`
/// included — are values like any other.
struct CombineLatestState {
  /// What to do with a value an input sent.
  enum ValueAction: Equatable {
    /// The result has ended: drop the value.
    case ignore
    /// Store the value; some input has no value yet, so nothing is sent.
    case store
    /// Store the value and send the combination of every input's latest value.
    case storeAndSend
  }

  private var hasValue: [Bool] = []
  /// Inputs that have not sent a value yet.
  private var withoutValue = 0
  /// Inputs that have not completed yet.
  private var running = 0
  /// Whether the result has ended (a terminal event was decided); every later event is ignored.
  private(set) var isFinished = false

  /// A machine for `inputCount` inputs, indexed from 0.
  init(inputCount: Int = 0) {
    for _ in 0..<inputCount { addInput() }
  }

  /// Adds an input as it is attached, before any input sends anything; returns its index.
  @discardableResult
  mutating func addInput() -> Int {
    hasValue.append(false)
    withoutValue += 1
    running += 1
    return hasValue.count - 1
  }

  /// A value from input `index`: send once every input has a value, and on every value after that.
  mutating func receiveValue(from index: Int) -> ValueAction {
    guard !isFinished else { return .ignore }
    if !hasValue[index] {
      hasValue[index] = true
      withoutValue -= 1
    }
    return withoutValue == 0 ? .storeAndSend : .store
  }

  /// Input `index` completed. Returns whether the result completes now: when every input has completed, or
  /// at once when this one never sent a value (no combination could ever be sent again).
  mutating func receiveCompletion(from index: Int) -> Bool {
    guard !isFinished else { return false }
    running -= 1
    guard running == 0 || !hasValue[index] else { return false }
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
final class CombineLatestEngine<Snapshot, Output, Failure: Error>: SlotEngine {
  let coordinator: Coordinator<CombineLatestState, Snapshot, Output, Failure>
  /// Reads every slot's latest value; runs under the lock.
  let snapshot: () -> Snapshot

  init(
    downstream: SignalCore<Output, Failure>,
    snapshot: @escaping () -> Snapshot,
    output: @escaping (Snapshot) -> Output
  ) {
    coordinator = Coordinator(CombineLatestState(), downstream: downstream, output: output)
    self.snapshot = snapshot
  }

  var isFinished: Bool { coordinator.read(\.isFinished) }

  func observe<Value>(_ input: Signal<Value, Failure>, into slot: InputSlot<Value>) -> (any Disposable)? {
    let index = coordinator.update { machine, _ in machine.addInput() }
    return input.core.observe { event in
      self.coordinator.update { machine, outbox in
        switch event {
        case .value(let value):
          switch machine.receiveValue(from: index) {
          case .ignore: break
          case .store: slot.latest = value
          case .storeAndSend:
            slot.latest = value
            outbox.append(.value(self.snapshot()))
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
    snapshot: @escaping () -> Snapshot,
    output: @escaping (Snapshot) -> Output,
    attach: @escaping (CombineLatestEngine) -> CompositeDisposable
  ) -> Signal<Output, Failure> {
    Signal.combining(
      hasInputs: hasInputs,
      empty: output(snapshot()),
      engine: { CombineLatestEngine(downstream: $0, snapshot: snapshot, output: output) },
      attach: attach)
  }
}
