/// One change of a traced property, and why it happened: what ``Property/traceChanges(logger:)`` and
/// ``PropertyChange/traceAll(logger:)`` report, once per change, before the change is delivered to observers.
/// ```swift
/// let total = Property.combineLatest(price, nights) { $0 * $1 }.named("total")
/// let trace = total.traceChanges()
/// nights.value = 3
/// // total = 360 (was 120), because nights was set: nights → total
/// ```
public struct PropertyChange: Sendable, Equatable, CustomStringConvertible {
  /// The property that changed: its name (``Property/named(_:)``), or its operator, type and, in a debug
  /// build, site (`(map) Property<Int> at Form.swift:12`).
  public var property: String
  /// The line of your code that made the property; recorded in debug builds of Signals only.
  public var site: CreationSite?
  /// The new value, shown as ``LogEvent/describe(_:)`` shows one.
  public var value: String
  /// The value before the change, shown the same way.
  public var previousValue: String
  /// Whether the new value equals the previous one (`nil` if not `Equatable`); an equal value still reaches
  /// every observer unless `skipRepeats()` stops it.
  public var isEqualToPrevious: Bool?
  /// The sources whose sets caused the change (several for a transaction), named as ``property`` is, as are
  /// those of ``path`` and ``causedBy``.
  public var sources: [String]
  /// The way the change took, from one of ``sources`` through each derived property it changed to
  /// ``property``.
  public var path: [String]
  /// How the sources were set: by your code (`value =`, `modify`, a transaction), or by a binding.
  public var setBy: Setter
  /// The properties whose earlier changes led to this one through bindings, oldest first (`[email]` when
  /// `normalized <~ email` set the source).
  public var causedBy: [String]
  /// How many times the property has changed in the call of your code making this change, this one included;
  /// more than 1 means sets one `withTransaction { … }` would have merged. A call is one turn of the main queue
  /// on the main thread; elsewhere, changes on one thread less than a millisecond apart.
  public var changesInThisCall: Int
  /// Whether the property's operator is computing it now (the last change ``inFlight()`` lists from inside an
  /// operator's closure, in a debug build); ``value`` is then the previous one, and ``inputs`` the closure's.
  public var isBeingComputed = false
  /// The operator computing the property, for a change ``isBeingComputed``; `nil` otherwise.
  public var computedBy: String?
  /// The inputs as the operator sees them, each `name = value`, for a change ``isBeingComputed``.
  public var inputs: [String] = []

  /// Who set the sources of a change.
  public enum Setter: String, Sendable, Equatable {
    /// Your code: `value =`, `modify`, `withTransaction`.
    case user
    /// A one-way binding (`<~`).
    case binding
    /// A two-way binding (`<~>`, a channel terminal).
    case twoWayBinding
  }

  /// The change as one line (two when one call changed it several times):
  /// `total = 360 (was 120), because nights was set: nights → total`
  public var description: String {
    var text: String
    if isBeingComputed {
      text = "\(property) is being computed by \(computedBy ?? "its operator")"
      if !inputs.isEmpty { text += " from \(inputs.joined(separator: ", "))" }
      text += " (was \(previousValue))"
    } else {
      text = "\(property) = \(value) (was \(previousValue)"
      if isEqualToPrevious == true { text += ", an equal value" }
      text += ")"
    }
    var setter = sources.count > 1 ? "were set" : "was set"
    switch setBy {
    case .user: break
    case .binding: setter += " by a binding"
    case .twoWayBinding: setter += " by a two-way binding"
    }
    let named = sources.isEmpty ? "a source" : sources.joined(separator: " and ")
    text += ", because \(named) \(setter)"
    if !causedBy.isEmpty { text += " (after a change of \(causedBy.joined(separator: " → ")))" }
    if path.count > 1 { text += ": \(path.joined(separator: " → "))" }
    if changesInThisCall > 1 {
      text +=
        "\n  \(property) changed \(changesInThisCall) times in one call: make those sets in one "
        + "withTransaction { … } and it changes once"
    }
    return text
  }
}

