/// One start of a producer, split in two: the signal exists (and can be observed) before the work runs.
///
/// This is ``SignalProducer/startWithSignal(_:)`` without the nesting, so that an operator over any number of
/// producers can prepare every start, attach itself to all their signals, and only then run the work.
final class PreparedStart<Value, Failure: Error> {
  let signal: Signal<Value, Failure>
  /// Interrupts this start (before or after it runs).
  let interrupter: any Disposable
  private let core: SignalCore<Value, Failure>
  private let disposables = CompositeDisposable()
  private let startHandler: (Signal<Value, Failure>.Observer, Lifetime) -> Void

  init(_ producer: SignalProducer<Value, Failure>) {
    core = SignalCore()
    core.addTermination(disposables)
    signal = Signal(core: core)
    interrupter = ProducerInterrupter(core)
    startHandler = producer.startHandler
  }

  /// Runs the producer's work, unless this start was interrupted first.
  func run() {
    guard !disposables.isDisposed else { return }
    startHandler(Signal.Observer(core: core), Lifetime(disposables))
  }
}

/// A fixed list of signals of any types sharing one failure type: the inputs of a multi-source operator.
final class SignalPack<First, each Rest, Failure: Error> {
  let first: Signal<First, Failure>
  let rest: (repeat Signal<each Rest, Failure>)

  init(_ first: Signal<First, Failure>, _ rest: repeat Signal<each Rest, Failure>) {
    self.first = first
    self.rest = (repeat each rest)
  }

  var count: Int {
    var count = 1
    for _ in repeat each rest { count += 1 }
    return count
  }
}

/// A fixed list of producers of any types sharing one failure type.
final class ProducerPack<First, each Rest, Failure: Error> {
  let first: SignalProducer<First, Failure>
  let rest: (repeat SignalProducer<each Rest, Failure>)

  init(_ first: SignalProducer<First, Failure>, _ rest: repeat SignalProducer<each Rest, Failure>) {
    self.first = first
    self.rest = (repeat each rest)
  }

  /// Applies a signal operator over all the producers to every start: see ``SignalProducer/lift(_:)``.
  ///
  /// Each start prepares a start of every producer, applies `transform` to their signals, and then runs
  /// them in order, stopping early once the result has ended. Disposing the result interrupts them all.
  func lift<Output, F>(
    _ transform: @escaping (SignalPack<First, repeat each Rest, Failure>) -> Signal<Output, F>
  ) -> SignalProducer<Output, F> {
    SignalProducer { observer, lifetime in
      let first = PreparedStart(self.first)
      let rest = self.prepareRest()
      lifetime += first.interrupter
      for start in repeat each rest { lifetime += start.interrupter }
      lifetime += transform(SignalPack<First, repeat each Rest, Failure>(first.signal, repeat (each rest).signal))
        .observe(observer)
      first.run()
      for start in repeat each rest {
        guard !lifetime.hasEnded else { break }
        start.run()
      }
    }
  }

  private func prepareRest() -> (repeat PreparedStart<each Rest, Failure>) {
    (repeat PreparedStart(each rest))
  }
}

extension SignalProducer {
  /// Applies a signal operator over all of `producers` to every start; see ``ProducerPack/lift(_:)``.
  static func lift<Output, F>(
    _ producers: [SignalProducer],
    _ transform: @escaping ([Signal<Value, Failure>]) -> Signal<Output, F>
  ) -> SignalProducer<Output, F> {
    SignalProducer<Output, F> { observer, lifetime in
      let starts = producers.map(PreparedStart.init)
      for start in starts { lifetime += start.interrupter }
      lifetime += transform(starts.map(\.signal)).observe(observer)
      for start in starts {
        guard !lifetime.hasEnded else { break }
        start.run()
      }
    }
  }
}
