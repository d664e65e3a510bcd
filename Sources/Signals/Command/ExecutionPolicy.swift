/// How many executions of a ``Command`` may run at the same time.
public enum ExecutionPolicy: Sendable, Equatable {
  /// At most one execution at a time: the command is disabled while it executes, and starting it then fails
  /// with ``CommandError/disabled``. The default, and what a button wants: a second tap does nothing.
  case serial
  /// Any number of executions at a time: executing does not disable the command; only `enabledIf` does.
  case concurrent
}
