extension Signal {
  /// Drops the first `count` values, then forwards everything.
  ///
  /// ```
  /// input:         -1-2-3-4-|
  /// skip(first:2): -----3-4-|
  /// ```
  ///
  /// - Emits: every value after the first `count` (all of them if `count` ≤ 0).
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error, even while
  ///   still skipping.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  public func skip(first count: Int) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      var remaining = count
      return upstream.observe { event in
        if case .value = event, remaining > 0 {
          remaining -= 1
          return
        }
        downstream.relay(event)
      }
    })
  }

  /// Drops values while `shouldContinue` holds, then forwards everything, starting with the first value
  /// that fails it.
  ///
  /// ```
  /// input:            -1-2-5-1-|
  /// skip(while: < 3): -----5-1-|
  /// ```
  ///
  /// - Emits: the first value for which `shouldContinue` returns `false`, and every value after it.
  ///   `shouldContinue` is not called again once it has returned `false`.
  /// - Completes: when the source completes. **Fails:** when the source fails, with its error.
  /// - Interruption and disposal: as ``map(_:)-((Value)->U)``.
  public func skip(while shouldContinue: @escaping (Value) -> Bool) -> Signal {
    let upstream = core
    return Signal(deriving: { downstream in
      var isSkipping = true
      return upstream.observe { event in
        if isSkipping, case .value(let value) = event {
          guard !shouldContinue(value) else { return }
          isSkipping = false
        }
        downstream.relay(event)
      }
    })
  }
}

extension SignalProducer {
  /// Drops the first `count` values of every start; see ``Signal/skip(first:)``.
  public func skip(first count: Int) -> SignalProducer {
    lift { $0.skip(first: count) }
  }

  /// Drops the values of every start while `shouldContinue` holds; see ``Signal/skip(while:)``.
  public func skip(while shouldContinue: @escaping (Value) -> Bool) -> SignalProducer {
    lift { $0.skip(while: shouldContinue) }
  }
}
