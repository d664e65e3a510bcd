extension SignalProducer {
  /// Shares one start of this producer among every start of the result, replaying the latest `capacity`
  /// values and the terminal event to observers that come later.
  ///
  /// ```
  /// source (started once):        -a-b-c|
  /// first start at tick 0:        -a-b-c|
  /// start at tick 4, upTo: 1:     ----bc|
  /// start at tick 8, upTo: 1:     --------(c|)
  /// ```
  ///
  /// The work starts once, when the result is first started, and runs to its end however many observers
  /// come and go: this is the tool for "call the network once, give everyone the answer".
  ///
  /// - Emits: to each new observer, first the latest `capacity` values (fewer if fewer were sent), then
  ///   every value from then on — no value missed or seen twice, whatever the threads.
  /// - Completes / Fails: each observer receives the source's terminal event; observers that come after it
  ///   receive the replayed values and then that terminal event, without a restart.
  /// - Interruption and disposal: disposing one observer's start interrupts that observer only; the shared
  ///   work keeps running for the others and for later observers. The shared work is interrupted when the
  ///   result and every start of it have been released.
  ///
  /// - Parameter capacity: how many of the latest values to replay (0 replays only the terminal event).
  public func replayLazily(upTo capacity: Int) -> SignalProducer {
    let hub = ReplayHub(self, capacity: max(0, capacity))
    return SignalProducer { observer, lifetime in hub.attach(observer, lifetime) }
  }
}

/// The shared start of `replayLazily(upTo:)`: its replay buffer and its observers.
///
/// Upstream events and new observers go through one ordered outbox, and one thread at a time (the flusher)
/// processes it outside the lock: an event is buffered and delivered to the observers attached so far, an
/// attachment replays the buffer and joins. So a new observer sees exactly the events after its replay.
private final class ReplayHub<Value, Failure: Error>: @unchecked Sendable {
  typealias Event = Signal<Value, Failure>.Event
  typealias Observer = Signal<Value, Failure>.Observer

  enum Item {
    case event(Event)
    case attach(id: Int, Observer)
  }

  enum Work {
    case deliver(Event, [Observer])
    case replay([Value], Event?, Observer)
    case none
  }

  struct State {
    var buffer: [Value] = []
    var terminal: Event?
    var observers: [(id: Int, observer: Observer)] = []
    /// Starts that ended before their attachment was processed.
    var endedEarly: Set<Int> = []
    var nextID = 0
    var hasStarted = false
    var outbox = PendingQueue<Item>()
    var isFlushing = false
  }

  private let state = Locked(State())
  private let source: SignalProducer<Value, Failure>
  private let capacity: Int
  private let connection = SerialDisposable()

  init(_ source: SignalProducer<Value, Failure>, capacity: Int) {
    self.source = source
    self.capacity = capacity
  }

  deinit {
    connection.dispose()
  }

  func attach(_ observer: Observer, _ lifetime: Lifetime) {
    let (id, starts) = state.withLock { state -> (Int, Bool) in
      defer { state.nextID += 1 }
      let starts = !state.hasStarted
      state.hasStarted = true
      return (state.nextID, starts)
    }
    lifetime.observeEnded { self.detach(id) }
    enqueue(.attach(id: id, observer))
    if starts {
      connection.inner = source.start { [weak self] event in self?.enqueue(.event(event)) }
    }
  }

  private func detach(_ id: Int) {
    let removed = state.withLock { state -> Observer? in
      guard let index = state.observers.firstIndex(where: { $0.id == id }) else {
        if state.terminal == nil { state.endedEarly.insert(id) }
        return nil
      }
      return state.observers.remove(at: index).observer
    }
    _ = removed  // released here, outside the lock
  }

  private func enqueue(_ item: Item) {
    let flushes = state.withLock { state -> Bool in
      state.outbox.append(item)
      guard !state.isFlushing else { return false }
      state.isFlushing = true
      return true
    }
    if flushes { flush() }
  }

  private func flush() {
    while let work = state.withLock({ state -> Work? in
      guard let item = state.outbox.popFirst() else {
        state.isFlushing = false
        return nil
      }
      return process(item, &state)
    }) {
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

  private func process(_ item: Item, _ state: inout State) -> Work {
    switch item {
    case .event(let event):
      guard state.terminal == nil else { return .none }
      if case .value(let value) = event {
        if capacity > 0 {
          if state.buffer.count == capacity { state.buffer.removeFirst() }
          state.buffer.append(value)
        }
        return .deliver(event, state.observers.map { $0.observer })
      }
      state.terminal = event
      state.endedEarly = []
      defer { state.observers = [] }
      return .deliver(event, state.observers.map { $0.observer })
    case .attach(let id, let observer):
      if state.endedEarly.remove(id) != nil { return .none }
      if state.terminal == nil { state.observers.append((id, observer)) }
      return .replay(state.buffer, state.terminal, observer)
    }
  }
}
