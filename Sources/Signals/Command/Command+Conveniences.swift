extension Command {
  // Both initialisers fit a closure that returns a producer, and bind the type parameters differently, so
  // Swift cannot rank them: without this attribute `Command { (_: Void) in producer }` is ambiguous. Pinned by
  // `CommandSpellingTests`.
  /// A command whose work is synchronous: it returns the output, or throws the failure.
  ///
  /// Each execution calls `work` once, synchronously, on the starting thread, then sends its result and
  /// completes, or fails with what it threw. A closure that returns a producer picks
  /// ``init(policy:enabledIf:fileID:line:execute:)`` instead; label it, `Command(work: { … })`, for a command
  /// whose output is a producer. `policy` and `enabledIf`: as there.
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
