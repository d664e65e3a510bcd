/// A property you can set: the state of a view model.
///
/// Every set emits, even of an equal value (use `skipRepeats` to drop repeats). Sets are accepted from any
/// thread and are delivered in the order in which they set the value. Properties derived from it (`map`,
/// `combineLatest`, …) are recomputed once per set, glitch-free, before any observer hears of the change;
/// ``withTransaction(_:)`` makes several sets one change (see `Docs/PropertyGraph.md`).
///
/// **Setting from inside an observer.** A property may be set from inside one of its own observers. The new
/// value is stored at once — `value` returns it on the next line — and its change is delivered after the
/// change in progress has reached every observer, in order. Nothing deadlocks, nothing crashes, nothing
/// recurses. (ReactiveSwift traps here.)
///
/// Releasing the property completes its `producer` and `signal`, and ends its ``lifetime``.
public final class MutableProperty<Value>: PropertyProtocol {
  @usableFromInline let source: SourceCore<Value>
  @usableFromInline let token: Lifetime.Token

  /// The property's lifetime: it ends when the property is released.
  public let lifetime: Lifetime

  /// A property holding `initialValue`.
  ///
  /// - Parameters:
  ///   - initialValue: the value it holds until it is first set.
  ///   - fileID: where it is made, for ``PropertyGraphDump``, ``PropertyChange`` and ``BindingCycle``; kept in
  ///     debug builds only. Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  @inlinable
  public init(_ initialValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
    source = SourceCore(mutable: initialValue)
    (lifetime, token) = Lifetime.make()
    #if DEBUG
    DebugInfo.noteSite(source.node, fileID, line)
    #endif
  }

  deinit {
    source.end()
  }

  /// The property's core, as every property's: its `signal` and `producer` are made from it.
  @inlinable
  var storage: PropertyStorage<Value> { PropertyStorage(core: source) }

  /// The current value. Setting it emits the new value on `signal` and `producer`.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI view's `body`), it registers this property: its next
  /// change calls the tracking's `onChange` (see `Docs/SwiftUI.md`).
  @inlinable
  public var value: Value {
    get {
      source.node.trackAccess()
      return source.currentValue
    }
    set { source.set(newValue) }
  }

  /// The current value, then every change; completes when the property is released.
  public var producer: SignalProducer<Value, Never> { storage.producer }

  /// Every change from now on; completes when the property is released.
  public var signal: Signal<Value, Never> { storage.signal }

  /// Observes the property's values: `action` receives the current value at once, then every change, as
  /// `producer.startWithValues(_:)` does; see ``Property/observeValues(fileID:line:_:)``. A property nothing is derived
  /// from delivers its sets itself, as a replaying signal; once in the graph, its changes reach `action` in
  /// the deliver phase of the graph's change.
  ///
  /// - Parameters:
  ///   - fileID: the call's place, for SignalsTesting's `expectReleased`, which names a leak's. Leave the default.
  ///   - line: the line of the call; see `fileID`.
  ///   - action: receives each value, one at a time, on the thread that delivers the change.
  /// - Returns: a disposable that detaches `action`: once `dispose()` has returned, no value starts in
  ///   `action`; or `nil` if the property had already ended.
  @discardableResult
  @inlinable
  public func observeValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> (any Disposable)? {
    attaching(at: fileID, line) { source.observeValuesOfNode(action) }
  }

  /// Sets a new value and returns the old one, atomically; emits the new value.
  @discardableResult
  public func swap(_ newValue: Value) -> Value {
    source.modify { value in
      defer { value = newValue }
      return value
    }
  }

  /// Changes the value in place, atomically, and emits the result.
  ///
  /// `body` runs once, under the property's lock: it must not read or set this property. It may read and set
  /// other properties, also those of the same graph; a set of this property made meanwhile on another thread
  /// waits until `body` has returned and its result is set.
  @discardableResult
  public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try source.modify(body)
  }

  /// Reads the value (inside a transaction, the value the transaction sees, as ``value`` does). A property
  /// nothing is derived from runs `body` under its lock, without copying the value; `body` must not set this
  /// property. In the graph, `body` is handed a copy, outside every lock.
  public func withValue<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    source.node.trackAccess()
    if PropertyGraph.hasOpenTransactions, let transaction = PropertyTransaction.current {
      return try body(transaction.value(of: source))
    }
    let node = source.node
    if !node.isInGraph,
      let result = try source.withState({ _ in node.isInGraph ? nil : try body(source.latest.unsafelyUnwrapped) })
    {
      return result
    }
    // In the graph, the value is its node's: a copy, and `body` runs outside the domain's lock.
    return try body(source.source.lockedAcceptedValue())
  }
}

extension MutableProperty: @unchecked Sendable where Value: Sendable {}
