/// One end of a two-way connection: it can be observed, and sent into.
///
/// What comes out of a terminal and what is sent into it belong to two different directions: a value sent into
/// a terminal goes to the other side (the other terminal of a ``Channel``, or the property behind a property's
/// terminal), not back to this terminal's own observers. Observing a terminal starts its ``producer``, which
/// replays what the terminal's rule says (see ``Channel`` and ``MutableProperty/channelTerminal``); a
/// ``Channel``'s terminal observes its values directly, with the same rule, and no start in between.
///
/// A terminal is a binding source (`property <~ terminal`) and a binding target (`terminal <~ signal`), and
/// either side of a two-way binding (`a <~> b`). Make your own — for a text field, say — with
/// ``init(producer:lifetime:send:)``.
public struct ChannelTerminal<Value> {
  /// The events of a terminal.
  public typealias Event = Signal<Value, Never>.Event

  /// What comes out of this terminal; each start observes it anew, with the terminal's replay rule.
  public let producer: SignalProducer<Value, Never>

  /// Ends when nothing sent into this terminal can arrive anywhere any more: bindings into it end then.
  public let lifetime: Lifetime

  @usableFromInline let sendAction: (Event) -> Void

  /// A ``Channel``'s terminal: the direction its observers receive, which ``observeValues(fileID:line:_:)``
  /// attaches to directly, without a start of ``producer`` in between; `nil` for other terminals.
  @usableFromInline let output: SignalCore<Value, Never>?
  /// A ``Channel``'s terminal: the direction a value sent into it goes to, which ``send(value:)`` sends into
  /// directly, rather than through `sendAction` (which keeps the channel alive, and ends it on a terminal
  /// event); `nil` for other terminals. Unretained: `sendAction` holds it (see
  /// ``init(sendingTo:producer:lifetime:output:input:)``), so a send neither retains nor releases it.
  @usableFromInline let input: Unmanaged<SignalCore<Value, Never>>?

  /// A terminal whose output is `producer` and whose input is `send`.
  ///
  /// - Parameters:
  ///   - producer: what observers of the terminal receive, started once per observation.
  ///   - lifetime: ends when the terminal can no longer receive anything.
  ///   - send: called with every event sent into the terminal, on the sending thread. It must not deliver a
  ///     value back to this terminal's own observers, or a two-way binding would send it back where it came
  ///     from. It is `@Sendable` because a terminal may be sent into from several threads at once: to drive an
  ///     object that is not `Sendable` (a view), send into a pipe whose signal the object observes.
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

  /// A terminal whose `send` the compiler does not check for `Sendable`: for the library's own terminals,
  /// whose `send` forwards into a thread-safe core. (A static function rather than an initialiser, so that a
  /// trailing closure never picks it by accident.)
  @inlinable
  static func unchecked(
    producer: SignalProducer<Value, Never>, lifetime: Lifetime, send: @escaping (Event) -> Void
  ) -> ChannelTerminal {
    ChannelTerminal(sendingTo: send, producer: producer, lifetime: lifetime)
  }

  /// The terminal ``unchecked(producer:lifetime:send:)`` makes; its closure comes first, so that no trailing
  /// closure matches it.
  ///
  /// `output` and `input`, a ``Channel``'s directions, are what ``observeValues(fileID:line:_:)`` observes
  /// and what ``send(value:)`` sends a value into directly: `output` must deliver the values `producer`
  /// delivers, and `send` must send a value into `input` and nothing else, and hold `input` (the terminal
  /// keeps only an unretained reference to it).
  @inlinable
  init(
    sendingTo send: @escaping (Event) -> Void, producer: SignalProducer<Value, Never>, lifetime: Lifetime,
    output: SignalCore<Value, Never>? = nil, input: SignalCore<Value, Never>? = nil
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
    if let input, case .value = event {
      Self.send(event, into: input)
    } else {
      sendAction(event)
    }
  }

  /// Sends a value into the terminal: it reaches the other side's observers, not this terminal's.
  @inlinable
  public func send(value: Value) {
    if let input {
      Self.send(.value(value), into: input)
    } else {
      sendAction(.value(value))
    }
  }

  /// Sends a value into a channel's direction, which this terminal's `sendAction` holds for the whole call.
  @inlinable @inline(__always)
  static func send(_ event: Event, into input: Unmanaged<SignalCore<Value, Never>>) {
    input._withUnsafeGuaranteedRef { $0.send(event) }
  }

  /// Completes the terminal; for a ``Channel``, both terminals complete.
  @inlinable
  public func sendCompleted() {
    sendAction(.completed)
  }

  /// Observes what comes out of the terminal, with its replay rule.
  ///
  /// - Returns: a disposable that ends the observation; the observer then receives `interrupted`.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  @inlinable
  public func observe(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Event) -> Void
  ) -> any Disposable {
    producer.start(fileID: fileID, line: line, action)
  }

  /// Observes the values that come out of the terminal, with its replay rule.
  ///
  /// - Returns: a disposable that ends the observation.
  ///
  /// `fileID` and `line`, the call's place, are for SignalsTesting's `expectReleased`, which names a leak's.
  @discardableResult
  @inlinable
  public func observeValues(
    fileID: StaticString = #fileID, line: UInt = #line, _ action: @escaping (Value) -> Void
  ) -> any Disposable {
    guard let output else { return producer.startWithValues(fileID: fileID, line: line, action) }
    return ChannelCore.observeValues(of: output, fileID: fileID, line: line, action)
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
