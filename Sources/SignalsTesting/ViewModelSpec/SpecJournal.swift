import Signals

/// What a ``ViewModelSpec`` knows of its view model: the outputs it found, and every event they sent, each
/// stamped with the step it happened in and the tick of the scheduler.
///
/// The outputs are found once, when the spec is made; events may arrive on any thread (a view model's
/// scheduler may be a queue), so they are kept under a lock. Steps are begun by the spec, on its own thread.
final class SpecJournal: @unchecked Sendable {
  enum Kind {
    /// A property: it has a value at every moment; what it sends is its new value.
    case property
    /// A signal: it has no value; what it sends during a step is the step's.
    case signal
  }

  /// One output of the view model.
  struct Output {
    /// Where it was found first: `title`, `name.text`, `submitCommand.isEnabled`.
    var label: String
    /// The other labels it is stored under (`signUpEnabled` for `signUpCommand.isEnabled`).
    var aliases: [String] = []
    let kind: Kind
    let identity: ObjectIdentifier
    /// A property's value when the spec was made.
    let initial: Any?
    /// For a command's `isExecuting`: the command's label, to name it when it is still executing at the end.
    let command: String?
  }

  /// What an output sent.
  enum Occurrence {
    case value(Any)
    case failed(Any)
    case completed
    case interrupted

    var value: Any? {
      if case .value(let value) = self { return value }
      return nil
    }

    /// A value as ``SpecValues/describe(_:)`` shows it; the end events as a recorder describes them.
    var description: String {
      switch self {
      case .value(let value): return SpecValues.describe(value)
      case .failed(let error): return "failed(\(SpecValues.describe(error)))"
      case .completed: return "completed"
      case .interrupted: return "interrupted"
      }
    }
  }

  struct Entry {
    let output: Int
    let step: Int
    let tick: Int
    let occurrence: Occurrence
  }

  /// A step: its name, where it was written, the tick it began at.
  struct Step {
    let name: String
    let site: CallSite?
    let startTick: Int
  }

  let scheduler: TestScheduler?
  private(set) var outputs: [Output] = []
  private var indices: [ObjectIdentifier: Int] = [:]
  private var disposables: [any Disposable] = []
  private(set) var steps: [Step] = []
  private let state = Locked((entries: [Entry](), step: 0))

  init(scheduler: TestScheduler?) {
    self.scheduler = scheduler
    steps = [Step(name: "the view model as the spec found it", site: nil, startTick: Self.tick(of: scheduler))]
  }

  /// The current tick of the scheduler (0 without one).
  var tick: Int { Self.tick(of: scheduler) }

  private static func tick(of scheduler: TestScheduler?) -> Int {
    guard let scheduler else { return 0 }
    return Int((scheduler.now.sinceOrigin / scheduler.tick).rounded(.down))
  }

  // MARK: Finding the outputs

  /// Finds the outputs stored in `viewModel` and in the view models and values it holds, one level deep, as
  /// `PropertyGraphDump(of:)` does, and starts recording them; what is labelled as in `ignoring` is left out.
  func discover(in viewModel: Any, ignoring: Set<String>) {
    forEachStoredValue(of: viewModel) { label, value in
      if ignoring.contains(label) { return true }
      if let property = value as? any PropertyProtocol {
        addProperty(property, label: label)
      } else if let command = value as? any CommandOutputs {
        addCommand(command, label: label, ignoring: ignoring)
      } else if let signal = value as? any SignalProtocol {
        addSignal(of: signal, label: label)
      } else {
        return false
      }
      return true
    }
  }

  /// The position of the output that is `object`, if the spec found it.
  func index(of object: AnyObject) -> Int? {
    indices[ObjectIdentifier(object)]
  }

  private func add(_ object: AnyObject, label: String, kind: Kind, initial: Any?, command: String? = nil) -> Int? {
    let identity = ObjectIdentifier(object)
    if let index = indices[identity] {
      outputs[index].aliases.append(label)
      return nil
    }
    indices[identity] = outputs.count
    outputs.append(Output(label: label, kind: kind, identity: identity, initial: initial, command: command))
    return outputs.count - 1
  }

  private func addProperty<Value>(
    _ property: some PropertyProtocol<Value>, label: String, command: String? = nil
  ) {
    guard let index = add(property, label: label, kind: .property, initial: property.value, command: command) else {
      return
    }
    let disposable = property.signal.observe { [weak self] event in
      if case .value(let value) = event { self?.record(.value(value), of: index) }
    }
    if let disposable { disposables.append(disposable) }
  }

  private func addSignal<Stream: SignalProtocol>(of stream: Stream, label: String) {
    addSignal(stream.signal, label: label)
  }

  private func addSignal<Value, Failure>(_ signal: Signal<Value, Failure>, label: String) {
    guard let index = add(signal, label: label, kind: .signal, initial: nil) else { return }
    let disposable = signal.observe { [weak self] event in
      let occurrence: Occurrence
      switch event {
      case .value(let value): occurrence = .value(value)
      case .failed(let error): occurrence = .failed(error)
      case .completed: occurrence = .completed
      case .interrupted: occurrence = .interrupted
      }
      self?.record(occurrence, of: index)
    }
    if let disposable { disposables.append(disposable) }
  }

  private func addCommand<Command: CommandOutputs>(_ command: Command, label: String, ignoring: Set<String>) {
    if !ignoring.contains("\(label).isEnabled") { addProperty(command.isEnabled, label: "\(label).isEnabled") }
    if !ignoring.contains("\(label).isExecuting") {
      addProperty(command.isExecuting, label: "\(label).isExecuting", command: label)
    }
    if !ignoring.contains("\(label).values") { addSignal(command.values, label: "\(label).values") }
    if !ignoring.contains("\(label).errors") { addSignal(command.errors, label: "\(label).errors") }
  }

  /// Stops recording: detaches every observer the spec attached to the view model.
  func stop() {
    let disposables = self.disposables
    self.disposables = []
    for disposable in disposables { disposable.dispose() }
  }

  // MARK: Recording

  private func record(_ occurrence: Occurrence, of output: Int) {
    let tick = self.tick
    state.withLock { $0.entries.append(Entry(output: output, step: $0.step, tick: tick, occurrence: occurrence)) }
  }

  /// Begins a step: what the outputs send from now on is its. Returns its number.
  func beginStep(_ name: String, at site: CallSite) -> Int {
    steps.append(Step(name: name, site: site, startTick: tick))
    let number = steps.count - 1
    state.withLock { $0.step = number }
    return number
  }

  /// Every event recorded, in order.
  var entries: [Entry] { state.withLock { $0.entries } }

  /// What `output` sent during step `step`, in order.
  func occurrences(of output: Int, inStep step: Int) -> [Occurrence] {
    entries.filter { $0.output == output && $0.step == step }.map(\.occurrence)
  }

  /// A property's value when step `step` began: the last value it sent before, or its value when found.
  func value(of output: Int, before step: Int) -> Any? {
    entries.last { $0.output == output && $0.step < step && $0.occurrence.value != nil }?.occurrence.value
      ?? outputs[output].initial
  }

  /// A property's value now: the last value it sent, or its value when found.
  func currentValue(of output: Int) -> Any? {
    value(of: output, before: .max)
  }
}
