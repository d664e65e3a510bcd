extension SignalProducer {
  /// Sends `value` first, then the events of this producer.
  /// ```
  /// producer:         -1-2-|
  /// prefix(value: 0): 0-1-2-|
  /// ```
  /// - Emits: `value` synchronously on start, then this producer's values; this producer is started after
  ///   `value`, unless the start was disposed meanwhile.
  /// - Completes, fails: as this producer. **Disposal:** interrupts it.
  public func prefix(value: Value, fileID: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
    madeAt(
      SignalProducer.unchecked { observer, lifetime in
        observer.send(value: value)
        guard !lifetime.hasEnded else { return }
        lifetime += self.start(observer)
      }, #function, fileID, line)
  }
}
