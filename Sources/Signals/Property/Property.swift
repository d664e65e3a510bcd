/// A read-only property: a current value and its changes, which only its source can change.
///
/// Build one from a constant, from a ``MutableProperty`` (a read-only view of it), from an initial value and a
/// stream, or by composing other properties (`map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`).
/// A composed property keeps its own current value and ends when its sources end. It stays attached to its
/// sources while the property, its `signal`, its `producer`, or an observer of any of them is alive; once all
/// are gone it detaches, so a composition you drop is freed even if its sources live on.
public final class Property<Value>: PropertyProtocol {
  @usableFromInline let storage: PropertyStorage<Value>
  /// What keeps the source alive: the property this is a view of, if any. A property that is no view is one
  /// of its core's handles (see ``PropertyStorage``), which it lets go of in its `deinit`.
  let source: AnyObject?

  /// A property that always has `value`; its `producer` sends it and completes.
  ///
  /// - Parameters:
  ///   - value: its value.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public init(value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
    let core = SourceCore<Value>(mutable: value)
    core.send(.completed)
    storage = PropertyStorage(core: core)
    source = nil
    #if DEBUG
    DebugInfo.noteSite(core.node, fileID, line)
    #endif
  }

  @usableFromInline
  init(storage: PropertyStorage<Value>) {
    self.storage = storage
    source = nil
  }

  deinit {
    if source == nil { storage.core.handleReleased() }
  }

  /// A read-only view of `property`, which it keeps alive.
  public init(_ property: MutableProperty<Value>) {
    storage = property.storage
    source = property
  }

  /// A read-only view of `property`, which it keeps alive.
  public init(_ property: Property<Value>) {
    storage = property.storage
    source = property
  }

  /// A property that starts at `initial` and then takes every value of `values`; it ends when `values`
  /// ends. `values` is started at once.
  ///
  /// - Parameters:
  ///   - initial: its value until `values` sends one.
  ///   - values: its later values.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public convenience init(
    initial: Value, then values: SignalProducer<Value, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(unsafeProducer: values.prefix(value: initial), fileID: fileID, line: line)
  }

  /// A property that starts at `initial` and then takes every value of `values`; it ends when `values` ends.
  ///
  /// - Parameters:
  ///   - initial: its value until `values` sends one.
  ///   - values: its later values.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public convenience init(
    initial: Value, then values: Signal<Value, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(initial: initial, then: SignalProducer(values), fileID: fileID, line: line)
  }

  /// A property fed by `producer`, which must send a value synchronously when started: that is the initial
  /// value. Every later value becomes the current value; the property ends when `producer` ends. Its
  /// `producer` and `signal` then complete, whether `producer` completed or was interrupted, as those of a
  /// released ``MutableProperty`` do.
  ///
  /// - Precondition: `producer` sends a value before `start` returns.
  ///
  /// - Parameters:
  ///   - producer: its values.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public init(
    unsafeProducer producer: SignalProducer<Value, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let feed = EarlyValueBuffer<Value>()
    let disposable = producer.start { event in feed.receive(event) }
    let core = feed.makeCore()
    core.addTermination(disposable)
    storage = PropertyStorage(core: core)
    source = nil
    #if DEBUG
    DebugInfo.noteSite(core.node, fileID, line)
    #endif
  }

  /// The current value. Inside a transaction, a derived property's value is computed from the values set so
  /// far (see ``withTransaction(_:)``).
  ///
  /// Read inside `withObservationTracking` (a SwiftUI view's `body`), it registers this property: its next
  /// change calls the tracking's `onChange` (see `Docs/SwiftUI.md`).
  @inlinable
  public var value: Value {
    storage.core.node.trackAccess()
    return storage.core.currentValue
  }

  /// The current value, then every change; completes when the property ends.
  public var producer: SignalProducer<Value, Never> { storage.producer }

  /// Every change from now on; completes when the property ends.
  public var signal: Signal<Value, Never> { storage.signal }

  /// Observes the property's values: `action` receives the current value at once, then every change, as
  /// `producer.startWithValues(_:)` does, but attached to the property itself, with no stream in between.
  ///
  /// A change reaches `action` in the deliver phase of the change that made it, after every property of the
  /// graph was computed and committed, in the same order as every other observer's (see
  /// `Docs/PropertyGraph.md`). Observing from inside an observer of the same graph replays once the change in
  /// progress has been delivered. The property ending sends nothing: `action` is let go of.
  ///
  /// The observer keeps a derived property going while it is attached, even if nothing else holds it.
  ///
  /// - Parameters:
  ///   - fileID: the call's place, for SignalsTesting's `expectReleased`, which names a leak's. Leave the default.
  ///   - line: the line of the call; see `fileID`.
  ///   - action: receives each value, one at a time, on the thread that delivers the change.
  /// - Returns: a disposable that detaches `action`: once `dispose()` has returned, no value starts in
  ///   `action`; or `nil` if the property had already ended (`action` then received its last value).
  @discardableResult
  @inlinable
  public func observeValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> (any Disposable)? {
    attaching(at: fileID, line) { storage.core.observeValuesOfNode(action) }
  }
}

extension Property: @unchecked Sendable where Value: Sendable {}

extension Property {
  /// A property computed by the graph: `node` is a derived property's node, already linked to its inputs.
  @inlinable
  convenience init(derived node: DerivedNode<Value>) {
    self.init(storage: PropertyStorage(core: DerivedCore(node: node)))
  }
}

extension PropertyProtocol {
  /// A property composed from this one by a producer operator: its value is `transform` applied to this
  /// property's producer, kept current.
  ///
  /// `transform` must send a value synchronously for the current value (every operator that maps values
  /// one-to-one does).
  ///
  /// - Parameters:
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  ///   - transform: the producer operator.
  public func lift<U>(
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ transform: @escaping (SignalProducer<Value, Never>) -> SignalProducer<U, Never>
  ) -> Property<U> {
    Property(unsafeProducer: transform(producer), fileID: fileID, line: line)
  }
}

/// What a producer feeding a property sends into before the property's core exists: the core is made with the
/// producer's first value, so the producer is started first, and what it sends meanwhile waits here.
final class EarlyValueBuffer<Value>: @unchecked Sendable {
  let state = Locked<(core: SourceCore<Value>?, latest: Value?, ended: Bool)>((nil, nil, false))

  /// Hands one event of the producer to the core, or keeps it until the core is made.
  func receive(_ event: Signal<Value, Never>.Event) {
    let core = state.withLock { state -> SourceCore<Value>? in
      if let core = state.core { return core }
      switch event {
      case .value(let value): state.latest = value
      case .completed, .interrupted: state.ended = true
      }
      return nil
    }
    guard let core else { return }
    switch event {
    case .value(let value): core.set(value)
    case .completed, .interrupted: core.end()
    }
  }

  /// Makes the core from the latest value the producer sent; ends it if the producer has ended already.
  func makeCore() -> SourceCore<Value> {
    let (core, ended) = state.withLock { state -> (SourceCore<Value>, Bool) in
      guard let latest = state.latest else {
        preconditionFailure("Property(unsafeProducer:) needs a producer that sends a value synchronously when started.")
      }
      let core = SourceCore(fed: latest)
      state.core = core
      state.latest = nil
      return (core, state.ended)
    }
    if ended { core.end() }
    return core
  }
}
