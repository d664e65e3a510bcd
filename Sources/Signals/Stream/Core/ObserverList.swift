/// The observers of a ``SignalCore``, in the order they attached.
///
/// A single observer, the case of every stage of a chain, is kept inline; only two or more go to an array.
///
/// A copy is the snapshot a delivery works from, when it takes one (two or more observers, or a list that
/// changed during the delivery: a single observer is called in place, see ``SignalCore/soleObserver``): it
/// retains what it holds, so that observers removed during the delivery stay valid until it is over (a
/// user's observer checks its subscription's `isActive` before entering the closure).
@usableFromInline
enum ObserverList<Value, Failure: Error> {
  @usableFromInline typealias Entry = ObserverEntry<Value, Failure>

  case empty
  case one(Entry)
  /// Two or more observers, in the order they attached.
  case many(ContiguousArray<Entry>)

  @inlinable
  init() {
    self = .empty
  }

  @inlinable
  var isEmpty: Bool {
    if case .empty = self { return true }
    return false
  }

  @inlinable
  var count: Int {
    switch self {
    case .empty: 0
    case .one: 1
    case .many(let entries): entries.count
    }
  }

  @inlinable
  mutating func append(_ entry: Entry) {
    switch self {
    case .empty:
      self = .one(entry)
    case .one(let first):
      self = .many([first, entry])
    case .many(var entries):
      self = .empty  // so that `entries` is the buffer's only owner and grows in place
      entries.append(entry)
      self = .many(entries)
    }
  }

  /// Removes the entry with `key` and returns it, or `nil` if it is not attached.
  @inlinable
  mutating func remove(key: ObjectIdentifier) -> Entry? {
    switch self {
    case .empty:
      return nil
    case .one(let entry):
      guard entry.key == key else { return nil }
      self = .empty
      return entry
    case .many(var entries):
      self = .empty  // so that `entries` is the buffer's only owner and is edited in place
      defer { self = entries.count == 1 ? .one(entries[0]) : .many(entries) }
      var index = 0
      while index < entries.count {
        if entries[index].key == key { return entries.remove(at: index) }
        index += 1
      }
      return nil
    }
  }

  /// Calls every observer with `event`, in order; each skips it if it was disposed.
  @inlinable @inline(__always)
  func deliver(_ event: Signal<Value, Failure>.Event) {
    switch self {
    case .empty: break
    case .one(let entry): entry.receive(event)
    case .many(let entries): Self.deliver(event, to: entries)
    }
  }

  /// Calls two or more observers.
  @inlinable @inline(never)
  static func deliver(_ event: Signal<Value, Failure>.Event, to entries: ContiguousArray<Entry>) {
    for entry in entries { entry.receive(event) }
  }
}
