@testable import Signals

/// An error for tests: equatable, with a readable name.
enum TestError: Error, Equatable {
  case boom
  case other
}

/// Records every event a stream delivers, for assertions. Thread-safe.
final class Recorder<Value, Failure: Error>: @unchecked Sendable {
  typealias Event = Signal<Value, Failure>.Event

  private let storage = Locked<(events: [Event], violatedGrammar: Bool)>(([], false))
  private let failsWhenEnteredAfterTerminal: Bool

  init(failsWhenEnteredAfterTerminal: Bool = true) {
    self.failsWhenEnteredAfterTerminal = failsWhenEnteredAfterTerminal
  }

  /// A recorder observing `signal` right away.
  convenience init(_ signal: Signal<Value, Failure>) {
    self.init()
    disposable = signal.observe(self.record)
  }

  /// A recorder that starts `producer` right away.
  convenience init(_ producer: SignalProducer<Value, Failure>) {
    self.init()
    disposable = producer.start(self.record)
  }

  /// The disposable of the observation or start made by the convenience initialisers.
  var disposable: (any Disposable)?

  /// Appends an event; records a grammar violation as an issue-worthy flag.
  func record(_ event: Event) {
    storage.withLock { state in
      if failsWhenEnteredAfterTerminal, let last = state.events.last, last.isTerminating {
        state.violatedGrammar = true
      }
      state.events.append(event)
    }
  }

  /// Whether an event arrived after a terminal event.
  var violatedGrammar: Bool { storage.withLock { $0.violatedGrammar } }

  var events: [Event] { storage.withLock { $0.events } }
  var values: [Value] { events.compactMap(\.value) }
  var error: Failure? { events.lazy.compactMap(\.error).first }
  var isCompleted: Bool { events.contains { if case .completed = $0 { return true } else { return false } } }
  var isInterrupted: Bool { events.contains { if case .interrupted = $0 { return true } else { return false } } }
  var isFailed: Bool { error != nil }
  var isTerminated: Bool { events.last?.isTerminating ?? false }
  /// The events as short strings: values as `"\(value)"`, then `"failed(…)"`, `"completed"`, `"interrupted"`.
  var descriptions: [String] {
    events.map { event in
      if case .value(let value) = event { return "\(value)" }
      return event.description
    }
  }
}

/// Holds an object weakly, for leak tests: create the object in a scope, keep only a `Weak`, assert `nil`.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// An object that records when it is released.
final class Canary: @unchecked Sendable {
  let onDeinit: () -> Void
  init(_ onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}
