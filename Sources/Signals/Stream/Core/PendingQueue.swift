/// A first-in, first-out queue with amortised O(1) pops, for the events a busy signal must deliver later.
///
/// Popping moves the element out of its slot, so what the queue releases under the core's lock is never the
/// last reference to a user's object: nothing's `deinit` runs under the lock.
@usableFromInline
struct PendingQueue<Element> {
  @usableFromInline var storage: [Element?] = []
  @usableFromInline var head = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == storage.count }

  @inlinable
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// The element `popFirst()` would return, left in place.
  @inlinable
  var first: Element? {
    head < storage.count ? storage[head] : nil
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  @inlinable
  func contains(where predicate: (Element) -> Bool) -> Bool {
    // Most queues asked are empty (a derived core abandoned with nothing queued), and this may run unspecialised.
    guard head < storage.count else { return false }
    return storage[head...].contains { $0.map(predicate) ?? false }
  }

  @inlinable
  mutating func removeAll() -> [Element] {
    defer {
      storage = []
      head = 0
    }
    return storage[head...].compactMap { $0 }
  }
}
