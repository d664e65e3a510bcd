/// One end of a two-way connection, observed and sent into: a value sent into it goes to the other side (the
/// other terminal of a ``Channel``, or a property's terminal's property), never back to its own observers.
/// Observing it replays what its rule says (see ``Channel`` and ``MutableProperty/channelTerminal``).
///
/// A terminal is a binding source (`property <~ terminal`), a binding target (`terminal <~ signal`), and either
/// side of a two-way binding (`a <~> b`). Make your own, for a text field, with ``init(producer:lifetime:send:)``.
public struct ChannelTerminal<Value> {
  /// The events of a terminal.
  public typealias Event = Signal<Value, Never>.Event

  /// What comes out of this terminal; each start observes it anew, with the terminal's replay rule.
  public let producer: SignalProducer<Value, Never>

  /// Ends when nothing sent into this terminal can arrive anywhere any more: bindings into it end then.
  public let lifetime: Lifetime

  @usableFromInline let sendAction: (Event) -> Void

  /// A ``Channel``'s direction its observers receive, which ``observeValues(fileID:line:_:)`` attaches to
  /// without a start of ``producer``; `nil` for other terminals.
  @usableFromInline let output: ChannelDirection<Value>?
  /// A ``Channel``'s direction a value sent into it goes to, which ``send(value:)`` sends into directly;
  /// `nil` for other terminals. Unretained: `sendAction` holds it, so a send neither retains nor releases it.
  @usableFromInline let input: Unmanaged<ChannelDirection<Value>>?

  /// A terminal whose output is `producer` and whose input is `send`.
  ///
  /// - Parameters:
  ///   - producer: what observers of the terminal receive, started once per observation.
  ///   - lifetime: ends when the terminal can no longer receive anything.
  ///   - send: called with every event sent into the terminal, on the sending thread. It must not deliver a
  ///     value back to this terminal's observers, or a two-way binding would echo it. `@Sendable`: to drive a
  ///     view, send into a pipe the view observes.
  @inlinable
  public init(
    producer: SignalProducer<Value, Never>,
    lifetime: Lifetime,
    send: @escaping @Sendable (Event) -> Void
  ) {
    self.producer = producer
    self.lifetime = lifetime
    self.sendAction = send
    self.output = nil
    self.input = nil
  }

  /// A terminal whose `send` is not checked for `Sendable`, for the library's own terminals, which forward into
  /// a thread-safe core (a static function, so that no trailing closure picks it).
  @inlinable
  static func unchecked(
    producer: SignalProducer<Value, Never>, lifetime: Lifetime, send: @escaping (Event) -> Void
  ) -> ChannelTerminal {
    ChannelTerminal(sendingTo: send, producer: producer, lifetime: lifetime)
  }

  /// The terminal ``unchecked(producer:lifetime:send:)`` makes. For a ``Channel``, `output` must deliver what
  /// `producer` delivers, and `send` must send a value into `input` only, and hold it.
  @inlinable
  init(
    sendingTo send: @escaping (Event) -> Void, producer: SignalProducer<Value, Never>, lifetime: Lifetime,
    output: ChannelDirection<Value>? = nil, input: ChannelDirection<Value>? = nil
  ) {
    self.producer = producer
    self.lifetime = lifetime
    self.sendAction = send
    self.output = output
    self.input = input.map { Unmanaged.passUnretained($0) }
  }

  /// Sends an event into the terminal.
  @inlinable
  public func send(_ event: Event) {
    if let input, case .value(let value) = event {
      Self.send(value, into: input)
    } else {
      sendAction(event)
    }
  }

  /// Sends a value into the terminal: it reaches the other side's observers, not this terminal's.
  @inlinable
  public func send(value: Value) {
    if let input {
      Self.send(value, into: input)
    } else {
      sendAction(.value(value))
    }
  }

  /// Sends a value into a channel's direction, which this terminal's `sendAction` holds for the whole call.
  @inlinable @inline(__always)
  static func send(_ value: Value, into input: Unmanaged<ChannelDirection<Value>>) {
    input._withUnsafeGuaranteedRef { $0.send(value) }
  }

  /// Completes the terminal; for a ``Channel``, both terminals complete.
  @inlinable
  public func sendCompleted() {
    sendAction(.completed)
  }

  /// Observes what comes out of the terminal, with its replay rule; `fileID` and `line` name a leak's place
  /// for SignalsTesting's `expectReleased`.
  ///
  /// - Returns: a disposable that ends the observation; the observer then receives `interrupted`.
  @discardableResult
  @inlinable
  public func observe(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Event) -> Void
  ) -> any Disposable {
    producer.start(fileID: fileID, line: line, action)
  }

  /// Observes the values that come out of the terminal, with its replay rule; see ``observe(fileID:line:_:)``.
  @discardableResult
  @inlinable
  public func observeValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> any Disposable {
    guard let output else { return producer.startWithValues(fileID: fileID, line: line, action) }
    return ChannelCore.observeValues(of: output, action)
  }
}

extension ChannelTerminal: @unchecked Sendable where Value: Sendable {}

extension ChannelTerminal: BindingSource {
  /// What comes out of the terminal: ``producer``.
  public var bindingProducer: SignalProducer<Value, Never> { producer }
}

extension ChannelTerminal: BindingTargetProvider {
  /// A target that sends every bound value into the terminal, until the terminal's lifetime ends.
  public var bindingTarget: BindingTarget<Value> {
    let sendAction = self.sendAction
    return BindingTarget(lifetime: lifetime) { value in sendAction(.value(value)) }
  }
}

/// Something that can be a side of a two-way binding `a <~> b`: a ``ChannelTerminal``, or a ``MutableProperty``.
public protocol ChannelTerminalProvider<Value> {
  /// The type of the values.
  associatedtype Value

  /// The terminal a two-way binding observes and sends into.
  var channelTerminal: ChannelTerminal<Value> { get }
}

extension ChannelTerminal: ChannelTerminalProvider {
  /// The terminal itself.
  public var channelTerminal: ChannelTerminal<Value> { self }
}
