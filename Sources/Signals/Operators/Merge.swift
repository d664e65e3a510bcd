extension Signal {
  /// Forwards the values of every signal of a list as they come, in one stream.
  /// ```
  /// a:     -1---3-|
  /// b:     --2-----4|
  /// merge: -12--3--4|
  /// ```
  /// - Emits: every value of every input as it comes, serialised; each input's order is kept.
  /// - Completes: once every input has completed; an empty list at once. **Fails:** when any input fails.
  /// - Interruption and disposal: interrupted when any input is interrupted (or had already ended); ending
  ///   detaches from every input.
  public static func merge(
    _ signals: some Sequence<Signal>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal {
    let inputs = Array(signals)
    return madeAt(
      Signal(deriving: { downstream in
        guard !inputs.isEmpty else {
          downstream.sendCompact(.completed)
          return nil
        }
        let running = Locked(inputs.count)
        let disposables = CompositeDisposable()
        for input in inputs {
          disposables += input.core.observe { event in
            guard case .completed = event else { return downstream.sendCompact(event) }
            let isLast = running.withLock { running -> Bool in
              running -= 1
              return running == 0
            }
            if isLast { downstream.sendCompact(.completed) }
          }
        }
        return disposables
      }), #function, fileID, line)
  }

  /// Forwards the values of every argument as they come; see ``merge(_:fileID:line:)-(Sequence<Signal<Value,Failure>>,_,_)``.
  public static func merge(_ signals: Signal..., fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(merge(signals), #function, fileID, line)
  }

  /// Forwards the values of this signal and of `others` as they come; see
  /// ``merge(_:fileID:line:)-(Sequence<Signal<Value,Failure>>,_,_)``. Not `merge(with:)`: see `combiningLatest(with:)`.
  public func merging(with others: Signal..., fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(Signal.merge([self] + others), #function, fileID, line)
  }
}

extension SignalProducer {
  /// Starts every producer of a list, in order, and forwards their values as they come; see
  /// ``Signal/merge(_:fileID:line:)-(Sequence<Signal<Value,Failure>>,_,_)``. Producers after one that ends the
  /// result synchronously are not started.
  public static func merge(
    _ producers: some Sequence<SignalProducer>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    let producers = Array(producers)
    guard !producers.isEmpty else { return .empty }
    return madeAt(lift(producers) { Signal.merge($0) }, #function, fileID, line)
  }

  /// Starts every argument and forwards all their values; see ``merge(_:fileID:line:)-(Sequence<SignalProducer<Value,Failure>>,_,_)``.
  public static func merge(
    _ producers: SignalProducer..., fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(merge(producers), #function, fileID, line)
  }

  /// Starts this producer and `others` and forwards all their values; see
  /// ``merge(_:fileID:line:)-(Sequence<SignalProducer<Value,Failure>>,_,_)`` (and ``Signal/merging(with:fileID:line:)`` for the name).
  public func merging(
    with others: SignalProducer..., fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(SignalProducer.merge([self] + others), #function, fileID, line)
  }
}