extension PropertyChange {
  /// Reports every change of every named or observed property, until the returned disposable is disposed, to
  /// `logger` or as one line to standard error. Properties nobody observes or named appear in the ``path`` of
  /// the changes they lead to. A debugging aid.
  ///
  /// - Parameter logger: Receives each change, on the thread making it, before observers are told; a set it
  ///   makes is queued behind the change.
  @discardableResult
  public static func traceAll(logger: (@Sendable (PropertyChange) -> Void)? = nil) -> any Disposable {
    ChangeTracing.start(node: nil, logger: logger)
  }

  /// Reports every change of the properties of `viewModel`, until the returned disposable is disposed, each
  /// named after its label as ``PropertyGraphDump/init(of:)`` labels it (`email`, `submit.isEnabled`).
  ///
  /// The labels stay after the trace ends, for every report; a property that has a name keeps it. Properties
  /// are found by reflection, one level deep; those computed in between appear in the paths. `logger` receives
  /// each change, on the thread making it, before observers are told; `nil` writes ``description`` to standard
  /// error.
  @discardableResult
  public static func traceAll(
    of viewModel: Any, logger: (@Sendable (PropertyChange) -> Void)? = nil
  ) -> any Disposable {
    // A mutable property nothing is computed from joins the graph, so that its sets are seen.
    forEachStoredValue(of: viewModel) { _, value in
      (value as? any TraceJoining)?.joinGraphToBeTraced()
      return value is any PropertyProtocol || value is any CommandStateReporting
    }
    var builder = PropertyGraphDump.Builder()
    builder.addChildren(of: viewModel)
    var traces: [any Disposable] = []
    for root in builder.roots {
      let node = builder.kept[root]
      if DebugInfo.name(of: node) == nil, let label = builder.nodes[root].name { DebugInfo.name(node, label) }
      traces.append(ChangeTracing.start(node: node, logger: logger))
    }
    return AnyDisposable { for trace in traces { trace.dispose() } }
  }
}

extension PropertyChange {
  /// The changes of the property graph the calling thread is computing or delivering now, sources first;
  /// empty when it is doing neither.
  ///
  /// Call it where an observer or an operator's closure misbehaves (`po PropertyChange.inFlight()` at a
  /// breakpoint) to see the set under way, its path and every value it changed; inside an operator's closure,
  /// in a debug build, the list ends with the property being computed and its inputs. Values sent into a
  /// `Signal` are not listed.
  public static func inFlight() -> [PropertyChange] {
    #if DEBUG
    if let wave = GraphThread.existing?.borrow({ $0.computing?.takeUnretainedValue() }) {
      return ChangeTracing.describeComputing(wave)
    }
    #endif
    guard let wave = PropertyGraph.deliveringWave else { return [] }
    return (0..<wave.changed.count).map { index in
      ChangeTracing.describe(wave.changed[index].takeUnretainedValue(), in: wave, call: nil)
    }
  }
}

extension PropertyChange {
  /// Ends the calling thread's call of your code, for ``changesInThisCall``; SignalsTesting calls it at each
  /// step of a spec.
  package static func endCall() {
    ChangeTracing.endCall()
  }
}

extension Property {
  /// Reports every change of this property and why it happened (see ``PropertyChange``), until the returned
  /// disposable is disposed or the property is gone; the property itself behaves as before.
  ///
  /// - Parameter logger: Receives each change, on the thread making it, before observers are told; `nil`
  ///   writes ``PropertyChange/description`` to standard error.
  @discardableResult
  public func traceChanges(logger: (@Sendable (PropertyChange) -> Void)? = nil) -> any Disposable {
    ChangeTracing.start(node: node, logger: logger)
  }
}

extension MutableProperty {
  /// Reports every change of this property; see ``Property/traceChanges(logger:)``. A property not yet in the
  /// graph joins it, so that its sets are seen.
  @discardableResult
  public func traceChanges(logger: (@Sendable (PropertyChange) -> Void)? = nil) -> any Disposable {
    storage.core.enterGraph()
    return ChangeTracing.start(node: storage.core.node, logger: logger)
  }
}

/// A property that joins the property graph when it is traced.
protocol TraceJoining {
  func joinGraphToBeTraced()
}

extension MutableProperty: TraceJoining {
  func joinGraphToBeTraced() {
    storage.core.enterGraph()
  }
}
