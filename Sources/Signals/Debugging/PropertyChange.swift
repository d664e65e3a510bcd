/// One change of a traced property, and why it happened: what ``Property/traceChanges(logger:)`` and
/// ``PropertyChange/traceAll(logger:)`` report, once per change, before the change is delivered to observers.
///
/// ```swift
/// let total = Property.combineLatest(price, nights) { $0 * $1 }.named("total")
/// let trace = total.traceChanges()
/// nights.value = 3
/// // total = 360 (was 120), because nights was set: nights → total
/// ```
public struct PropertyChange: Sendable, Equatable, CustomStringConvertible {
  /// The property that changed: its name (``Property/named(_:)``), or, when it has none, its operator, its type
  /// and, in a debug build, where it was made (`(map) Property<Int> at Form.swift:12`).
  public var property: String
  /// Where the property was made — the line of your code that called the operator or the initialiser —
  /// recorded in debug builds of Signals only.
  public var site: CreationSite?
  /// The new value, shown as ``LogEvent/describe(_:)`` shows one.
  public var value: String
  /// The value before the change, shown the same way.
  public var previousValue: String
  /// Whether the new value equals the previous one; `nil` when the value type is not `Equatable`. An equal
  /// value still reaches every observer: `skipRepeats()` is how a property stops it.
  public var isEqualToPrevious: Bool?
  /// The sources whose sets caused the change (several for a transaction's commit), named as ``property`` is.
  /// Each property in ``path`` and ``causedBy`` is named the same way.
  public var sources: [String]
  /// The way the change took: from one of ``sources``, through each derived property that changed because of
  /// it, to ``property``. Just the property itself when it is the source that was set.
  public var path: [String]
  /// How the sources were set: by your code (`value =`, `modify`, a transaction), or by a binding.
  public var setBy: Setter
  /// The properties whose earlier changes led to this one through bindings, oldest first: `[email]` when a
  /// binding `normalized <~ email` set the source.
  public var causedBy: [String]
  /// How many times the property has changed in the call of your code making this change, this one included:
  /// 1 for a first change. More than 1 means several sets that one `withTransaction { … }` would have turned
  /// into one change. A call is one turn of the main queue on the main thread; on other threads, changes less
  /// than a millisecond apart on the same thread.
  public var changesInThisCall: Int
  /// Whether the property's operator is running now: `true` for the last change ``inFlight()`` lists when it
  /// is called from inside an operator's closure, in a debug build. Its ``value`` is then still the previous
  /// one, and ``inputs`` holds what the closure was given.
  public var isBeingComputed = false
  /// The operator computing the property (`map`, `combineLatest`, …), for the change ``isBeingComputed``;
  /// `nil` otherwise.
  public var computedBy: String?
  /// The property's inputs as its operator sees them in this change, each as `name = value`, for the change
  /// ``isBeingComputed``; empty otherwise.
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

  /// The change as one line (two when several sets in one call made it change more than once):
  ///
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
  /// Reports every change of every named or observed property, until the returned disposable is disposed:
  /// each change as a ``PropertyChange``, passed to `logger`, or written to standard error as one line.
  ///
  /// Properties that nobody observes and nobody named are computed steps in between: they appear in the
  /// ``path`` of the changes they lead to, not on their own. Use it while debugging: every change then pays for
  /// its report. With no trace on, a change pays one relaxed atomic load.
  ///
  /// - Parameter logger: Receives each change, on the thread making it, before observers are told of it. It
  ///   may read properties; a set it makes is queued behind the change, as an observer's is.
  /// - Returns: A disposable that stops the trace.
  @discardableResult
  public static func traceAll(logger: (@Sendable (PropertyChange) -> Void)? = nil) -> any Disposable {
    ChangeTracing.start(node: nil, logger: logger)
  }

  /// Reports every change of the properties of `viewModel`, until the returned disposable is disposed, each
  /// named after its label, as ``PropertyGraphDump/init(of:)`` labels it (`email`, `submit.isEnabled`,
  /// `name.text`): no `.named(_:)` needed.
  ///
  /// The labels stay after the trace ends, for every report that names these properties: traces, binding
  /// cycle reports, ``inFlight()`` and dumps. A property that already has a name keeps it. The properties are
  /// found by reflection among the view model's stored properties, and in the values and objects it holds, one
  /// level deep; properties computed in between appear in the paths, by operator, type and line.
  ///
  /// - Parameters:
  ///   - viewModel: The object (or value) whose properties to trace.
  ///   - logger: Receives each change, on the thread making it, before observers are told of it; `nil` writes
  ///     ``description`` to standard error.
  /// - Returns: A disposable that stops the trace.
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
  /// The changes of the property graph that the calling thread is computing or delivering to observers right
  /// now, sources first, then derived properties in the order they were computed; empty when it is doing
  /// neither.
  ///
  /// Call it where an observer or an operator's closure misbehaves — in the observer, in the closure, at a
  /// breakpoint (`po PropertyChange.inFlight()`), or before a `preconditionFailure` — to see which set is under
  /// way, the way it took, and every value it changed. Inside an operator's closure (a debug build), the list
  /// ends with the property being computed (``isBeingComputed``): its operator, its line and the values of its
  /// inputs. It reads what the propagation already holds: nothing else is recorded for it, and it costs nothing
  /// until it is called. Values sent into a `Signal` are not property changes and are not listed.
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
  /// Ends the calling thread's call of your code, for ``changesInThisCall``: the next change starts a new call.
  /// SignalsTesting calls it at each step of a spec: each action a `TestScheduler` runs, each `TestRecorder`
  /// made and each of its `expect`s.
  package static func endCall() {
    ChangeTracing.endCall()
  }
}

extension Property {
  /// Reports every change of this property, and why it happened, until the returned disposable is disposed:
  /// the new value, whether it equals the previous one, the sources that were set and the path the change
  /// took (see ``PropertyChange``). When one call of your code changes it several times, the report says so and
  /// names `withTransaction`.
  ///
  /// Nothing else changes: the property emits, completes and ends as before.
  ///
  /// - Parameter logger: Receives each change, on the thread making it, before observers are told of it;
  ///   `nil` writes ``PropertyChange/description`` to standard error.
  /// - Returns: A disposable that stops the trace; the trace also stops when the property is gone.
  @discardableResult
  public func traceChanges(logger: (@Sendable (PropertyChange) -> Void)? = nil) -> any Disposable {
    ChangeTracing.start(node: storage.core.node, logger: logger)
  }
}

extension MutableProperty {
  /// Reports every change of this property, and why it happened, until the returned disposable is disposed;
  /// see ``Property/traceChanges(logger:)``.
  ///
  /// A traced `MutableProperty` that was not yet part of the property graph joins it, so that its sets are
  /// seen.
  ///
  /// - Parameter logger: Receives each change, on the thread making it, before observers are told of it;
  ///   `nil` writes ``PropertyChange/description`` to standard error.
  /// - Returns: A disposable that stops the trace; the trace also stops when the property is gone.
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
