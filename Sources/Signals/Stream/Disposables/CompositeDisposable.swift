import Synchronization

/// A disposable that disposes many others together.
///
/// Disposables added after it was disposed are disposed at once. Its members are disposed in the order
/// they were added, outside its lock, and then released.
///
/// Adding a disposable that is already a member does not add it twice: it moves to the end of the order.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
  /// The members: the oldest inline, since most composites (a producer start's lifetime) hold none or one,
  /// and the others in a dictionary keyed by identity, with their order.
  @usableFromInline typealias Members = [ObjectIdentifier: (order: Int, disposable: any Disposable)]

  @usableFromInline
  struct State {
    /// The oldest member, when it was added while no other was: every member of `rest` is younger.
    @usableFromInline var first: (any Disposable)?
    /// `nil` until a second member arrives.
    @usableFromInline var rest: Members?
    @usableFromInline var nextOrder = 0
    @usableFromInline var isDisposed = false

    @inlinable
    init() {}

    /// Adds `disposable`, or moves it to the end if it is a member already.
    @inlinable
    mutating func insert(_ disposable: any Disposable) {
      let key = ObjectIdentifier(disposable)
      if let oldest = first, ObjectIdentifier(oldest) == key {
        guard rest?.isEmpty == false else { return }
        first = nil
      }
      if first == nil, rest?.isEmpty ?? true {
        first = disposable
      } else {
        rest = rest ?? [:]
        rest![key] = (nextOrder, disposable)
      }
      nextOrder += 1
    }

    /// Removes the member with `key`, if it is one, without disposing it.
    @usableFromInline
    mutating func remove(key: ObjectIdentifier) {
      if let oldest = first, ObjectIdentifier(oldest) == key {
        first = nil
      } else {
        rest?.removeValue(forKey: key)
      }
    }
  }

  /// Reached only under `lock` (see ``LockWord/withLock(_:)``): kept in the composite, not behind a ``Locked``.
  @usableFromInline let lock = LockWord()
  @exclusivity(unchecked) @usableFromInline var state = State()

  /// An empty composite.
  @inlinable
  public init() {}

  /// A composite holding `disposables`.
  public init(_ disposables: [any Disposable]) {
    for disposable in disposables { state.insert(disposable) }
  }

  @inlinable @inline(__always)
  func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&state) }
  }

  /// Set together with `State.isDisposed`, under the lock; read without it, by ``isDisposed``, which a
  /// start's loop reads before every value it sends (`lifetime.hasEnded`).
  @usableFromInline let hasDisposed = Atomic<Bool>(false)

  /// Whether `dispose()` has been called.
  @inlinable
  public var isDisposed: Bool { hasDisposed.load(ordering: .acquiring) }

  /// How many members it holds; for specs.
  var memberCount: Int { withState { ($0.first == nil ? 0 : 1) + ($0.rest?.count ?? 0) } }

  /// Adds a disposable, and returns a handle that removes it again without disposing it.
  ///
  /// - Returns: `nil` when `disposable` is `nil` or when the composite was already disposed, in which case
  ///   `disposable` has been disposed at once.
  @discardableResult
  public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
    guard let disposable, insert(disposable) else { return nil }
    return MemberRemoval(self, ObjectIdentifier(disposable))
  }

  /// Adds `disposable` without making a handle to remove it, and returns `true`; a composite already
  /// disposed disposes it at once and returns `false`. For the library's own members, whose handle nobody
  /// would keep.
  @inlinable
  @discardableResult
  func insert(_ disposable: any Disposable) -> Bool {
    let added = withState { state -> Bool in
      guard !state.isDisposed else { return false }
      state.insert(disposable)
      return true
    }
    if !added { disposable.dispose() }
    return added
  }

  /// The handle ``add(_:)-(Disposable?)`` returns: it removes one member without disposing it, once.
  final class MemberRemoval: Disposable, @unchecked Sendable {
    /// Weak, so that a member keeping its own handle does not keep the composite alive.
    private weak var composite: CompositeDisposable?
    private let key: ObjectIdentifier
    private let isRemoved = Atomic<Bool>(false)

    init(_ composite: CompositeDisposable, _ key: ObjectIdentifier) {
      self.composite = composite
      self.key = key
    }

    var isDisposed: Bool { isRemoved.load(ordering: .acquiring) }

    func dispose() {
      guard !isRemoved.exchange(true, ordering: .acquiringAndReleasing) else { return }
      composite?.withState { $0.remove(key: key) }
    }
  }

  /// Adds a closure to run when the composite is disposed; returns a handle that removes it again.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> (any Disposable)? {
    add(AnyDisposable(action))
  }

  /// Disposes every member in the order they were added. Later calls do nothing.
  public func dispose() {
    let (first, rest) = withState { state -> ((any Disposable)?, Members?) in
      guard !state.isDisposed else { return (nil, nil) }
      state.isDisposed = true
      hasDisposed.store(true, ordering: .releasing)
      return (Swift.exchange(&state.first, with: nil), Swift.exchange(&state.rest, with: nil))
    }
    first?.dispose()
    if let rest { Self.dispose(rest) }
  }

  private static func dispose(_ members: Members) {
    for member in members.values.sorted(by: { $0.order < $1.order }) {
      member.disposable.dispose()
    }
  }

  /// Adds `disposable` to `composite`; see ``add(_:)-7p1dj``.
  @discardableResult
  public static func += (composite: CompositeDisposable, disposable: (any Disposable)?) -> (any Disposable)? {
    composite.add(disposable)
  }

  /// Adds a closure to run when `composite` is disposed.
  @discardableResult
  public static func += (composite: CompositeDisposable, action: @escaping () -> Void) -> (any Disposable)? {
    composite.add(action)
  }
}
