import Synchronization

/// A read-only property: a current value and its changes, which only its source can change.
///
/// Build one from a constant, from a ``MutableProperty`` (a read-only view of it), from an initial value and a
/// stream, or by composing other properties (`map`, `combineLatest`, `skipRepeats`, `flatMap(.latest)`).
/// A composed property keeps its own current value and ends when its sources end. It stays attached to its
/// sources while the property, its `signal`, its `producer`, or an observer of any of them is alive; once all
/// are gone it detaches, so a composition you drop is freed even if its sources live on.
public final class Property<Value>: PropertyProtocol {
  /// The property in the graph, which holds its value (a derived property's) and its `observeValues` observers.
  @usableFromInline let node: ValueNode<Value>
  /// The property's stream core (its `signal` and `producer`), retained: 0 while it has none, 1 while a thread
  /// makes it, else its address. A source's is set with the property; a derived property's is made when first
  /// asked for (``core``); a view of a derived property keeps 0 and asks its source.
  @usableFromInline let coreWord = Atomic<UInt>(0)
  /// What keeps the source alive: the property this is a view of, if any. A property that is no view holds
  /// the first handle of its core once it has one (see ``PropertyStorage``), which it lets go of in its
  /// `deinit`; a derived one holds its node in the graph until then (``GraphNode/isHeld``).
  @usableFromInline let source: AnyObject?

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
    node = core.node
    source = nil
    coreWord.store(Self.word(of: core), ordering: .relaxed)
    #if DEBUG
    DebugInfo.noteSite(core.node, fileID, line)
    #endif
  }

  /// A derived property: `node`, already linked to its inputs, with no stream core yet.
  @usableFromInline
  init(derived node: DerivedNode<Value>) {
    self.node = node
    source = nil
  }

  deinit {
    let word = coreWord.load(ordering: .acquiring)
    if word > 1 {
      let core = Unmanaged<PropertyCore<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeRetainedValue()
      if source == nil { core.handleReleased() }
    } else if source == nil {
      PropertyGraph.propertyReleased(node)
    }
  }

  /// A read-only view of `property`, which it keeps alive.
  public init(_ property: MutableProperty<Value>) {
    node = property.source.node
    source = property
    coreWord.store(Self.word(of: property.source), ordering: .relaxed)
  }

  /// A read-only view of `property`, which it keeps alive.
  public init(_ property: Property<Value>) {
    node = property.node
    source = property
    if let core = property.coreIfMade, core.node.isSource { coreWord.store(Self.word(of: core), ordering: .relaxed) }
  }

  /// `core`'s address, retained, for ``coreWord``.
  @inlinable
  static func word(of core: PropertyCore<Value>) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(core).toOpaque())
  }

  /// The property's stream core: a source's, or a derived property's, made now if this is its first
  /// `signal` or `producer`.
  @inlinable
  var core: PropertyCore<Value> {
    let word = coreWord.load(ordering: .acquiring)
    if word > 1 {
      return Unmanaged<PropertyCore<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
        .takeUnretainedValue()
    }
    return madeCore()
  }

  /// The stream core if it was made (a view's: its source's), without making it: for the debugging aids.
  var coreIfMade: PropertyCore<Value>? {
    let word = coreWord.load(ordering: .acquiring)
    if word > 1 {
      return Unmanaged<PropertyCore<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeUnretainedValue()
    }
    return (source as? Property<Value>)?.coreIfMade
  }

  /// ``core`` when it is not made yet: a view's is its source's; a derived property's is made by the one
  /// thread that claims the slot (the others wait for it, which is short: no code of yours runs meanwhile).
  /// This property holds the core's first handle, and the core holds the node in the graph in its place.
  /// Inlinable, as the operators that reach it are, so that the core is made by specialised code.
  @inlinable
  func madeCore() -> PropertyCore<Value> {
    if let view = source as? Property<Value> { return view.core }
    while true {
      if coreWord.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
        let core: PropertyCore<Value> = DerivedCore(node: unsafeDowncast(node, to: DerivedNode<Value>.self))
        coreWord.store(Self.word(of: core), ordering: .releasing)
        return core
      }
      let word = coreWord.load(ordering: .acquiring)
      if word > 1 {
        return Unmanaged<PropertyCore<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeUnretainedValue()
      }
    }
  }

  /// The stream core as the rest of the library reaches it: made if it was not.
  @usableFromInline
  var storage: PropertyStorage<Value> { PropertyStorage(core: core) }

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
    node = core.node
    source = nil
    coreWord.store(Self.word(of: core), ordering: .relaxed)
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
    node.trackAccess()
    if node.isSource { return core.currentValue }
    return node.currentDerivedValue
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
    attaching(at: fileID, line) { node.isSource ? core.observeValuesOfNode(action) : node.observeValues(action) }
  }
}

extension Property: @unchecked Sendable where Value: Sendable {}

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
