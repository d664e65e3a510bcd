/// A two-way connection with two ends, RAC's `RACChannel`: what one terminal is sent, the other one's
/// observers receive.
/// ```
/// leading ← send:   -a---b-|
/// following:        -a---b-|
/// following ← send: ---x----
/// leading:          ---x---|
/// ```
/// - A value sent into one terminal reaches the observers of the **other** terminal only.
/// - The ``followingTerminal`` (a view's) replays the latest value sent into the ``leadingTerminal`` (the
///   model's) to each new observer; the leading terminal replays none.
/// - A terminal event sent into either reaches the observers of both, and later observers at once; values
///   sent after it are ignored.
/// - The channel lives while it or a terminal is held, and is interrupted when the last is released;
///   observing a terminal does not keep it alive.
///
/// Sends are accepted from any thread and from inside its observers; each direction delivers serially.
public final class Channel<Value> {
  @usableFromInline let core: ChannelCore<Value>

  /// A channel that has not sent anything yet.
  @inlinable
  public init() {
    core = ChannelCore()
  }

  deinit {
    core.end(with: .interrupted)
  }

  /// The model's end: values sent into it reach (and are replayed to) the following terminal's observers;
  /// its observers receive what is sent into the following terminal after they attach.
  @inlinable
  public var leadingTerminal: ChannelTerminal<Value> {
    terminal(observing: core.toLeading, sendingTo: core.toFollowing)
  }

  /// The view's end: values sent into it reach the leading terminal's observers; its observers receive the
  /// latest value sent into the leading terminal, then the later ones.
  @inlinable
  public var followingTerminal: ChannelTerminal<Value> {
    terminal(observing: core.toFollowing, sendingTo: core.toLeading)
  }

  /// A terminal whose send side holds the channel, and whose producer holds only the core.
  @inlinable
  func terminal(
    observing output: ChannelDirection<Value>, sendingTo input: ChannelDirection<Value>
  ) -> ChannelTerminal<Value> {
    ChannelTerminal(
      sendingTo: { event in self.core.send(event, to: input) },
      producer: core.producer(of: output), lifetime: core.lifetime, output: output, input: input)
  }
}

extension Channel: @unchecked Sendable where Value: Sendable {}

/// The two directions of a ``Channel`` and its shared end. The terminals' producers hold this core, not the
/// ``Channel``, so that observing a terminal does not keep the channel alive.
@usableFromInline
final class ChannelCore<Value>: @unchecked Sendable {
  @usableFromInline typealias Event = Signal<Value, Never>.Event

  /// What the leading terminal's observers receive: the values sent into the following terminal.
  @usableFromInline let toLeading: ChannelDirection<Value>
  /// What the following terminal's observers receive: the values sent into the leading terminal, the latest
  /// of which is replayed.
  @usableFromInline let toFollowing: ChannelDirection<Value>
  /// The terminal event that ended the channel; it is set before either direction receives it.
  @usableFromInline let ending: Locked<Event?>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let token: Lifetime.Token

  @inlinable
  init() {
    toLeading = ChannelDirection(replays: false)
    toFollowing = ChannelDirection(replays: true)
    ending = Locked(nil)
    (lifetime, token) = Lifetime.make()
  }

  /// Sends a value one way, or ends both ways.
  @inlinable
  func send(_ event: Event, to direction: ChannelDirection<Value>) {
    if case .value(let value) = event {
      direction.send(value)
    } else {
      end(with: event)
    }
  }

  /// Ends both directions with `event`, if the channel has not ended yet.
  @inlinable
  func end(with event: Event) {
    let isFirst = ending.withLock { ending -> Bool in
      guard ending == nil else { return false }
      ending = event
      return true
    }
    guard isFirst else { return }
    toLeading.end(with: event)
    toFollowing.end(with: event)
    token.dispose()
  }

  /// Observes the values of one direction, replaying what it keeps: ``producer(of:)`` with `startWithValues`,
  /// without the start's core; the terminal event is not seen. The observer is not called after `dispose()`
  /// returns; an ended direction replays its last value and returns an ended disposable.
  @inlinable
  static func observeValues(
    of direction: ChannelDirection<Value>, _ action: @escaping (Value) -> Void
  ) -> any Disposable {
    direction.attach(ChannelObserver(direction, onValue: action, onEnd: nil)) ?? EndedDisposable.shared
  }

  /// Observations of one direction, each replaying what it keeps; whatever terminal event the direction hands
  /// an observer, it receives the one that ended the channel.
  @inlinable
  func producer(of direction: ChannelDirection<Value>) -> SignalProducer<Value, Never> {
    let ending = self.ending
    return SignalProducer.unchecked { observer, lifetime in
      let forward: (Event) -> Void = { event in
        guard event.isTerminating else { return observer.send(event) }
        observer.send(ending.withLock { $0 } ?? event)
      }
      lifetime += direction.attach(ChannelObserver(direction, onValue: { forward(.value($0)) }, onEnd: forward))
    }
  }
}
