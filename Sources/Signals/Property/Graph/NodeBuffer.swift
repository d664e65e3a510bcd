/// A growable buffer of plain values (unretained references, numbers) for a wave's lists: appending checks no
/// uniqueness, emptying keeps the storage, and nothing is retained, so a wave reuses its buffers.
@usableFromInline
struct NodeBuffer<Element: BitwiseCopyable>: BitwiseCopyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>?
  @usableFromInline var count = 0
  @usableFromInline var capacity = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable @inline(__always)
  subscript(index: Int) -> Element {
    get { base.unsafelyUnwrapped[index] }
    nonmutating set { base.unsafelyUnwrapped[index] = newValue }
  }

  /// Where the element at `index` is stored, to change it in place.
  @inlinable @inline(__always)
  func pointer(at index: Int) -> UnsafeMutablePointer<Element> {
    base.unsafelyUnwrapped + index
  }

  @inlinable @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    base.unsafelyUnwrapped[count] = element
    count += 1
  }

  @inlinable @inline(__always)
  mutating func removeLast() -> Element {
    count -= 1
    return base.unsafelyUnwrapped[count]
  }

  /// Empties the buffer, keeping its storage.
  @inlinable @inline(__always)
  mutating func removeAll() {
    count = 0
  }

  @usableFromInline @inline(never)
  mutating func grow() {
    let newCapacity = max(8, capacity * 2)
    let storage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    if let base {
      storage.initialize(from: base, count: count)
      base.deallocate()
    }
    base = storage
    capacity = newCapacity
  }

  /// Frees the storage; call once, when the owner goes.
  @usableFromInline
  mutating func deallocate() {
    base?.deallocate()
    base = nil
    count = 0
    capacity = 0
  }
}

extension Unmanaged {
  /// Calls `body` with the object this refers to, borrowed. Only for an object known to outlive the call: a
  /// node a wave reaches is anchored in its graph until the wave is over (see ``GraphNode/isAnchored``).
  @inlinable @inline(__always)
  func borrow<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
    try _withUnsafeGuaranteedRef(body)
  }
}
