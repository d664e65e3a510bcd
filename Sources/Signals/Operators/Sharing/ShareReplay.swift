extension SignalProducer {
  /// Shares one start of this producer among the starts of the result that overlap in time, replaying the
  /// latest `capacity` values to each start that joins: RxSwift's `share(replay:scope: .whileConnected)`.
  /// ```
  /// source (each start):            -a-b-c|
  /// first start at tick 0:          -a-b-c|
  /// second start at tick 4:         ----bc|      (b replayed, then the same start of source)
  /// third start at tick 9, alone:   ---------(-a-b-c|, a fresh start)
  /// ```
  /// It connects — starts this producer — at its first start, replays the latest `capacity` values of that
  /// connection to each start that joins, and disconnects — interrupts the work, forgets the values — when the
  /// last start leaves or the work ends; the next start connects anew. ``replayLazily(upTo:fileID:line:)`` keeps
  /// the work while the result lives; ``share(fileID:line:)`` replays nothing.
  ///
  /// - Emits: to each start, the replayed values, then the shared start's values while it is attached.
  /// - Completes / Fails: every attached start receives the shared start's terminal event.
  /// - Interruption and disposal: disposing one start interrupts that start only; disposing the last one
  ///   interrupts the shared start.
  public func share(replay capacity: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    let sharing = ReplaySharing(self, capacity: max(0, capacity))
    return madeAt(SignalProducer { observer, lifetime in sharing.attach(observer, lifetime) }, #function, fileID, line)
  }
}

/// The connection of `share(replay:)`: a `replayLazily(upTo:)` of the source while a start is attached,
/// dropped when the last one leaves (``ConnectionMachine`` decides). Dropping it releases the shared start's
/// hub once its starts have ended, which interrupts the work.
private final class ReplaySharing<Value, Failure: Error>: @unchecked Sendable {
  private let machine = Locked(ConnectionMachine<SignalProducer<Value, Failure>>())
  private let source: SignalProducer<Value, Failure>
  private let capacity: Int

  init(_ source: SignalProducer<Value, Failure>, capacity: Int) {
    self.source = source
    self.capacity = capacity
  }

  func attach(_ observer: Signal<Value, Failure>.Observer, _ lifetime: Lifetime) {
    let join = machine.withLock { machine in machine.join { source.replayLazily(upTo: capacity) } }
    switch join {
    case .join(let id, let replaying), .connect(let id, let replaying):
      lifetime.observeEnded { self.leave(id) }
      lifetime += replaying.start(observer)
    }
  }

  /// A start ended (its observer left, or the shared start ended): the last one drops the connection.
  private func leave(_ id: Int) {
    let dropped = machine.withLock { $0.leave(id) }
    _ = dropped  // released here, outside the lock
  }
}
