import Synchronization

@testable import Signals

/// Runs `body`, and returns the warnings the library printed on the calling thread meanwhile: how a spec that
/// plants a mistake on purpose marks the warning it expects. The warnings are handed to the spec and not written
/// to standard error, so that every `Signals: warning:` line in the log of `swift test` is one no spec expected
/// (`.ci/run` fails on it; Docs/Debugging.md, "The warning rule").
func expectingWarnings(_ body: () -> Void) -> [String] {
  final class Taken: Sendable {
    let thread = currentThreadID()
    let isOpen = Atomic<Bool>(true)
    let messages = Mutex<[String]>([])
  }
  let taken = Taken()
  BindingRegistry.listeners.withLock { listeners in
    listeners.append { [weak taken] message in
      guard let taken, taken.isOpen.load(ordering: .acquiring), currentThreadID() == taken.thread else {
        return false
      }
      taken.messages.withLock { $0.append(message) }
      return true
    }
  }
  body()
  taken.isOpen.store(false, ordering: .releasing)
  return taken.messages.withLock { $0 }
}
