extension Command where Input: Sendable, Output: Sendable {
  /// A command whose work is an `async` function: it returns the output, or throws the typed failure.
  ///
  /// ```
  /// execute(1): -x----(o|)      work(1) returns o
  /// isExecuting: f-t---f
  /// ```
  ///
  /// Each execution runs `work` once in a new task (built with ``SignalProducer/init(awaiting:)``), then
  /// sends its result and completes, or fails with the thrown error; `isExecuting` is `true` until then.
  ///
  /// **Interruption and disposal**: disposing an execution (the disposable ``execute(_:)`` returns, or the
  /// one from starting ``apply(_:)``) cancels its task; the command stops executing right away and ignores
  /// the task's late result.
  ///
  /// - Parameters:
  ///   - policy: whether executions may overlap; ``ExecutionPolicy/serial`` by default.
  ///   - enabledIf: when the command may execute; always, by default.
  ///   - work: what one execution computes from its input, asynchronously.
  ///   - fileID: where the command is made, shown on its `isEnabled` and `isExecuting` by ``PropertyGraphDump``
  ///     and ``PropertyChange``; kept in debug builds only. Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    awaiting work: @escaping @Sendable (Input) async throws(Failure) -> Output
  ) {
    self.init(policy: policy, enabledIf: enabledIf, fileID: fileID, line: line) { input in
      SignalProducer(awaiting: { () async throws(Failure) -> Output in try await work(input) })
    }
  }
}
