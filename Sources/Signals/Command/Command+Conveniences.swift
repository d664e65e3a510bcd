extension Command {
  // Both initialisers fit a closure that returns a producer, and Swift cannot rank them by their parameters,
  // because they bind the command's type parameters differently (`Output` is the producer's value type for
  // one, the producer itself for the other): without this attribute, `Command { (_: Void) in producer }` is
  // ambiguous. It is the only way to state the preference; a protocol extension or a dummy generic parameter
  // would rank the same but add API that means nothing. Pinned by `CommandSpellingTests`.
  /// A command whose work is synchronous: it returns the output, or throws the failure.
  ///
  /// Each execution calls `work` once, synchronously, then sends its result and completes, or fails with the
  /// thrown error; `isExecuting` is `true` while `work` runs.
  ///
  /// A closure that returns a producer, `Command { (_: Void) in producer }`, is producer work, not synchronous
  /// work whose output is a producer: this initialiser gives way to ``init(policy:enabledIf:fileID:line:execute:)``
  /// whenever both fit. For a command whose output really is a producer, label the closure:
  /// `Command(work: { … })`.
  ///
  /// - Parameters:
  ///   - policy: whether executions may overlap; ``ExecutionPolicy/serial`` by default.
  ///   - enabledIf: when the command may execute; always, by default.
  ///   - work: what one execution computes from its input, on the thread that starts the execution;
  ///     `@Sendable`, as for ``init(policy:enabledIf:fileID:line:execute:)``.
  ///   - fileID: where the command is made, shown on its `isEnabled` and `isExecuting` by ``PropertyGraphDump``
  ///     and ``PropertyChange``; kept in debug builds only. Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  @inlinable
  @_disfavoredOverload
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    work: @escaping @Sendable (Input) throws(Failure) -> Output
  ) {
    self.init(policy: policy, enabledIf: enabledIf, running: .synchronous(work))
    #if DEBUG
    noteSite(fileID, line)
    #endif
  }
}

extension Command where Input == Void {
  /// A producer that executes the command each time it is started; see ``apply(_:)``.
  @inlinable
  public func apply() -> SignalProducer<Output, CommandError<Failure>> {
    apply(())
  }

  /// Executes the command now; see ``execute(_:)``.
  @discardableResult
  @inlinable
  public func execute() -> any Disposable {
    execute(())
  }
}
