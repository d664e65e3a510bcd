extension SignalProducer {
  /// Shares one start of this producer among the starts of the result that overlap in time.
  /// ```
  /// source (each start):        -a-b-c-d|
  /// first start at tick 0:      -a-b-c-d|
  /// second start at tick 2:     ---b-c-d|     (the same start of source: started once)
  /// ```
  /// It connects — starts this producer — at its first start, and disconnects — interrupts it — when the last
  /// observer leaves; the next start connects anew (as RxSwift's `share()`; RAC's `autoconnect` never
  /// reconnects). To keep and replay the first result, use ``replayLazily(upTo:fileID:line:)``.
  ///
  /// - Emits: to each observer, what the shared stream sends while it is attached; nothing is replayed.
  /// - Completes / Fails: every attached observer receives the shared stream's terminal event.
  /// - Interruption and disposal: disposing one start interrupts that observer only; disposing the last one
  ///   interrupts the shared stream.
  public func share(fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    let hub = ShareHub(self)
    return madeAt(SignalProducer { observer, lifetime in hub.attach(observer, lifetime) }, #function, fileID, line)
  }
}

/// The connection of `share()`: the shared stream while at least one observer is attached
/// (``ConnectionMachine`` decides).
private final class ShareHub<Value, Failure: Error>: @unchecked Sendable {
  struct Connection {
    let signal: Signal<Value, Failure>
    let input: Signal<Value, Failure>.Observer
    let upstream = SerialDisposable()
  }

  private let machine = Locked(ConnectionMachine<Connection>())
  private let source: SignalProducer<Value, Failure>

  init(_ source: SignalProducer<Value, Failure>) {
    self.source = source
  }

  func attach(_ observer: Signal<Value, Failure>.Observer, _ lifetime: Lifetime) {
    let join = machine.withLock { machine in
      machine.join {
        let (signal, input) = Signal<Value, Failure>.pipe()
        return Connection(signal: signal, input: input)
      }
    }
    let (id, connection, connects) =
      switch join {
      case .join(let id, let connection): (id, connection, false)
      case .connect(let id, let connection): (id, connection, true)
      }
    // A start that joins just as the shared stream ends receives its real terminal event.
    lifetime += connection.signal.observeForwardingEnd(observer)
    lifetime.observeEnded { self.leave(id) }
    guard connects else { return }
    let input = connection.input
    connection.upstream.inner = source.start { [weak self] event in
      if event.isTerminating { self?.end(id) }
      input.send(event)
    }
  }

  /// An observer left: the last one of a connection disconnects it.
  private func leave(_ id: Int) {
    machine.withLock { $0.leave(id) }?.upstream.dispose()
  }

  /// The shared stream ended: the next observer connects anew.
  private func end(_ id: Int) {
    let ended = machine.withLock { $0.end(id) }
    _ = ended  // released here, outside the lock
  }
}
