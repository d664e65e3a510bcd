import SignalsTesting
import Testing

@testable import Signals

/// What a contract test does to one input of a case.
enum Step: CaseIterable {
  case value, failed, completed, interrupted
}

/// One controllable input of an operator case, with its type erased.
///
/// A hot input is one pipe. A cold input is a producer over that pipe whose every start records its
/// lifetime; a `fresh` cold input opens a new pipe per start (for operators that restart their upstream).
protocol ContractInput: AnyObject, Sendable {
  /// Sends `step` into the latest pipe.
  func send(_ step: Step)
  /// Sends `step` into every pipe ever opened.
  func sendToAll(_ step: Step)
  /// Observers attached to this input's pipes right now.
  var observerCount: Int { get }
  /// Starts of the cold form so far, and how many of their lifetimes ended.
  var starts: Int { get }
  /// Whether its cold form (a producer) was used.
  var isCold: Bool { get }
  /// Whether ``Rig/warmUp()`` sends a value into it (not for triggers, whose value ends the result).
  var warmsUp: Bool { get }
  var ends: Int { get }
}

/// A typed input; see ``ContractInput``. Thread-safe, for the concurrent contract tests.
final class Input<Value, Failure: Error>: ContractInput, @unchecked Sendable {
  typealias Pipe = (output: Signal<Value, Failure>, input: Signal<Value, Failure>.Observer)

  private struct State {
    var pipes: [Pipe] = []
    var sent = 0
    var starts = 0
    var ends = 0
    var isCold = false
  }

  private let makeValue: (Int) -> Value
  private let error: Failure?
  private let fresh: Bool
  let warmsUp: Bool
  private let state = Locked(State())

  init(fresh: Bool, warmsUp: Bool, value makeValue: @escaping (Int) -> Value, error: Failure?) {
    self.warmsUp = warmsUp
    self.makeValue = makeValue
    self.error = error
    self.fresh = fresh
    if !fresh { state.withLock { $0.pipes.append(Signal.pipe()) } }
  }

  var pipes: [Pipe] { state.withLock { $0.pipes } }
  var starts: Int { state.withLock { $0.starts } }
  var ends: Int { state.withLock { $0.ends } }
  var isCold: Bool { state.withLock { $0.isCold } }

  /// The hot form: the one pipe's output.
  var signal: Signal<Value, Failure> { pipes[0].output }

  /// The cold form: every start observes the pipe (a new one if `fresh`) and records its lifetime.
  var producer: SignalProducer<Value, Failure> {
    state.withLock { $0.isCold = true }
    return SignalProducer { observer, lifetime in
      let fresh = self.fresh ? Signal<Value, Failure>.pipe() : nil
      let pipe = self.state.withLock { state -> Pipe in
        state.starts += 1
        if let fresh { state.pipes.append(fresh) }
        return state.pipes[state.pipes.count - 1]
      }
      lifetime.observeEnded { self.state.withLock { $0.ends += 1 } }
      lifetime += pipe.output.observe(observer)
    }
  }

  /// The observer of the latest pipe, to send typed events.
  var latest: Signal<Value, Failure>.Observer? { pipes.last?.input }

  func send(_ step: Step) {
    guard let pipe = pipes.last else { return }
    send(step, into: pipe)
  }

  func sendToAll(_ step: Step) {
    for pipe in pipes { send(step, into: pipe) }
  }

  private func send(_ step: Step, into pipe: Pipe) {
    switch step {
    case .value:
      let sent = state.withLock { state -> Int in
        state.sent += 1
        return state.sent
      }
      pipe.input.send(value: makeValue(sent))
    case .failed:
      if let error { pipe.input.send(error: error) }
    case .completed: pipe.input.sendCompleted()
    case .interrupted: pipe.input.sendInterrupted()
    }
  }

  var observerCount: Int { pipes.reduce(0) { $0 + $1.output.observerCount } }
}

/// The world one case is built in: its inputs, a test scheduler, and the canaries its closures capture.
final class Rig: @unchecked Sendable {
  let scheduler = TestScheduler()
  private(set) var inputs: [any ContractInput] = []
  private var canaries: [Weak<Canary>] = []
  private var retained: [AnyObject] = []

  /// The operator's own ending, when it needs something the inputs cannot do (a lifetime's end).
  var ownEnding: (() -> Void)?

  /// Keeps `token` alive until ``ownEnding`` ends its lifetime.
  func endLifetime(_ token: Lifetime.Token) {
    var token: Lifetime.Token? = token
    ownEnding = { if token != nil { token = nil } }
  }

