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
  @usableFromInline let core: SignalCore<Value, Failure>
  /// The start's lifetime: disposed when its stream ends or it is interrupted.
  @usableFromInline let disposables = CompositeDisposable()
  @usableFromInline let work: SignalProducer<Value, Failure>.Work

  @inlinable
  init(_ producer: SignalProducer<Value, Failure>) {
    core = SignalCore()
    core.addTermination(disposables)
    signal = Signal(core: core)
    interrupter = ProducerInterrupter(core)
    work = producer.work
  }

  /// Runs the producer's work, unless this start was interrupted first.
  @inlinable
  func run() {
    guard !disposables.isDisposed else { return }
    switch work {
    case .handler(let startHandler):
      startHandler(Signal.Observer(core: core), Lifetime(disposables))
    case .signal(let signal):
      disposables += signal.observe(Signal.Observer(core: core))
    case .value(let value):
      core.send(.value(value))
      core.send(.completed)
    case .values(let values):
      for value in values {
        guard !disposables.isDisposed else { return }
        core.send(.value(value))
      }
      core.send(.completed)
    case .failure(let error):
      core.send(.failed(error))
    case .completion:
      core.send(.completed)
    }
  }
}
