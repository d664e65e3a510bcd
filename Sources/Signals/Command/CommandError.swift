/// Why an execution of a ``Command`` failed: the command was disabled, or its work failed.
public enum CommandError<Failure: Error>: Error {
  /// The command was not enabled when the execution was started, so the work was not started.
  case disabled
  /// The work failed with this error.
  case failed(Failure)

  /// The work's error, or `nil` for ``disabled``.
  public var failure: Failure? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

extension CommandError: Equatable where Failure: Equatable {}

extension CommandError: CustomStringConvertible {
  /// `disabled`, or `failed(…)` with the work's error.
  public var description: String {
    switch self {
    case .disabled: return "disabled"
    case .failed(let error): return "failed(\(error))"
    }
  }
}