  /// Keeps `object` alive as long as the rig.
  func retain(_ object: AnyObject) { retained.append(object) }

  /// A new input of any type; `error` is `nil` for inputs that cannot fail.
  func input<Value, Failure: Error>(
    fresh: Bool = false, warmsUp: Bool = true, value: @escaping (Int) -> Value, error: Failure?
  ) -> Input<Value, Failure> {
    let input = Input(fresh: fresh, warmsUp: warmsUp, value: value, error: error)
    inputs.append(input)
    return input
  }

  /// An input of `Int`s that fails with `TestError.boom`.
  func ints(fresh: Bool = false) -> Input<Int, TestError> {
    input(fresh: fresh, value: { $0 }, error: TestError.boom)
  }

  /// An input of `Int`s that cannot fail.
  func safeInts() -> Input<Int, Never> {
    input(value: { $0 }, error: nil)
  }

  /// An input of `Void`s that cannot fail (a trigger or sampler).
  func voids(warmsUp: Bool = true) -> Input<Void, Never> {
    input(warmsUp: warmsUp, value: { _ in () }, error: nil)
  }

  /// A canary for a user closure to capture; the rig keeps it weakly.
  func canary() -> Canary {
    let canary = Canary()
    canaries.append(Weak(canary))
    return canary
  }

  var canaryCount: Int { canaries.count }
  var liveCanaries: Int { canaries.filter { $0.object != nil }.count }
  var observerCount: Int { inputs.reduce(0) { $0 + $1.observerCount } }
  var starts: Int { inputs.reduce(0) { $0 + $1.starts } }
  var hasColdInputs: Bool { inputs.contains { $0.isCold } }
  var openStarts: Int { inputs.reduce(0) { $0 + $1.starts - $1.ends } }

  /// Moves time on far enough for every timer of every case to fire.
  func advance() { scheduler.advance(by: .seconds(100)) }

  /// One value from every input, in order, then one tick of time: every operator is running, none ended.
  func warmUp() {
    for input in inputs where input.warmsUp { input.send(.value) }
    scheduler.advance(by: .seconds(1))
  }

  /// Everything that could still reach an operator after its end: values, failures, completions and
  /// interruptions on every pipe of every input (inner ones included), and time.
  func hammer() {
    for step in Step.allCases {
      for input in inputs { input.sendToAll(step) }
      advance()
    }
  }
}

/// Records what a case's result delivers, as short strings: `value(…)`, `completed`, `failed`, `interrupted`.
final class Probe: @unchecked Sendable {
  private let storage = Locked<[String]>([])

  func record<Value, Failure>(_ event: Signal<Value, Failure>.Event) {
    let text: String
    switch event {
    case .value(let value): text = "value(\(value))"
    case .failed: text = "failed"
    case .completed: text = "completed"
    case .interrupted: text = "interrupted"
    }
    storage.withLock { $0.append(text) }
    if let hook = storage.withLock({ _ in Swift.exchange(&onNextEvent, with: nil) }) { hook() }
  }

  /// Called once, from inside the delivery of the next event: for reentrancy tests.
  var onNextEvent: (() -> Void)?

  var events: [String] { storage.withLock { $0 } }
  var count: Int { events.count }

  /// The terminal event, if the last event is one.
  var terminal: String? {
    guard let last = events.last, !last.hasPrefix("value") else { return nil }
    return last
  }

  /// `value* terminal?`: at most one terminal event, and it is the last.
  var grammarHolds: Bool {
    let terminals = events.indices.filter { !events[$0].hasPrefix("value") }
    return terminals.isEmpty || terminals == [events.count - 1]
  }
}

/// The result of a case, ready to be observed (a signal) or started (a producer).
struct Subject {
  let attach: (Probe) -> (any Disposable)?
  /// The result's core, for a signal result: it must be freed once nothing references it.
  let core: AnyObject?
  let isProducer: Bool

  static func signal<Value, Failure>(_ signal: Signal<Value, Failure>) -> Subject {
    Subject(attach: { probe in signal.observe { probe.record($0) } }, core: signal.core, isProducer: false)
  }

  static func producer<Value, Failure>(_ producer: SignalProducer<Value, Failure>) -> Subject {
    Subject(attach: { probe in producer.start { probe.record($0) } }, core: nil, isProducer: true)
  }
}

/// How a contract test ends a case's result.
enum Scenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// Every input completes, in order, then time runs out.
  case completion
  /// The first input fails.
  case failure
  /// The first input is interrupted.
  case interruption
  /// The observation or start is disposed.
  case disposal
  /// The operator's own ending (a count, a trigger, a timer, the lifetime) or a later input's failure or
  /// completion; see ``ContractTable/ownEndings``. Cases without one are skipped.
  case ownEnding

  var testDescription: String { rawValue }
}

