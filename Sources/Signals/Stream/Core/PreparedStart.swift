/// One start of a producer, split in two: the signal exists (and can be observed) before the work runs.
///
/// ``SignalProducer/startWithSignal(_:)`` is this split used in one go; an operator over any number of
/// producers prepares every start, attaches itself to all their signals, and only then runs the work.
@usableFromInline
final class PreparedStart<Value, Failure: Error> {
  /// The stream of this start; observers attached before ``run()`` see every event.
  @usableFromInline let signal: Signal<Value, Failure>
  /// Interrupts this start (before or after it runs).
  @usableFromInline let interrupter: any Disposable
  @usableFromInline let core: StartCore<Value, Failure>
  @usableFromInline let producer: SignalProducer<Value, Failure>

  @inlinable
  init(_ producer: SignalProducer<Value, Failure>) {
    core = StartCore(.none)
    signal = Signal(core: core)
    interrupter = core
    self.producer = producer
  }

  /// Runs the producer's work, unless this start was interrupted first.
  @inlinable
  func run() {
    guard !core.hasTerminated else { return }
    producer.run(into: core)
  }
}
