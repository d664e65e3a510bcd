/// What a combining operator's state machine decides to do with a value an input sent.
@usableFromInline
enum CombiningAction: Equatable {
  /// The result has ended: drop the value.
  case ignore
  /// Keep the value in the input's store; nothing is sent.
  case store
  /// Keep the value, then send what ``CombiningInputs``' snapshot takes from every store; then complete, if
  /// `thenComplete` (the machine has finished).
  case storeAndSend(thenComplete: Bool)
}

/// The state machine of a combining operator: which inputs have values and which are still running. The
/// values themselves live in typed ``InputStore``s beside it, guarded by the same lock.
@usableFromInline
protocol CombiningMachine {
  /// A machine with no input yet.
  init()
  /// Whether the result has ended (a terminal event was decided); every later event is ignored.
  var isFinished: Bool { get set }
  /// Adds an input as it is attached, before any input sends anything; returns its index.
  @discardableResult
  mutating func addInput() -> Int
  /// A value from input `index`.
  mutating func receiveValue(from index: Int) -> CombiningAction
  /// Input `index` completed; returns whether the result completes now.
  mutating func receiveCompletion(from index: Int) -> Bool
  /// An input failed or was interrupted; returns whether to forward it (yes, unless the result has ended).
  mutating func receiveTermination() -> Bool
}

extension CombiningMachine {
  /// A machine for `inputCount` inputs, indexed from 0, as specs build one to drive it by hand.
  @inlinable
  init(inputCount: Int) {
    self.init()
    for _ in 0..<inputCount { addInput() }
  }

  /// An input failed or was interrupted: the result ends with it, unless it has ended already (every machine
  /// forwards the first terminal event alone).
  @inlinable
  mutating func receiveTermination() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }
}

/// Where a combining operator keeps one input's values, read and written only under the operator's lock:
/// the latest one (``LatestSlot``), or a queue (``QueueSlot``).
@usableFromInline
protocol InputStore<Value>: AnyObject {
  associatedtype Value
  /// Keeps `value`.
  func store(_ value: Value)
}

/// What the observer of one input of a combining operator (`combineLatest`, `zip`) calls: closures made where
/// every type is known, so that the whole operator runs specialised, except the few lines that handle one
/// input's typed values.
///
/// Each closure runs the state machine under the operator's lock and sends what it decides afterwards,
/// through the ``Coordinator``. The operators differ only in their machine (``CombineLatestState``,
/// ``ZipState``) and in where an input's values wait (``LatestSlot``, ``QueueSlot``): one engine serves both.
@usableFromInline
struct CombiningInputs<Failure: Error> {
  /// Adds an input to the state machine and returns its index, or `nil` once the result has ended.
  ///
  /// The machine counts its inputs from these calls, not from the pack: an optimised build can miscount the
  /// elements of a stored pack. Inputs send nothing while they are attached, so growing it here is safe.
  @usableFromInline let add: () -> Int?
  /// Input `index` sent a value: `store` keeps it in the input's store, under the lock, unless the result ended.
  @usableFromInline let value: (_ index: Int, _ store: () -> Void) -> Void
  @usableFromInline let completed: (_ index: Int) -> Void
  @usableFromInline let failed: (Failure) -> Void
  @usableFromInline let interrupted: () -> Void

  /// The handlers of one running operator: `coordinator` holds its state machine, `snapshot` takes what one
  /// value sends from every input's store (under the lock: the latest values, or the oldest queued ones).
  @inlinable
  init<Machine: CombiningMachine, Snapshot, Output>(
    _ coordinator: Coordinator<Machine, Snapshot, Output, Failure>,
    snapshot: @escaping () -> Snapshot
  ) {
    add = {
      coordinator.update { machine, _ in machine.isFinished ? nil : machine.addInput() }
    }
    value = { index, store in
      var completes = false
      coordinator.update(deciding: { machine in
        switch machine.receiveValue(from: index) {
        case .ignore:
          return nil
        case .store:
          store()
          return nil
        case .storeAndSend(let thenComplete):
          store()
          completes = thenComplete
          return .value(snapshot())
        }
      })
      // A machine that sends a value and finishes in one step (zip, when an input that completed has nothing
      // left to pair) ignores every later event, so the completion is the next decision, after the value.
      if completes { coordinator.update(deciding: { _ in .completed }) }
    }
    completed = { index in
      coordinator.update(deciding: { machine in machine.receiveCompletion(from: index) ? .completed : nil })
    }
    failed = { error in
      coordinator.update(deciding: { machine in machine.receiveTermination() ? .failed(error) : nil })
    }
    interrupted = {
      coordinator.update(deciding: { machine in machine.receiveTermination() ? .interrupted : nil })
    }
  }