/// One public operator, in one form, built over controllable inputs.
struct OperatorCase: Sendable, CustomTestStringConvertible {
  /// Names the operator and its form, e.g. `Signal.map(_:)`.
  let name: String
  /// For an operator with overloads, a text of the shape of the one this case runs (see
  /// ``PublicOperators/Declaration/shape``): `"KeyPath"` picks `map(_:)` by key path.
  var overload: String?
  let build: @Sendable (Rig) -> Subject
  /// Overrides of how a scenario ends the result (default: see ``Scenario``).
  var actions: [Scenario: @Sendable (Rig) -> Void] = [:]
  /// Overrides of the terminal event a scenario produces (`.some(nil)`: the result does not end).
  var outcomes: [Scenario: String?] = [:]
  /// Overrides of what interrupting input `index` does to the result (default `interrupted`).
  var interruptions: [Int: String?] = [:]
  /// Whether a disposed start leaves the shared upstream running until the result itself is released.
  var detachesWhenReleased = false
  /// Whether the operator starts an input as it is made, before anyone observes it (and so must stop it when
  /// the unobserved result is freed).
  var startsEagerly = false
  /// Whether the operator sends nothing before its end (`collect`, `reduce`, `take(last:)`): no value of its
  /// own can trigger a reentrant end, so `nothingAfterAReentrantEnd` has nothing to check.
  var sendsOnlyAtItsEnd = false
  /// Why the overrides hold: the operator's documented rule.
  var rule = ""

  var testDescription: String { name }

  init(_ name: String, overload: String? = nil, _ build: @escaping @Sendable (Rig) -> Subject) {
    self.name = name
    self.overload = overload
    self.build = build
  }

  /// This case, marked as sending nothing before its end.
  func sendingOnlyAtItsEnd() -> OperatorCase {
    var copy = self
    copy.sendsOnlyAtItsEnd = true
    return copy
  }

  /// This case with a scenario overridden.
  func with(
    _ scenario: Scenario, outcome: String?, action: (@Sendable (Rig) -> Void)? = nil, rule: String = ""
  ) -> OperatorCase {
    var copy = self
    copy.outcomes[scenario] = .some(outcome)
    if let action { copy.actions[scenario] = action }
    if !rule.isEmpty { copy.rule += (copy.rule.isEmpty ? "" : " ") + rule }
    return copy
  }

  /// This case with what interrupting input `index` does overridden.
  func interrupting(_ index: Int, gives outcome: String?, rule: String) -> OperatorCase {
    var copy = self
    copy.interruptions[index] = .some(outcome)
    copy.rule += (copy.rule.isEmpty ? "" : " ") + rule
    return copy
  }

  /// Ends the result as `scenario` says; returns the terminal event the result must have delivered.
  func end(_ scenario: Scenario, rig: Rig, subject: Subject, disposable: (any Disposable)?) -> String? {
    if let action = actions[scenario] {
      action(rig)
    } else {
      switch scenario {
      case .completion:
        for input in rig.inputs { input.send(.completed) }
      case .failure:
        rig.inputs.first?.send(.failed)
      case .interruption:
        rig.inputs.first?.send(.interrupted)
      case .disposal:
        disposable?.dispose()
      case .ownEnding:
        break
      }
    }
    rig.advance()
    return expected(scenario, isProducer: subject.isProducer)
  }

  /// The terminal event `scenario` must make the result deliver (`nil`: none).
  func expected(_ scenario: Scenario, isProducer: Bool) -> String? {
    if let outcome = outcomes[scenario] { return outcome }
    switch scenario {
    case .completion: return "completed"
    case .failure: return "failed"
    case .interruption: return "interrupted"
    case .disposal: return isProducer ? "interrupted" : nil
    case .ownEnding: return nil
    }
  }
}

extension OperatorCase {
  /// This case as ``OperatorCoverage`` sees it.
  var coverage: OperatorCoverage.Case { OperatorCoverage.Case(name: name, overload: overload) }

  /// A case that starts an input as it is made; see ``startsEagerly``.
  func startingEagerly(rule: String) -> OperatorCase {
    var copy = self
    copy.startsEagerly = true
    copy.rule += (copy.rule.isEmpty ? "" : " ") + rule
    return copy
  }

  /// This case, running the overload of its operator whose shape contains `text`.
  func overload(_ text: String) -> OperatorCase {
    var copy = self
    copy.overload = text
    return copy
  }
}
