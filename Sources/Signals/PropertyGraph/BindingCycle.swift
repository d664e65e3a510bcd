/// A cycle of one-way bindings that the property graph stopped.
///
/// A change travels through bindings (`b <~ a.producer.map { … }`, `a <~ b`) from property to property. When a
/// binding would set a property that this same change already changed — the change came back around a cycle —
/// the set is not made: the property keeps the value it has, every property holds a defined value, and the
/// cycle is reported here. A property bound to itself (`p <~ p.producer`) is the smallest cycle.
///
/// Only the sets of bindings are stopped. A set written in an observer (`p.signal.observeValues { p.value = … }`)
/// is your code's decision and is delivered after the change in progress, as always (`Docs/Contracts.md` §4).
///
/// ```swift
/// BindingCycle.handler = { cycle in logger.error("\(cycle)") }
/// ```
public struct BindingCycle: Sendable, CustomStringConvertible {
  /// The types of the properties the change went through, in order, ending with the one it came back to:
  /// `["MutableProperty<Int>", "MutableProperty<Int>", "MutableProperty<Int>"]` for `a → b → a`.
  public let path: [String]

  /// Creates a report of a change that went through properties of the types in `path`.
  public init(path: [String]) {
    self.path = path
  }

  /// The report, in one line.
  public var description: String {
    let route = path.joined(separator: " → ")
    return path.count < 2
      ? "Signals: a binding cycle was stopped: a binding set \(route) while its own change was being delivered."
      : "Signals: a binding cycle was stopped: \(route). The last set was not made. If these properties "
        + "should follow each other, bind them two-way (a <~> b); otherwise remove one of the bindings."
  }

  /// What is called with each cycle stopped, on the thread where it happened, outside every lock. By default
  /// it prints ``description``. Set it to log elsewhere, or to record cycles in a test.
  public static var handler: @Sendable (BindingCycle) -> Void {
    get { currentHandler.withLock { $0 } }
    set { currentHandler.withLock { $0 = newValue } }
  }

  /// The handler ``handler`` starts with: it prints the report.
  public static let printWarning: @Sendable (BindingCycle) -> Void = { cycle in print(cycle) }

  static let currentHandler = Locked<@Sendable (BindingCycle) -> Void>(printWarning)

  /// Reports that a binding's set of `target`, caused by the changes in `cause`, was stopped.
  @usableFromInline
  static func report(_ cause: Lineage, _ target: any GraphVertex) {
    handler(BindingCycle(path: cause.path.map(\.typeDescription) + [target.typeDescription]))
  }
}
