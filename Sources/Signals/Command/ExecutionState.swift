/// What a command knows about its executions: the state machine behind `isExecuting` and `isEnabled`.
///
/// It is only ever changed under the command's lock and calls nothing, so it can be tested without threads.
@usableFromInline
struct ExecutionState {
  /// How many executions may run at a time.
  @usableFromInline let policy: ExecutionPolicy
  /// Executions started and not ended yet. Only ``begin()`` and ``end()`` change it.
  @usableFromInline var executions = 0
  /// The latest value of the command's `enabledIf`.
  @usableFromInline var enabledIf: Bool
  /// Whether the command was released: it starts nothing more. Only ``release()`` sets it.
  @usableFromInline var isReleased = false

  @inlinable
  init(policy: ExecutionPolicy, enabledIf: Bool) {
    self.policy = policy
    self.enabledIf = enabledIf
  }

  @inlinable
  var isExecuting: Bool { executions > 0 }

  @inlinable
  var isEnabled: Bool {
    !isReleased && enabledIf && (policy == .concurrent || executions == 0)
  }

  /// Starts an execution if the command is enabled; returns whether it did.
  @inlinable
  mutating func begin() -> Bool {
    guard isEnabled else { return false }
    executions += 1
    return true
  }

  /// Ends an execution that ``begin()`` started.
  @inlinable
  mutating func end() {
    precondition(executions > 0, "Internal inconsistency: an execution ended that never began.")
    executions -= 1
  }

  /// Marks the command released: it is disabled from now on. Executions in flight still end normally.
  @inlinable
  mutating func release() {
    isReleased = true
  }
}
