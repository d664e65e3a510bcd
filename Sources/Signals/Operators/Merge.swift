extension Signal {
  /// Forwards the values of every signal of a list as they come, in one stream.
  ///
  /// ```
  /// a:     -1---3-|
  /// b:     --2-----4|
  /// merge: -12--3--4|
  /// ```
  ///
  /// - Emits: every value of every input, in the order the inputs send them. Concurrent sends from different
  ///   inputs are serialised; each input's own order is kept.
  /// - Completes: once every input has completed. An **empty list** completes as it is created (so observers
  ///   see `interrupted`, like on any signal that already ended; the producer form completes).
  /// - Fails: at once when any input fails, with its error.
  /// - Interruption and disposal: interrupted at once when any input is interrupted (or had already ended);
  ///   ending, or being abandoned, detaches from every input.
  public static func merge(_ signals: some Sequence<Signal>) -> Signal {
    let inputs = Array(signals)
    return Signal(deriving: { downstream in
      guard !inputs.isEmpty else {
        downstream.send(.completed)
        return nil
      }
      let running = Locked(inputs.count)
      let disposables = CompositeDisposable()
      for input in inputs {
        disposables += input.core.observe { event in
          guard case .completed = event else { return downstream.send(event) }
          let isLast = running.withLock { running -> Bool in
            running -= 1
            return running == 0
          }
          if isLast { downstream.send(.completed) }
        }
      }
      return disposables
    })
  }

  /// Forwards the values of every argument as they come; see ``merge(_:)-(Sequence<Signal<Value,Failure>>)``.
  public static func merge(_ signals: Signal...) -> Signal {
    merge(signals)
  }

  /// Forwards the values of this signal and of `others` as they come; see
  /// ``merge(_:)-(Sequence<Signal<Value,Failure>>)``.
  ///
  /// Not spelled `merge(with:)` for the reason given at ``combiningLatest(with:)``.
  public func merging(with others: Signal...) -> Signal {
    Signal.merge([self] + others)
  }
}

extension SignalProducer {
  /// Starts every producer of a list, in order, and forwards all their values as they come; see
  /// ``Signal/merge(_:)-(Sequence<Signal<Value,Failure>>)``. An empty list completes at once. Producers after
  /// one that ends the result synchronously are not started; disposing the result interrupts them all.
  public static func merge(_ producers: some Sequence<SignalProducer>) -> SignalProducer {
    let producers = Array(producers)
    guard !producers.isEmpty else { return .empty }
    return lift(producers) { Signal.merge($0) }
  }

  /// Starts every argument and forwards all their values; see ``merge(_:)-(Sequence<SignalProducer<Value,Failure>>)``.
  public static func merge(_ producers: SignalProducer...) -> SignalProducer {
    merge(producers)
  }

  /// Starts this producer and `others` and forwards all their values; see
  /// ``merge(_:)-(Sequence<SignalProducer<Value,Failure>>)`` (and ``Signal/merging(with:)`` for the name).
  public func merging(with others: SignalProducer...) -> SignalProducer {
    SignalProducer.merge([self] + others)
  }
}
