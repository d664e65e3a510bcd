import Synchronization

@testable import Signals

/// A thread-safe counter for stress and leak tests.
final class AtomicCounter: Sendable {
  private let storage = Atomic<Int>(0)

  init() {}

  var value: Int { storage.load(ordering: .acquiring) }

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int { storage.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue }

  /// Subtracts one and returns the new count.
  @discardableResult
  func decrement() -> Int { storage.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue }
}

/// The numbers of a range, each counted as it is pulled: a lazy sequence that is `Sendable`, as
/// `SignalProducer(_:)` requires. (`range.lazy.map { … }` is not, and Swift would quietly pick the eager `map`,
/// which pulls every number when the producer is made.)
struct CountedNumbers: Sequence, Sendable {
  let range: ClosedRange<Int>
  let pulled: AtomicCounter

  init(_ range: ClosedRange<Int>, pulled: AtomicCounter) {
    self.range = range
    self.pulled = pulled
  }

  func makeIterator() -> AnyIterator<Int> {
    var numbers = range.makeIterator()
    let pulled = self.pulled
    return AnyIterator {
      guard let number = numbers.next() else { return nil }
      pulled.increment()
      return number
    }
  }
}

/// Tracks how deeply an observer is entered, to prove that delivery never overlaps or recurses.
final class EntryGuard: Sendable {
  private let depth = Atomic<Int>(0)
  private let maximum = Atomic<Int>(0)

  init() {}

  /// The deepest nesting seen; 1 means every entry finished before the next began.
  var maxDepth: Int { maximum.load(ordering: .acquiring) }

  /// Runs `body` while counting this entry.
  func enter<R>(_ body: () -> R) -> R {
    let current = depth.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    _ = maximum.max(current, ordering: .acquiringAndReleasing)
    defer { depth.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
    return body()
  }
}

/// A mutable box shared with closures in single-threaded tests (e.g. a disposable set after `start` returns).
final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// An object whose `deinit` can be observed through `Weak`, and which observes a signal with a closure that
/// captures it strongly: the shape of a view model that stores its own subscription.
final class Owner {
  var disposable: (any Disposable)?
  var received: [Int] = []

  init(observing signal: Signal<Int, Never>) {
    disposable = signal.observeValues { value in self.received.append(value) }
  }

  init(starting producer: SignalProducer<Int, Never>) {
    disposable = producer.startWithValues { value in self.received.append(value) }
  }
}

/// An atomic flag that escaping closures can capture.
final class AtomicFlag: Sendable {
  private let storage = Atomic<Bool>(false)

  init() {}

  var value: Bool { storage.load(ordering: .acquiring) }

  /// Sets the flag and returns whether it was already set.
  func set() -> Bool { storage.exchange(true, ordering: .acquiringAndReleasing) }

  /// Sets the flag's value.
  func store(_ value: Bool) { storage.store(value, ordering: .releasing) }
}
