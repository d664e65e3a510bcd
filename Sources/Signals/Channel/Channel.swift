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
    terminal(observing: core.toLeading, replaying: false, sendingTo: core.toFollowing)
  }

  /// The view's end: values sent into it reach the leading terminal's observers; its observers receive the
  /// latest value sent into the leading terminal, then the later ones.
  @inlinable
  public var followingTerminal: ChannelTerminal<Value> {
    terminal(observing: core.toFollowing, replaying: true, sendingTo: core.toLeading)
  }

  /// A terminal whose send side holds the channel, and whose producer holds only the core.
  @inlinable
  func terminal(
    observing output: SignalCore<Value, Never>,
    replaying: Bool,
    sendingTo input: SignalCore<Value, Never>
  ) -> ChannelTerminal<Value> {
    ChannelTerminal(
      sendingTo: { event in self.core.send(event, to: input) },
      producer: core.producer(of: output, replaying: replaying), lifetime: core.lifetime, output: output,
      input: input)
  }
}

extension Channel: @unchecked Sendable where Value: Sendable {}

/// The two directions of a ``Channel`` and its shared end. The terminals' producers hold this core, not the
/// ``Channel``, so that observing a terminal does not keep the channel alive.
@usableFromInline
final class ChannelCore<Value>: @unchecked Sendable {
  @usableFromInline typealias Event = Signal<Value, Never>.Event

  /// What the leading terminal's observers receive: the values sent into the following terminal.
  @usableFromInline let toLeading: SignalCore<Value, Never>
  /// What the following terminal's observers receive: the values sent into the leading terminal, the latest
  /// of which is replayed.
  @usableFromInline let toFollowing: SignalCore<Value, Never>
  /// The terminal event that ended the channel; it is set before either direction receives it.
  @usableFromInline let ending: Locked<Event?>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let token: Lifetime.Token

  @inlinable
  init() {
    toLeading = SignalCore()
    toFollowing = ReplayingCore(replaying: nil)
    ending = Locked(nil)
    (lifetime, token) = Lifetime.make()
  }

  /// Sends a value one way, or ends both ways.
  @inlinable
  func send(_ event: Event, to direction: SignalCore<Value, Never>) {
    if event.isTerminating {
      end(with: event)
    } else {
      direction.send(event)
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
    toLeading.send(event)
    toFollowing.send(event)
    token.dispose()
  }

  /// Observes the values of one direction, replaying what it keeps: ``producer(of:replaying:)`` with
  /// `startWithValues`, without the start's core; the terminal event is not seen. The observer is not called
  /// after `dispose()` returns; an ended direction replays its last value and returns an ended disposable.
  @inlinable
  static func observeValues(
    of direction: SignalCore<Value, Never>, fileID: StaticString, line: UInt, _ action: @escaping (Value) -> Void
  ) -> any Disposable {
    // While a leak check records, what is attached here is noted at the caller's site.
    let noted = AttachmentSites.isRecording && AttachmentSites.enter(fileID, line)
    defer { if noted { AttachmentSites.leave() } }
    let subscription = direction.replays ? direction.observeReplayingValues(action) : direction.observeValues(action)
    return subscription ?? EndedDisposable.shared
  }

  /// Observations of one direction, each replaying what it keeps; whatever terminal event the direction hands
  /// an observer, it receives the one that ended the channel.
  @inlinable
  func producer(of direction: SignalCore<Value, Never>, replaying: Bool) -> SignalProducer<Value, Never> {
    let ending = self.ending
    return SignalProducer.unchecked { observer, lifetime in
      let forward: (Event) -> Void = { event in
        guard event.isTerminating else { return observer.send(event) }
        observer.send(ending.withLock { $0 } ?? event)
      }
      lifetime += replaying ? direction.observeReplaying(forward) : direction.observe(forward)
    }
  }
}
