import Observation

extension Property {
  /// A property mirroring the value at `keyPath` on an `@Observable` object — the Swift answer to
  /// `RACObserve(viewModel, title)`.
  ///
  /// ```
  /// model.title:      a--b--(released)
  /// property.producer: a--b--|
  /// ```
  ///
  /// Its value is read at once; after each change it is read again on `scheduler` (see
  /// ``SignalProducer/init(observing:_:on:)`` for coalescing and threading). The property ends, and its
  /// `producer` and `signal` complete, when the object is released; it holds the object weakly.
  ///
  /// - Parameters:
  ///   - object: the observed object; held weakly.
  ///   - keyPath: what to read from it.
  ///   - scheduler: where each new value is read.
  ///   - fileID: where it is made, for ``PropertyGraphDump`` and ``PropertyChange``; kept in debug builds only.
  ///     Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public convenience init<Object: Observable & AnyObject>(
    observing object: Object,
    _ keyPath: KeyPath<Object, Value>,
    on scheduler: some TimeScheduler,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(unsafeProducer: SignalProducer(observing: object, keyPath, on: scheduler), fileID: fileID, line: line)
  }
}
