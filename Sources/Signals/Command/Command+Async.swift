extension Command where Input: Sendable, Output: Sendable {
  /// A command whose work is an `async` function: it returns the output, or throws the typed failure.
  /// ```
  /// execute(1): -x----(o|)      work(1) returns o
  /// isExecuting: f-t---f
  /// ```
  /// Each execution runs `work` once in a new task (``SignalProducer/init(awaiting:)``), then sends its result
  /// and completes, or fails with what it threw. Disposing an execution cancels its task: the command stops
  /// executing at once and ignores the late result. `policy` and `enabledIf`: see
  /// ``init(policy:enabledIf:fileID:line:execute:)``.
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
