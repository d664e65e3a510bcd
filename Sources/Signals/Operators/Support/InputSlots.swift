/// Where one input of `combineLatest` or `zip` keeps its values: the latest one, or a queue of them.
///
/// Read and written only inside the operator's ``Coordinator/update(_:)``, under its lock. Whether a slot
/// holds a value is tracked by the operator's state machine, never by looking at the value, so `nil` is a
/// value like any other.
final class InputSlot<Value> {
  /// `combineLatest`: the latest value.
  var latest: Value?
  /// `zip`: the values not paired yet, oldest first.
  var queue = PendingQueue<Value>()

  /// The latest value; only called once the state machine knows there is one.
  var unwrappedLatest: Value { latest.unsafelyUnwrapped }

  /// Removes the oldest queued value; only called once the state machine knows there is one.
  func dequeue() -> Value { queue.popFirst().unsafelyUnwrapped }
}

/// A running multi-source operator that can observe one typed input into its slot.
protocol SlotEngine: AnyObject {
  associatedtype Failure: Error

  /// Whether the result has ended; attaching stops early then.
  var isFinished: Bool { get }

  /// Observes input `index`, keeping its values in `slot`.
  func observe<Value>(_ input: Signal<Value, Failure>, into slot: InputSlot<Value>, index: Int) -> (any Disposable)?
}

/// The slots of a fixed list of inputs of any types.
final class InputSlots<First, each Rest> {
  let first = InputSlot<First>()
  let rest: (repeat InputSlot<each Rest>)

  init() {
    rest = (repeat InputSlot<each Rest>())
  }

  /// Every input's latest value, the first apart so that callers can spread the rest.
  func latest() -> (First, (repeat each Rest)) {
    (first.unwrappedLatest, (repeat unwrappedLatest(of: each rest)))
  }

  /// Removes and returns every input's oldest queued value.
  func dequeue() -> (First, (repeat each Rest)) {
    (first.dequeue(), (repeat dequeueFirst(from: each rest)))
  }

  /// Observes every input of `inputs` into the matching slot; stops early if the result ends.
  func attach<Engine: SlotEngine>(
    _ inputs: SignalPack<First, repeat each Rest, Engine.Failure>,
    to engine: Engine
  ) -> CompositeDisposable {
    let disposables = CompositeDisposable()
    disposables += engine.observe(inputs.first, into: first, index: 0)
    var index = 1
    for (input, slot) in repeat (each inputs.rest, each rest) {
      guard !engine.isFinished else { break }
      disposables += engine.observe(input, into: slot, index: index)
      index += 1
    }
    return disposables
  }
}

private func unwrappedLatest<Value>(of slot: InputSlot<Value>) -> Value {
  slot.unwrappedLatest
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
      disposables += observe(inputs[index], into: slots[index], index: index)
    }
    return disposables
  }
}

extension Signal {
  /// A derived signal running a slot engine over `inputCount` inputs: `attach` observes them all.
  ///
  /// With no input at all, it sends `output(empty)` and completes as it is created.
  static func combining<Engine: SlotEngine>(
    inputCount: Int,
    empty: @autoclosure () -> Value,
    engine makeEngine: (SignalCore<Value, Failure>) -> Engine,
    attach: @escaping (Engine) -> CompositeDisposable
  ) -> Signal where Engine.Failure == Failure {
    Signal(deriving: { downstream in
      guard inputCount > 0 else {
        downstream.send(.value(empty()))
        downstream.send(.completed)
        return nil
      }
      return attach(makeEngine(downstream))
    })
  }
}
