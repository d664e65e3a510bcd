import Synchronization

/// What a wave calls between computing and committing while a change trace is on: ``ChangeTracing`` installs
/// its report here when it starts the first trace, so the graph names nothing of the debugging layer.
enum TracingHook {
  /// How many traces are on; a wave calls the hook only when it is not zero.
  static let activeCount = Atomic<Int>(0)

  /// What the debugging layer installed, boxed: a closure stored as a generic lock's state is reabstracted,
  /// and reading it back through the same lock wrapped it in thunks that called each other without end.
  private final class Installed: Sendable {
    let body: @Sendable (Propagation) -> Void
    init(_ body: @escaping @Sendable (Propagation) -> Void) { self.body = body }
  }

  private static let report = Locked<Installed?>(nil)

  /// Makes `body` what a wave calls while a trace is on; before counting a trace in ``activeCount``.
  static func install(_ body: @escaping @Sendable (Propagation) -> Void) {
    report.withLock { $0 = Installed(body) }
  }

  /// By the owner of `wave`'s domain, between computing and committing it, when ``activeCount`` is not zero:
  /// hands the wave to what the debugging layer installed.
  static func traceChanges(of wave: Propagation) {
    report.withLock { $0 }?.body(wave)
  }
}

/// What a node fills in for ``ChangeTracing``: its new and previous values, described, and whether they are
/// equal.
@usableFromInline
final class ChangeDescription {
  @usableFromInline var value = ""
  @usableFromInline var previous = ""
  @usableFromInline var isEqual: Bool?

  @usableFromInline
  init() {}

  /// Describes `new` and `previous`, and compares them when their type is `Equatable`.
  @usableFromInline
  func fill<Value>(new: Value, previous: Value) {
    value = describedValue(new)
    self.previous = describedValue(previous)
    if let new = new as? any Equatable { isEqual = new.isEqual(toAny: previous) }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
