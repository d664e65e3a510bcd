// A mistake that should read plainly (issue 36): a command's work inside the parentheses, unlabelled,
// `Command(enabledIf: canBook, { hotel in … })`. Without this declaration Swift answers with the list of
// Command's initialisers, each with its `fileID: StaticString, line: UInt`. It is unavailable, so a command
// written correctly never takes it (Swift ranks an available declaration above an unavailable one), and it is
// not part of the documentation. `scripts/check-mistakes.sh` checks what it makes the compiler say.

extension Command {
  /// `Command(enabledIf: …, { … })`, work that returns a producer in the parentheses: unavailable, with how to
  /// write it.
  @available(*, unavailable, message: "move the work after the parentheses: Command(enabledIf: …) { input in … }")
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    _ work: @escaping @Sendable (Input) -> SignalProducer<Output, Failure>
  ) {
    preconditionFailure("An unavailable declaration was called")
  }

  /// `Command(enabledIf: …, { … })`, synchronous work in the parentheses: unavailable, with how to write it.
  @available(*, unavailable, message: "move the work after the parentheses: Command(enabledIf: …) { input in … }")
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    _ work: @escaping @Sendable (Input) throws(Failure) -> Output
  ) {
    preconditionFailure("An unavailable declaration was called")
  }
}
