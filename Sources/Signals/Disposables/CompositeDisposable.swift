import Synchronization

/// A disposable that disposes many others together.
///
/// Disposables added after it was disposed are disposed at once. Its members are disposed in the order
/// they were added, outside its lock, and then released.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
  @usableFromInline struct State {
    var members: [ObjectIdentifier: (order: Int, disposable: any Disposable)] = [:]
    var nextOrder = 0
    var isDisposed = false
  }

  @usableFromInline let state = Locked(State())

  /// An empty composite.
  public init() {}

  /// A composite holding `disposables`.
  public init(_ disposables: [any Disposable]) {
    for disposable in disposables { add(disposable) }
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Adds a disposable, and returns a handle that removes it again without disposing it.
  ///
  /// - Returns: `nil` when `disposable` is `nil` or when the composite was already disposed, in which case
  ///   `disposable` has been disposed at once.
  @discardableResult
  public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
    guard let disposable else { return nil }
    let key = ObjectIdentifier(disposable)
    let added = state.withLock { state -> Bool in
      guard !state.isDisposed else { return false }
      state.members[key] = (state.nextOrder, disposable)
      state.nextOrder += 1
      return true
    }
    guard added else {
      disposable.dispose()
      return nil
    }
    return MemberRemoval(self, key)
  }

  /// The handle ``add(_:)-(Disposable?)`` returns: it removes one member without disposing it, once.
  ///
  /// One object, rather than an ``AnyDisposable`` around a closure (three allocations): most handles are
  /// never used, and `lifetime += …` makes one on every producer start.
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
      _ = composite?.state.withLock { $0.members.removeValue(forKey: key) }
    }
  }

  /// Adds a closure to run when the composite is disposed; returns a handle that removes it again.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> (any Disposable)? {
    add(AnyDisposable(action))
  }

  /// Disposes every member in the order they were added. Later calls do nothing.
  public func dispose() {
    let members = state.withLock { state -> [(order: Int, disposable: any Disposable)] in
      guard !state.isDisposed else { return [] }
      state.isDisposed = true
      defer { state.members = [:] }
      return Array(state.members.values)
    }
    for member in members.sorted(by: { $0.order < $1.order }) {
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
