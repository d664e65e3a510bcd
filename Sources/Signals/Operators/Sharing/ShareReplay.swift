extension SignalProducer {
  /// Shares one start of this producer among the starts of the result that overlap in time, replaying the
  /// latest `capacity` values to each start that joins: RxSwift's `share(replay:scope: .whileConnected)`.
  ///
  /// ```
  /// source (each start):            -a-b-c|
  /// first start at tick 0:          -a-b-c|
  /// second start at tick 4:         ----bc|      (b replayed, then the same start of source)
  /// third start at tick 9, alone:   ---------(-a-b-c|, a fresh start)
  /// ```
  ///
  /// The result connects — starts this producer — when its first observer starts it, replays to each joining
  /// start the latest `capacity` values of that connection, and **disconnects** — interrupts the work and
  /// forgets the values — when the last observer leaves or the work ends. The next start connects anew. That
  /// is the difference from ``replayLazily(upTo:fileID:line:)``, which keeps the work and its values for as long as the
  /// result lives, observed or not; and from ``share(fileID:line:)``, which replays nothing.
  ///
  /// - Emits: to each start, the replayed values, then the values of the shared start while it is attached.
  /// - Completes / Fails: every attached start receives the shared start's terminal event; a start that joins
  ///   at the very moment it ends receives the replayed values and that terminal event.
  /// - Interruption and disposal: disposing one start interrupts that start only; disposing the last one
  ///   interrupts the shared start.
  ///
  /// - Parameters:
  ///   - capacity: how many of the latest values to replay (0 is ``share(fileID:line:)``, as far as observers can
  ///     tell).
  ///   - fileID: where it is made, shown by debugging tools (`Docs/Debugging.md`) in debug builds only;
  ///     leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public func share(replay capacity: Int, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    let sharing = ReplaySharing(self, capacity: max(0, capacity))
    return madeAt(SignalProducer { observer, lifetime in sharing.attach(observer, lifetime) }, #function, fileID, line)
  }
}

/// The connection of `share(replay:)`: a `replayLazily(upTo:)` of the source while at least one start is
/// attached, dropped when the last one leaves, so that the next start makes a new one (``ConnectionMachine``
/// decides).
///
/// Dropping the connection releases its replaying producer once the starts of it have ended; that releases
/// the shared start's hub, which interrupts the work (`replayLazily`'s rule: the work ends when the result
/// and all its starts are gone).
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
