/// Where `combineLatest` keeps the latest value of one input: a typed cell, read and written only under the
/// operator's lock.
///
/// A pack's cells are reached from code that stays generic at run time (see ``InputEvent``), so the value
/// lives behind a plain pointer, and whether it holds one behind another: no `Optional<Value>`, no stored
/// `var`.
///
/// Whether an input has sent a value is decided by the operator's state machine, not by this flag, which
/// only tells storing from replacing, and `deinit` whether there is a value to destroy. So `nil` is a value
/// like any other.
@usableFromInline
final class LatestSlot<Value>: InputStore {
  /// The latest value, initialised by the first ``store(_:)``.
  @usableFromInline let cell: UnsafeMutablePointer<Value>
  /// Whether `cell` holds a value.
  @usableFromInline let isSet: UnsafeMutablePointer<Bool>

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
