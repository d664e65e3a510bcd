extension Signal {
  /// Forwards the first `count` values, then completes.
  ///
  /// ```
  /// input:        -1-2-3-4-|
  /// take(first:2): -1-2|
  /// ```
  ///
  /// - Emits: the first `count` values.
  /// - Completes: right after the `count`-th value (at once if `count` ≤ 0), or when the source completes
  ///   earlier. Reaching `count` detaches from the source. **Fails:** when the source fails first.
  /// - Interruption and disposal: as ``map(_:)-(Value)->U``.
  public func take(first count: Int) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      guard count > 0 else {
        downstream.relay(.completed)
        return nil
      }
      var taken = 0
      return upstream.observe { event in
        guard case .value = event else { return downstream.relay(event) }
        taken += 1
        downstream.relay(event)
        if taken == count { downstream.relay(.completed) }
      }
    })
  }

  /// Forwards only the last `count` values, all at once when the source completes.
  ///
  /// ```
  /// input:        -1-2-3-|
  /// take(last:2): -------(23|)
  /// ```
  ///
  /// - Emits: nothing until the source completes; then its last `count` values in order.
  /// - Completes: after sending them. **Fails:** when the source fails; buffered values are dropped.
  /// - Interruption and disposal: an interrupted source interrupts the result, dropping the buffer.
  public func take(last count: Int) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      var buffer: [Value] = []
      buffer.reserveCapacity(Swift.max(0, Swift.min(count, 64)))
      return upstream.observe { event in
        switch event {
        case .value(let value):
          guard count > 0 else { return }
          if buffer.count == count { buffer.removeFirst() }
          buffer.append(value)
        case .completed:
          for value in buffer { downstream.relay(.value(value)) }
          buffer = []
          downstream.relay(.completed)
        case .failed, .interrupted:
          buffer = []
          downstream.relay(event)
        }
      }
    })
  }
}

extension SignalProducer {
  /// Forwards the first `count` values of every start, then completes; see ``Signal/take(first:)``.
  public func take(first count: Int) -> SignalProducer {
    lift { $0.take(first: count) }
  }

  /// Forwards the last `count` values of every start when it completes; see ``Signal/take(last:)``.
  public func take(last count: Int) -> SignalProducer {
    lift { $0.take(last: count) }
  }
}
