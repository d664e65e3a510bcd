/// The hand-written baseline: what one writes without a library — a list of closures called in a loop.
///
/// No lock, no serial delivery, no reentrancy rule, no terminal events: the floor that any library's
/// hot path is compared with.
final class ClosurePipe<Value> {
  private var observers: ContiguousArray<(id: Int, action: (Value) -> Void)> = []
  private var nextID = 0

  /// Adds an observer; returns the token that removes it.
  @discardableResult
  func observe(_ action: @escaping (Value) -> Void) -> Int {
    nextID &+= 1
    observers.append((nextID, action))
    return nextID
  }

  func remove(_ id: Int) {
    if let index = observers.firstIndex(where: { $0.id == id }) { observers.remove(at: index) }
  }

  func send(_ value: Value) {
    for observer in observers { observer.action(value) }
  }
}
