extension Command {
  /// A command whose work is synchronous: it returns the output, or throws the failure.
  ///
  /// Each execution calls `work` once, synchronously, then sends its result and completes, or fails with the
  /// thrown error; `isExecuting` is `true` while `work` runs.
  ///
  /// - Parameters:
  ///   - policy: whether executions may overlap; ``ExecutionPolicy/serial`` by default.
  ///   - enabledIf: when the command may execute; always, by default.
  ///   - work: what one execution computes from its input.
  @inlinable
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    work: @escaping (Input) throws(Failure) -> Output
  ) {
    self.init(policy: policy, enabledIf: enabledIf, running: .synchronous(work))
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
