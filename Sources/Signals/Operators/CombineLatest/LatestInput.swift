/// Where `combineLatest` keeps the latest value of one input: a typed cell, read and written only under the
/// operator's lock.
///
/// The cells of a parameter pack's inputs are reached from code that stays generic at run time: Swift 6.3
/// specialises a function over a pack, but not the calls made for each element of a `repeat` expansion. So
/// the cell is built to cost no metadata look-up there: the value lives behind a plain pointer and whether it
/// holds one behind another, and storing or reading it uses only the value type's own witnesses — no
/// `Optional<Value>`, and no stored `var`, whose every access is checked for exclusivity.
///
/// Whether an input has sent a value is decided by the operator's state machine, not by this flag, which
/// only tells storing from replacing, and `deinit` whether there is a value to destroy. So `nil` is a value
/// like any other.
@usableFromInline
final class LatestSlot<Value> {
  /// The latest value, initialised by the first ``store(_:)``.
  @usableFromInline let cell: UnsafeMutablePointer<Value>
  /// Whether `cell` holds a value.
  @usableFromInline let isSet: UnsafeMutablePointer<Bool>

  /// An empty cell.
  @inlinable
  init() {
    cell = .allocate(capacity: 1)
    isSet = .allocate(capacity: 1)
    isSet.initialize(to: false)
  }

  deinit {
    if isSet.pointee { cell.deinitialize(count: 1) }
    cell.deallocate()
    isSet.deallocate()
  }

  /// Stores `value`, replacing the previous one.
  @inlinable
  func store(_ value: Value) {
    if isSet.pointee {
      cell.pointee = value
    } else {
      cell.initialize(to: value)
      isSet.pointee = true
    }
  }

  /// The latest value; only read once the state machine knows there is one.
  @inlinable
  var value: Value { cell.pointee }
}

/// What the observer of one `combineLatest` input calls: closures made where every type is known, so that
/// the whole operator runs specialised, except the few lines that handle one input's typed values.
///
/// Each closure runs the state machine under the operator's lock and sends what it decides afterwards,
/// through the ``Coordinator``.
@usableFromInline
struct LatestInputHandlers<Failure: Error> {
  /// Adds an input to the state machine and returns its index, or `nil` once the result has ended.
  ///
  /// The machine learns how many inputs there are from these calls, not from counting a parameter pack: in
  /// Swift 6.3's optimised builds, a loop that only counts the elements of a stored pack can be miscompiled
  /// (three elements counted as two). Inputs cannot send anything while they are being attached — signals
  /// do not replay and producers start only afterwards — so growing the machine one input at a time is safe.
  @usableFromInline let add: () -> Int?
  /// Input `index` sent a value: `store` keeps it in the input's slot, under the lock, unless the result ended.
  @usableFromInline let value: (_ index: Int, _ store: () -> Void) -> Void
  /// Input `index` completed.
  @usableFromInline let completed: (_ index: Int) -> Void
  /// An input failed.
  @usableFromInline let failed: (Failure) -> Void
  /// An input was interrupted.
  @usableFromInline let interrupted: () -> Void

  /// The handlers of one running `combineLatest`: `coordinator` holds its state machine, `snapshot` reads
  /// every slot's latest value (under the lock).
  @inlinable
  init<Snapshot, Output>(
    _ coordinator: Coordinator<CombineLatestState, Snapshot, Output, Failure>,
    snapshot: @escaping () -> Snapshot
  ) {
    add = {
      coordinator.update { machine, _ in machine.isFinished ? nil : machine.addInput() }
    }
    value = { index, store in
      coordinator.update(deciding: { machine in
        switch machine.receiveValue(from: index) {
        case .ignore: return nil
        case .store:
          store()
          return nil
        case .storeAndSend:
          store()
          return .value(snapshot())
        }
      })
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
  ///
  /// For a pack's inputs this runs generic at run time, and so does the observer it attaches; it only
  /// stores the value and calls the specialised handlers.
  @inlinable
  func observe<Value>(_ input: Signal<Value, Failure>, into slot: LatestSlot<Value>) -> (any Disposable)? {
    guard let index = add() else { return nil }
    return input.core.observe(observer(of: Signal<Value, Failure>.Event.self, index: index, slot: slot))
  }

  /// The observer of input `index`, generic over its event type so that, when it runs generic, it looks
  /// no metadata up per event (see ``InputEvent``).
  @inlinable
  func observer<Value, Event: InputEvent>(
    of _: Event.Type,
    index: Int,
    slot: LatestSlot<Value>
  ) -> (Event) -> Void where Event.Value == Value, Event.Failure == Failure {
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