  /// Adds `input` to the state machine and observes it, keeping its values in `slot`. Returns the
  /// disposable that detaches it, or `nil` if the result has ended (or ends because `input` had).
  @inlinable
  func observe<Slot: InputStore>(_ input: Signal<Slot.Value, Failure>, into slot: Slot) -> (any Disposable)? {
    guard let index = add() else { return nil }
    return input.core.observe(observer(of: Signal<Slot.Value, Failure>.Event.self, index: index, slot: slot))
  }

  /// The observer of input `index`, generic over its event type (see ``InputEvent``).
  @inlinable
  func observer<Slot: InputStore, Event: InputEvent>(
    of _: Event.Type,
    index: Int,
    slot: Slot
  ) -> (Event) -> Void where Event.EventValue == Slot.Value, Event.EventFailure == Failure {
    let (value, completed, failed, interrupted) = (value, completed, failed, interrupted)
    return { event in
      event.dispatch(
        value: { newValue in value(index) { slot.store(newValue) } },
        completed: { completed(index) },
        failed: failed,
        interrupted: interrupted)
    }
  }
}

extension Signal {
  /// The pack forms' one implementation, for `combineLatest` and `zip`: each input's values go into its slot,
  /// `machine` decides, and `snapshot` (called under the lock) reads the slots into what `output` turns into
  /// the value sent (outside the lock).
  @inlinable
  static func combining<Machine: CombiningMachine, FirstSlot: InputStore, each RestSlot: InputStore, Snapshot, Output>(
    _ first: Signal,
    into firstSlot: FirstSlot,
    _ rest: repeat Signal<(each RestSlot).Value, Failure>,
    into restSlots: repeat each RestSlot,
    machine: Machine,
    snapshot: @escaping () -> Snapshot,
    output: @escaping (Snapshot) -> Output
  ) -> Signal<Output, Failure> where FirstSlot.Value == Value {
    Signal<Output, Failure>(deriving: { downstream in
      let handlers = CombiningInputs(Coordinator(machine, downstream: downstream, output: output), snapshot: snapshot)
      let disposables = CompositeDisposable()
      disposables += handlers.observe(first, into: firstSlot)
      _ = (repeat disposables += handlers.observe(each rest, into: each restSlots))
      return disposables
    })
  }

  /// The list forms' one implementation (`combineLatest` and `zip` over a collection of signals of one type):
  /// observes `inputs` in order, keeping each one's values in the matching element of `slots`, with `machine`
  /// deciding and `snapshot` taking what one value sends. An empty list sends `snapshot()` (`[]`) and
  /// completes as the signal is made.
  @inlinable
  static func combiningList<Machine: CombiningMachine, Slot: InputStore, Output>(
    _ inputs: [Signal], into slots: [Slot], machine: Machine, snapshot: @escaping () -> Output
  ) -> Signal<Output, Failure> where Slot.Value == Value {
    Signal<Output, Failure>(deriving: { downstream in
      guard !inputs.isEmpty else {
        downstream.sendCompact(.value(snapshot()))
        downstream.sendCompact(.completed)
        return nil
      }
      let handlers = CombiningInputs(Coordinator(machine, downstream: downstream), snapshot: snapshot)
      let disposables = CompositeDisposable()
      for (input, slot) in Swift.zip(inputs, slots) {
        guard let disposable = handlers.observe(input, into: slot) else { break }
        disposables += disposable
      }
      return disposables
    })
  }
}
