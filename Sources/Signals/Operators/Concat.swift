// Producers only: a signal is already running (use `flatMap(.concat)` to queue work per value).

extension SignalProducer {
  /// Runs the producers of a list one after the other, each starting when the previous one completes.
  /// ```
  /// first:  -1-2|
  /// second:     -3|
  /// concat: -1-2-3|
  /// ```
  /// - Emits: every value of each producer in turn.
  /// - Completes: when the last producer completes (an empty list, at once). **Fails:** when the current one
  ///   fails; the rest never start.
  /// - Interruption and disposal: an interrupted producer interrupts the result; disposing the result
  ///   interrupts the current producer, and the rest never start.
  public static func concat(
    _ producers: some Sequence<SignalProducer>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(
      SignalProducer<SignalProducer, Failure>(work: .values(Array(producers))).flatten(.concat), #function, fileID, line
    )
  }

  /// Runs the arguments one after the other; see ``concat(_:fileID:line:)-(Sequence<SignalProducer<Value,Failure>>,_,_)``.
  public static func concat(
    _ producers: SignalProducer..., fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(concat(producers), #function, fileID, line)
  }

  /// Runs this producer, then `next` (not `concat(_:)`: see `Signal.combiningLatest(with:)`); see
  /// ``concat(_:fileID:line:)-(Sequence<SignalProducer<Value,Failure>>,_,_)``.
  public func concatenating(
    _ next: SignalProducer, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    madeAt(SignalProducer.concat(self, next), #function, fileID, line)
  }

  /// Runs `previous` first, then this producer once `previous` has completed; see
  /// ``concat(_:fileID:line:)-(Sequence<SignalProducer<Value,Failure>>,_,_)``.
  public func prefix(_ previous: SignalProducer, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    madeAt(SignalProducer.concat(previous, self), #function, fileID, line)
  }
}
