extension SignalProducer {
  /// Sends `value` first, then the events of this producer.
  ///
  /// ```
  /// producer:         -1-2-|
  /// prefix(value: 0): 0-1-2-|
  /// ```
  ///
  /// - Emits: `value` synchronously on start, then every value of this producer.
  /// - Completes or fails: as this producer. This producer is started after `value` was sent, and not at
  ///   all if the start was disposed while `value` was being delivered.
  /// - Disposal: interrupts this producer.
  public func prefix(value: Value, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    madeAt(
      SignalProducer.unchecked { observer, lifetime in
        observer.send(value: value)
        guard !lifetime.hasEnded else { return }
        lifetime += self.start(observer)
      }, #function, fileID, line)
  }
}
