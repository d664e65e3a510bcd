/// Where one input of `zip` keeps its values not paired yet (`combineLatest` has ``LatestSlot``).
///
/// Read and written only inside the operator's ``Coordinator/update(_:)``, under its lock. Whether a slot
/// holds a value is tracked by the operator's state machine, never by looking at the value, so `nil` is a
/// value like any other.
final class InputSlot<Value> {
  /// The values not paired yet, oldest first.
  var queue = PendingQueue<Value>()

  /// Removes the oldest queued value; only called once the state machine knows there is one.
  func dequeue() -> Value { queue.popFirst().unsafelyUnwrapped }
}

/// A running multi-source operator that can observe one typed input into its slot.
protocol SlotEngine: AnyObject {
  associatedtype Failure: Error

  /// Whether the result has ended; attaching stops early then.
  var isFinished: Bool { get }

  /// Adds an input to the state machine (its index is the number of inputs added before it) and observes it,
  /// keeping its values in `slot`.
  ///
  /// The machine learns how many inputs there are from these calls, not from counting a parameter pack: in
  /// Swift 6.3's optimised builds, a loop that only counts the elements of a stored pack can be miscompiled
  /// (three elements counted as two). Inputs cannot send anything while they are being attached — signals
  /// do not replay and producers start only afterwards — so growing the machine one input at a time is safe.
  func observe<Value>(_ input: Signal<Value, Failure>, into slot: InputSlot<Value>) -> (any Disposable)?
}

/// The slots of a fixed list of inputs of any types.
final class InputSlots<First, each Rest> {
  let first = InputSlot<First>()
  let rest: (repeat InputSlot<each Rest>)

  init() {
    rest = (repeat InputSlot<each Rest>())
  }

  /// Removes and returns every input's oldest queued value, the first apart so that callers can spread the
  /// rest.
  func dequeue() -> (First, (repeat each Rest)) {
    (first.dequeue(), (repeat dequeueFirst(from: each rest)))
  }

  /// Observes every input of `inputs` into the matching slot, in order; stops early if the result ends.
  func attach<Engine: SlotEngine>(
    _ inputs: SignalPack<First, repeat each Rest, Engine.Failure>,
    to engine: Engine
  ) -> CompositeDisposable {
    let attachment = Attachment(engine)
    attachment.attach(inputs.first, into: first)
    _ = (repeat attachment.attach(each inputs.rest, into: each rest))
    return attachment.disposables
  }
}

/// Observes inputs one by one, stopping once the result has ended.
private final class Attachment<Engine: SlotEngine> {
  let engine: Engine
  let disposables = CompositeDisposable()

  init(_ engine: Engine) {
    self.engine = engine
  }

  func attach<Value>(_ input: Signal<Value, Engine.Failure>, into slot: InputSlot<Value>) {
    guard !engine.isFinished else { return }
    disposables += engine.observe(input, into: slot)
  }
}

private func dequeueFirst<Value>(from slot: InputSlot<Value>) -> Value {
  slot.dequeue()
}

extension SlotEngine {
  /// Observes every input of a list into the slot of the same index; stops early if the result ends.
  func attach<Value>(_ inputs: [Signal<Value, Failure>], into slots: [InputSlot<Value>]) -> CompositeDisposable {
    let disposables = CompositeDisposable()
    for index in inputs.indices {
      guard !isFinished else { break }
      disposables += observe(inputs[index], into: slots[index])
    }
    return disposables
  }
}

extension Signal {
  /// A derived signal running a slot engine over its inputs: `attach` observes them all.
  ///
  /// Without inputs, it sends `empty` and completes as it is created.
  static func combining<Engine: SlotEngine>(
    hasInputs: Bool,
    empty: @autoclosure () -> Value,
    engine makeEngine: (SignalCore<Value, Failure>) -> Engine,
    attach: @escaping (Engine) -> CompositeDisposable
  ) -> Signal where Engine.Failure == Failure {
    Signal(deriving: { downstream in
      guard hasInputs else {
        downstream.send(.value(empty()))
        downstream.send(.completed)
        return nil
      }
      return attach(makeEngine(downstream))
    })
  }
}
