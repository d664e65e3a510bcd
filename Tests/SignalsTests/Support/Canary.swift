/// An object that records when it is released.
final class Canary: @unchecked Sendable {
  let onDeinit: () -> Void
  init(_ onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}
