extension SignalProducer {
  /// Shares one start of this producer among every start of the result, replaying the latest `capacity`
  /// values and the terminal event to observers that come later.
  /// ```
  /// source (started once):        -a-b-c|
  /// first start at tick 0:        -a-b-c|
  /// start at tick 4, upTo: 1:     ----bc|
  /// start at tick 8, upTo: 1:     --------(c|)
  /// ```
  /// The work starts once, at the result's first start, and runs to its end however many observers come and
  /// go: "call the network once, give everyone the answer". `capacity` 0 replays only the terminal event.
  ///
  /// - Emits: to each new observer, the latest `capacity` values, then every value from then on — none missed
  ///   or seen twice, whatever the threads.
  /// - Completes / Fails: each observer receives the source's terminal event, replayed to later ones.
  /// - Interruption and disposal: disposing one observer's start interrupts that observer only. The shared
  ///   work is interrupted when the result and every start of it have been released.
  public func replayLazily(upTo capacity: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    let hub = ReplayHub(self, capacity: max(0, capacity))
    return madeAt(SignalProducer { observer, lifetime in hub.attach(observer, lifetime) }, #function, fileID, line)
  }
}

/// The shared start of `replayLazily(upTo:)`: its replay buffer and observers, kept by a ``ReplayMachine``.
/// Upstream events and new observers go through the machine's one ordered outbox, and one thread at a time
/// (the flusher) carries out what it decides outside the lock, so a new observer sees exactly the events after
/// its replay.
private final class ReplayHub<Value, Failure: Error>: @unchecked Sendable {
  typealias Observer = Signal<Value, Failure>.Observer

  private let machine: Locked<ReplayMachine<Value, Failure, Observer>>
  private let source: SignalProducer<Value, Failure>
  private let connection = SerialDisposable()

  init(_ source: SignalProducer<Value, Failure>, capacity: Int) {
    self.source = source
    machine = Locked(ReplayMachine(capacity: capacity))
  }

  deinit {
    connection.dispose()
  }

  func attach(_ observer: Observer, _ lifetime: Lifetime) {
    let (id, starts) = machine.withLock { $0.arrive() }
    lifetime.observeEnded { self.detach(id) }
    enqueue(.attach(id: id, observer))
    if starts {
      connection.inner = source.start { [weak self] event in self?.enqueue(.event(event)) }
    }
  }

  private func detach(_ id: Int) {
    let removed = machine.withLock { $0.leave(id) }
    _ = removed  // released here, outside the lock
  }

  private func enqueue(_ item: ReplayMachine<Value, Failure, Observer>.Item) {
    guard machine.withLock({ $0.enqueue(item) }) else { return }
    while let work = machine.withLock({ $0.nextWork() }) {
      switch work {
      case .deliver(let event, let observers):
        for observer in observers { observer.send(event) }
      case .replay(let values, let terminal, let observer):
        for value in values { observer.send(value: value) }
        if let terminal { observer.send(terminal) }
      case .none:
        break
      }
    }
  }
}

/// The state machine of `replayLazily(upTo:)`: the latest values and the end of the one shared start, the
/// observers it delivers to, and the ordered outbox of what reached it.
///
/// - Waiting for its first start: ``arrive()`` tells the first arrival to start the source.
/// - Running: each event of the source is kept (the latest `capacity` values) and goes to the observers
///   attached so far; each attachment replays what was kept, then joins them.
/// - Ended: the terminal event is kept; an attachment replays the values and the end, and does not join.
///
/// Items are taken in the order they were enqueued, by one flusher at a time: ``enqueue(_:)`` answers
/// whether the caller is that flusher, and ``nextWork()`` what it must do next outside the lock (`nil` when
/// the outbox is empty and it may let go). `Recipient` is an observer for the operator, anything for a test.
struct ReplayMachine<Value, Failure: Error, Recipient> {
  typealias Event = Signal<Value, Failure>.Event

  /// What reaches the machine, in order.
  enum Item {
    case event(Event)
    case attach(id: Int, Recipient)
  }

  /// What the flusher does with an item, outside the lock.
  enum Work {
    /// Deliver an event of the source to these observers.
    case deliver(Event, [Recipient])
    /// Replay these values, then the end if there is one, to a new observer.
    case replay([Value], Event?, Recipient)
    /// Nothing (an event after the end; an attachment whose start ended first).
    case none
  }

  let capacity: Int
  private(set) var buffer: [Value] = []
  private(set) var terminal: Event?
  private(set) var observers: [(id: Int, recipient: Recipient)] = []
  /// Starts that ended before their attachment was processed.
  private var endedEarly: Set<Int> = []
  private var nextID = 0
  private var hasStarted = false
  private var outbox = PendingQueue<Item>()
  private var isFlushing = false

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// A start of the result arrives: its id, and whether it is the first, which starts the source.
  mutating func arrive() -> (id: Int, startsSource: Bool) {
    defer { nextID += 1 }
    let starts = !hasStarted
    hasStarted = true
    return (nextID, starts)
  }

  /// The start `id` ended: its observer leaves, and is returned to be released outside the lock. One whose
  /// attachment is still in the outbox is remembered, so that the attachment is dropped.
  mutating func leave(_ id: Int) -> Recipient? {
    guard let index = observers.firstIndex(where: { $0.id == id }) else {
      if terminal == nil { endedEarly.insert(id) }
      return nil
    }
    return observers.remove(at: index).recipient
  }

  /// Queues `item`; returns whether the caller must flush (nobody else is).
  mutating func enqueue(_ item: Item) -> Bool {
    outbox.append(item)
    guard !isFlushing else { return false }
    isFlushing = true
    return true
  }

  /// The flusher's next step; `nil` once the outbox is empty, and the flusher lets go.
  mutating func nextWork() -> Work? {
    guard isFlushing else { preconditionFailure("Internal inconsistency: a flush without a flusher") }
    guard let item = outbox.popFirst() else {
      isFlushing = false
      return nil
    }
    switch item {
    case .event(let event):
      guard terminal == nil else { return Work.none }
      let recipients = observers.map(\.recipient)
      if case .value(let value) = event {
        if capacity > 0 {
          if buffer.count == capacity { buffer.removeFirst() }
          buffer.append(value)
        }
      } else {
        terminal = event
        endedEarly = []
        observers = []
      }
      return .deliver(event, recipients)
    case .attach(let id, let recipient):
      if endedEarly.remove(id) != nil { return Work.none }
      if terminal == nil { observers.append((id, recipient)) }
      return .replay(buffer, terminal, recipient)
    }
  }
}
