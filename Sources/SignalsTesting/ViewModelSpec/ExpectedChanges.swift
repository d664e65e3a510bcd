import Signals

/// What a step of a ``ViewModelSpec`` says changed: the `$0` of its `expect` closure.
///
/// Write each output that changes as you would read it, with its new value:
/// ```swift
/// spec.step("type the name") { viewModel.name.text.value = "Zhuo" } expect: {
///   $0.name.text = "Zhuo"                          // a property: its value after the step
///   $0.name.isValid = true
///   $0.submitCommand.values = [order]              // a signal: the values it sent during the step, in order
///   $0.changes(of: \.phone.text, ["186a", "186"])  // a property that changed more than once, every value
/// }
/// ```
/// A property reads as its value, a signal (or a command's `values`, `errors`) as the array it sent, a child
/// view model or command as its outputs. An output the step has not stated reads as before the step (so
/// `$0.count += 1` works), or `[]`. Naming something that is not an output the spec found fails the step.
@dynamicMemberLookup
public struct ExpectedChanges<Base> {
  let base: Base
  let recorder: ExpectationRecorder

  init(base: Base, recorder: ExpectationRecorder) {
    self.base = base
    self.recorder = recorder
  }

  /// The value of a property after the step: set it to state that the property changed to it.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Base, Property<Value>>) -> Value {
    get { recorder.value(of: base[keyPath: keyPath], keyPath: keyPath) }
    nonmutating set { recorder.state(.value(newValue), of: base[keyPath: keyPath], keyPath: keyPath) }
  }

  /// The value of a mutable property after the step: set it to state that the property changed to it.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Base, MutableProperty<Value>>) -> Value {
    get { recorder.value(of: base[keyPath: keyPath], keyPath: keyPath) }
    nonmutating set { recorder.state(.value(newValue), of: base[keyPath: keyPath], keyPath: keyPath) }
  }

  /// The values a signal sent during the step, in order: set it to state them.
  public subscript<Value, Failure>(dynamicMember keyPath: KeyPath<Base, Signal<Value, Failure>>) -> [Value] {
    get { recorder.values(of: base[keyPath: keyPath], keyPath: keyPath) }
    nonmutating set { recorder.state(.sent(newValue), of: base[keyPath: keyPath], keyPath: keyPath) }
  }

  /// The outputs of a child view model, a command, or a struct of outputs that the view model holds.
  public subscript<Child>(dynamicMember keyPath: KeyPath<Base, Child>) -> ExpectedChanges<Child> {
    ExpectedChanges<Child>(base: base[keyPath: keyPath], recorder: recorder)
  }

  /// States every value a property took during the step, in order: for a property that changed more than once
  /// (an input that corrects what was typed, a flag set and reset by one action).
  public func changes<Value>(of keyPath: KeyPath<Base, Property<Value>>, _ values: [Value]) {
    recorder.state(.values(values), of: base[keyPath: keyPath], keyPath: keyPath)
  }

  /// States every value a mutable property took during the step, in order; see ``changes(of:_:)-(KeyPath<Base,Property<Value>>,_)``.
  public func changes<Value>(of keyPath: KeyPath<Base, MutableProperty<Value>>, _ values: [Value]) {
    recorder.state(.values(values), of: base[keyPath: keyPath], keyPath: keyPath)
  }

  /// States every event a signal sent during the step, its end included: for a signal that completes or fails.
  public func events<Value, Failure>(
    of keyPath: KeyPath<Base, Signal<Value, Failure>>,
    _ events: [Signal<Value, Failure>.Event]
  ) {
    let described = events.map { event -> String in
      switch event {
      case .value(let value): return SpecJournal.Occurrence.value(value).description
      case .failed(let error): return SpecJournal.Occurrence.failed(error).description
      case .completed: return "completed"
      case .interrupted: return "interrupted"
      }
    }
    recorder.state(.events(described), of: base[keyPath: keyPath], keyPath: keyPath)
  }
}

extension ExpectedChanges {
  /// States that the command executed once within the step, as synchronous work does: `isExecuting` went
  /// `true` then `false` (and a serial command's `isEnabled` `false` then `true`).
  public func executedOnce<Input, Output, Failure>() where Base == Command<Input, Output, Failure> {
    recorder.state(.values([true, false]), of: base.isExecuting, keyPath: \Command<Input, Output, Failure>.isExecuting)
    let wasEnabled: Bool = recorder.value(of: base.isEnabled, keyPath: \Command<Input, Output, Failure>.isEnabled)
    if base.policy == .serial, wasEnabled {
      recorder.state(.values([false, true]), of: base.isEnabled, keyPath: \Command<Input, Output, Failure>.isEnabled)
    }
  }
}

/// What the `expect` closure of one step stated, output by output, and the names it used that are not outputs.
final class ExpectationRecorder {
  /// What a step states of one output.
  enum Stated {
    /// A property's value after the step.
    case value(Any)
    /// Every value a property took during the step.
    case values([Any])
    /// The values a signal sent during the step.
    case sent([Any])
    /// The events a signal sent during the step, described.
    case events([String])
  }

  let journal: SpecJournal
  let step: Int
  private(set) var stated: [Int: Stated] = [:]
  private(set) var unknown: [String] = []

  init(journal: SpecJournal, step: Int) {
    self.journal = journal
    self.step = step
  }

  private func index(of object: AnyObject, keyPath: AnyKeyPath) -> Int? {
    if let index = journal.index(of: object) { return index }
    let name = "\(keyPath)"
    if !unknown.contains(name) { unknown.append(name) }
    return nil
  }

  func state(_ change: Stated, of object: AnyObject, keyPath: AnyKeyPath) {
    guard let index = index(of: object, keyPath: keyPath) else { return }
    stated[index] = change
  }

  func value<Value>(of property: some PropertyProtocol<Value>, keyPath: AnyKeyPath) -> Value {
    guard let index = index(of: property, keyPath: keyPath) else { return property.value }
    switch stated[index] {
    case .value(let value)?: return value as? Value ?? property.value
    case .values(let values)?: return values.last as? Value ?? property.value
    default: return journal.value(of: index, before: step) as? Value ?? property.value
    }
  }

  func values<Value, Failure>(of signal: Signal<Value, Failure>, keyPath: AnyKeyPath) -> [Value] {
    guard let index = index(of: signal, keyPath: keyPath) else { return [] }
    if case .sent(let values)? = stated[index] { return values.compactMap { $0 as? Value } }
    return []
  }
}
