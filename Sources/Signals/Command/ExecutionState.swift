/// What a command knows about its executions: the state machine behind `isExecuting` and `isEnabled`.
///
/// It is only ever changed under the command's lock and calls nothing, so it can be tested without threads.
struct ExecutionState {
  /// How many executions may run at a time.
  let policy: ExecutionPolicy
  /// Executions started and not ended yet.
  private(set) var executions = 0
  /// The latest value of the command's `enabledIf`.
  var enabledIf: Bool
  /// Whether the command was released: it starts nothing more.
  private(set) var isReleased = false

  init(policy: ExecutionPolicy, enabledIf: Bool) {
    self.policy = policy
    self.enabledIf = enabledIf
  }

  /// Whether an execution is running.
  var isExecuting: Bool { executions > 0 }

  /// Whether an execution may start now.
  var isEnabled: Bool {
    !isReleased && enabledIf && (policy == .concurrent || executions == 0)
  }

  /// Starts an execution if the command is enabled; returns whether it did.
  mutating func begin() -> Bool {
    guard isEnabled else { return false }
    executions += 1
    return true
  }

  /// Ends an execution that ``begin()`` started.
  mutating func end() {
    precondition(executions > 0, "Internal inconsistency: an execution ended that never began.")
    executions -= 1
  }

  /// Marks the command released: it is disabled from now on. Executions in flight still end normally.
  mutating func release() {
    isReleased = true
  }
}
