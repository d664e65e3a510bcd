/// A fixed list of signals of any types sharing one failure type: the inputs of a multi-source operator.
@usableFromInline
final class SignalPack<First, each Rest, Failure: Error> {
  @usableFromInline let first: Signal<First, Failure>
  @usableFromInline let rest: (repeat Signal<each Rest, Failure>)

  @inlinable
  init(_ first: Signal<First, Failure>, _ rest: repeat Signal<each Rest, Failure>) {
    self.first = first
    self.rest = (repeat each rest)
  }
}

/// A fixed list of producers of any types sharing one failure type.
@usableFromInline
final class ProducerPack<First, each Rest, Failure: Error> {
  let first: SignalProducer<First, Failure>
  let rest: (repeat SignalProducer<each Rest, Failure>)

  @usableFromInline
  init(_ first: SignalProducer<First, Failure>, _ rest: repeat SignalProducer<each Rest, Failure>) {
    self.first = first
    self.rest = (repeat each rest)
  }

  /// Applies a signal operator over all the producers to every start: see ``SignalProducer/lift(_:)``.
  ///
  /// Each start prepares a start of every producer, applies `transform` to their signals, and then runs
  /// them in order, stopping early once the result has ended. Disposing the result interrupts them all.
  @usableFromInline
  func lift<Output, F>(
    _ transform: @escaping (SignalPack<First, repeat each Rest, Failure>) -> Signal<Output, F>
  ) -> SignalProducer<Output, F> {
    SignalProducer.unchecked { observer, lifetime in
      let group = StartGroup()
      let signals = self.prepare(into: group)
      group.start(lifetime: lifetime) { transform(signals).observeForwardingEnd(observer) }
    }
  }

  private func prepare(into group: StartGroup) -> SignalPack<First, repeat each Rest, Failure> {
    SignalPack(group.prepare(first), repeat group.prepare(each rest))
  }
}

/// The prepared starts of one start of a multi-producer operator.
final class StartGroup {
  private var interrupters: [any Disposable] = []
  private var runs: [() -> Void] = []

  /// Prepares a start of `producer` and returns its signal; the work runs in ``start(lifetime:observe:)``.
  func prepare<Value, Failure>(_ producer: SignalProducer<Value, Failure>) -> Signal<Value, Failure> {
    let start = PreparedStart(producer)
    interrupters.append(start.interrupter)
    runs.append(start.run)
    return start.signal
  }

  /// Ties every start to `lifetime`, lets `observe` attach the result, then runs the starts in order until
  /// the result has ended.
  func start(lifetime: Lifetime, observe: () -> (any Disposable)?) {
    for interrupter in interrupters { lifetime.hold(interrupter) }
    lifetime.hold(observe())
    for run in runs {
      guard !lifetime.hasEnded else { break }
      run()
    }
  }
}

extension SignalProducer {
  /// Applies a signal operator over all of `producers` to every start; see ``ProducerPack/lift(_:)``.
  @usableFromInline
  static func lift<Output, F>(
    _ producers: [SignalProducer],
    _ transform: @escaping ([Signal<Value, Failure>]) -> Signal<Output, F>
  ) -> SignalProducer<Output, F> {
    SignalProducer<Output, F>.unchecked { observer, lifetime in
      let group = StartGroup()
      let signals = producers.map(group.prepare)
      group.start(lifetime: lifetime) { transform(signals).observeForwardingEnd(observer) }
    }
  }
}
