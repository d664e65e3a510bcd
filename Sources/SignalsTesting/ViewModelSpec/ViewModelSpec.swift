import Signals

/// An exhaustive spec of a view model: after each step, it must state every output that changed, with its new
/// value, and nothing that did not.
///
/// It finds the view model's outputs by reflection, as `PropertyGraphDump(of:)` does — properties, each
/// command's `isEnabled`, `isExecuting`, `values` and `errors`, and signals, one level deep, each named by its
/// label (`name.text`, `submitCommand.isEnabled`) — and records what they send; a private input it finds too is
/// left out with `ignoring:`. Then it proceeds in steps — a user action
/// (``step(_:fileID:filePath:line:column:_:expect:)``), the clock
/// (``advance(by:fileID:filePath:line:column:expect:)``, ``run(fileID:filePath:line:column:expect:)``) or async
/// work (``awaiting(_:isolation:fileID:filePath:line:column:_:expect:)``) — each stating what changed in its
/// `expect` (see ``ExpectedChanges``):
/// ```swift
/// let spec = ViewModelSpec(of: viewModel)
/// spec.step("type the name") { viewModel.name.text.value = "Zhuo" } expect: {
///   $0.name.text = "Zhuo"
///   $0.name.isValid = true
///   $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: "
/// }
/// spec.finish()
/// ```
/// A step fails at its line when an output changed unsaid (old → new), a stated change did not happen, or a
/// property changed more than once and the step states only its last value; the failure shows the
/// ``timeline``. A property changes when it sends a value other than its last (compared with `==`, or by
/// description); a signal, when it sends anything. ``finish(allowing:fileID:filePath:line:column:)``, or the
/// spec's release, fails while scheduled work or an execution remains. ``Exhaustivity`` relaxes the steps.
/// More in `Docs/Testing.md`.
///
/// Failures are issues under Swift Testing and `XCTFail` under XCTest. Drive the spec from the test, on the
/// view model's actor; the outputs may change on any thread.
public final class ViewModelSpec<ViewModel> {
  /// The view model under spec.
  public let viewModel: ViewModel
  /// The virtual clock the view model was given, which the scheduler steps move.
  public let scheduler: TestScheduler?
  /// How much each step must state; ``Exhaustivity/exhaustive`` unless the spec was made otherwise. It may be
  /// changed between steps.
  public var exhaustivity: Exhaustivity
  /// The changes a partial spec did not check, one line each (`step 2 "type": name.isValid: false → true`).
  public private(set) var skippedChanges: [String] = []

  let journal: SpecJournal
  private let site: CallSite
  private var isFinished = false

  /// A spec of `viewModel`, whose outputs are found now and recorded from now on. `scheduler` is the virtual
  /// clock the view model was given; `ignoring` lists labels of outputs to leave out (`"submitCommand.values"`,
  /// or `"name"` for a whole child). A spec released without ``finish(allowing:fileID:filePath:line:column:)``
  /// fails at `fileID`, `line`: leave the defaults.
  public init(
    of viewModel: ViewModel,
    scheduler: TestScheduler? = nil,
    exhaustivity: Exhaustivity = .exhaustive,
    ignoring: Set<String> = [],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.viewModel = viewModel
    self.scheduler = scheduler
    self.exhaustivity = exhaustivity
    site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    journal = SpecJournal(scheduler: scheduler)
    journal.discover(in: viewModel, ignoring: ignoring)
  }

  deinit {
    if !isFinished { checkEnd(allowing: [], at: site) }
    journal.stop()
  }

  /// The labels of the outputs the spec found, in the order it shows them (an output stored under two labels
  /// is shown under the first).
  public var outputs: [String] { journal.outputs.map(\.label) }

  // MARK: Steps
  /// A user action named `name`: runs `action` (which sets inputs or executes commands; an error it throws is
  /// rethrown, unchecked), then checks that the outputs changed as `expect` states, failing at this line if not.
  ///   - expect: states every output that changed; by default, none.
  public func step(
    _ name: String,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ action: () throws -> Void,
    expect: (ExpectedChanges<ViewModel>) -> Void = { _ in }
  ) rethrows {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let number = journal.beginStep(name, at: site)
    try action()
    check(step: number, expect, at: site)
  }

  /// Async work: awaits `action` (an async method of the view model, a task it started), then checks the
  /// outputs as ``step(_:fileID:filePath:line:column:_:expect:)`` does. It runs on the caller's actor.
  public func awaiting(
    _ name: String,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ action: () async throws -> Void,
    expect: (ExpectedChanges<ViewModel>) -> Void = { _ in }
  ) async rethrows {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let number = journal.beginStep(name, at: site)
    try await action()
    check(step: number, expect, at: site)
  }

  /// Moves the clock by `duration` (``TestScheduler/advance(by:)-(Duration)``), then checks the outputs.
  public func advance(
    by duration: Duration,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    expect: (ExpectedChanges<ViewModel>) -> Void = { _ in }
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    clockStep("advance(by: \(duration))", at: site, expect) { $0.advance(by: duration) }
  }

  /// Moves the clock by `count` marble ticks (``TestScheduler/advance(ticks:)``), then checks the outputs.
  public func advance(
    ticks count: Int,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    expect: (ExpectedChanges<ViewModel>) -> Void = { _ in }
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    clockStep("advance(ticks: \(count))", at: site, expect) { $0.advance(ticks: count) }
  }

  /// Runs every scheduled action (``TestScheduler/run()``), then checks the outputs.
  public func run(
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    expect: (ExpectedChanges<ViewModel>) -> Void = { _ in }
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    clockStep("run()", at: site, expect) { $0.run() }
  }

  private func clockStep(
    _ name: String,
    at site: CallSite,
    _ expect: (ExpectedChanges<ViewModel>) -> Void,
    _ move: (TestScheduler) -> Void
  ) {
    guard let scheduler else {
      reportFailure(
        "\(name): the spec has no scheduler to move; make it with ViewModelSpec(of: viewModel, scheduler: scheduler)",
        at: site)
      return
    }
    let number = journal.beginStep(name, at: site)
    move(scheduler)
    check(step: number, expect, at: site)
  }

  // MARK: The end

  /// Ends the spec: fails at this line if the scheduler still has work scheduled or a command is still
  /// executing, unless `allowed` says it may; then stops observing the view model. A spec released without
  /// it does the same, with nothing allowed, at the line that made it.
  public func finish(
    allowing allowed: UnfinishedWork = [],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard !isFinished else { return }
    checkEnd(allowing: allowed, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func checkEnd(allowing allowed: UnfinishedWork, at site: CallSite) {
    isFinished = true
    var problems: [String] = []
    if !allowed.contains(.scheduledWork), let scheduler, scheduler.scheduledCount > 0 {
      let count = scheduler.scheduledCount
      problems.append("the scheduler has \(count) action\(count == 1 ? "" : "s") still scheduled")
    }
    if !allowed.contains(.executingCommands) {
      for (index, output) in journal.outputs.enumerated() {
        guard let command = output.command, journal.currentValue(of: index) as? Bool == true else { continue }
        problems.append("\(command) is still executing")
      }
    }
    journal.stop()
    guard !problems.isEmpty else { return }
    let message = """
      The spec of \(ViewModel.self) ends with work unfinished:
      \(problems.map { "  ✗ \($0)" }.joined(separator: "\n"))
      Step the clock until it is done (spec.run()), or say that the spec may end so: \
      spec.finish(allowing: [.scheduledWork, .executingCommands]).

      \(timeline)
      """
    reportFailure(message, at: site)
  }

  // MARK: Checking a step

  private func check(step number: Int, _ expect: (ExpectedChanges<ViewModel>) -> Void, at site: CallSite) {
    let recorder = ExpectationRecorder(journal: journal, step: number)
    expect(ExpectedChanges(base: viewModel, recorder: recorder))
    var problems = recorder.unknown.map {
      "\($0) is not an output the spec found (it watches the properties, commands and signals stored in the view "
        + "model and in the view models it holds): \(outputs.joined(separator: ", "))"
    }
    var skipped: [String] = []
    for index in journal.outputs.indices {
      let output = journal.outputs[index]
      let occurrences = journal.occurrences(of: index, inStep: number)
      let stated = recorder.stated[index]
      switch output.kind {
      case .property:
        let before = journal.value(of: index, before: number) ?? ()
        var history: [Any] = []
        var last = before
        for value in occurrences.compactMap(\.value) where !SpecValues.same(value, last) {
          history.append(value)
          last = value
        }
        if stated == nil, !history.isEmpty, !exhaustivity.checksEverything {
          let path = ([before] + history).map(SpecValues.describe).joined(separator: " → ")
          skipped.append("\(output.label): \(path)")
          continue
        }
        if let problem = Self.checkProperty(output.label, before: before, history: history, stated: stated) {
          problems.append(problem)
        }
      case .signal:
        if stated == nil, !occurrences.isEmpty, !exhaustivity.checksEverything {
          skipped.append("\(output.label) sent \(occurrences.map(\.description).joined(separator: ", "))")
          continue
        }
        if let problem = Self.checkSignal(output.label, occurrences: occurrences, stated: stated) {
          problems.append(problem)
        }
      }
    }
    let title = "Step \(number), \"\(journal.steps[number].name)\""
    if !skipped.isEmpty {
      skippedChanges += skipped.map { "step \(number) \"\(journal.steps[number].name)\": \($0)" }
      if exhaustivity.listsSkipped {
        reportSkipped(
          "\(title): the partial spec did not check \(skipped.count) change\(skipped.count == 1 ? "" : "s"):\n"
            + skipped.map { "  • \($0)" }.joined(separator: "\n"),
          at: site)
      }
    }
    guard !problems.isEmpty else { return }
    let count = problems.count
    let message = """
      \(title): \(count) output\(count == 1 ? " is" : "s are") not as the step says:
      \(problems.map { "  ✗ \($0)" }.joined(separator: "\n"))

      \(renderTimeline(marking: number))
      """
    reportFailure(message, at: site)
  }

  private static func checkProperty(
    _ label: String, before: Any, history: [Any], stated: ExpectationRecorder.Stated?
  )
    -> String?
  {
    let indent = "      "
    switch stated {
    case nil:
      guard let last = history.last else { return nil }
      if history.count == 1 {
        return "\(label) changed, and the step does not say so:\n"
          + SpecValues.change(from: before, to: last, indent: indent)
      }
      return "\(label) changed \(history.count) times, and the step does not say so:\n"
        + SpecValues.path([before] + history, indent: indent)
    case .value(let value)?:
      guard let last = history.last else {
        return "\(label) did not change (it is \(SpecValues.describe(before))), but the step says it becomes "
          + SpecValues.describe(value)
      }
      if history.count > 1 {
        let path = SpecValues.path([before] + history, indent: indent)
        let ending = SpecValues.same(last, value) ? "" : ", not \(SpecValues.describe(value))"
        return "\(label) changed \(history.count) times, and the step states only the last value\(ending):\n"
          + "\(path)\n\(indent)state each value with $0.changes(of: \\.\(label), [...])"
      }
      guard !SpecValues.same(last, value) else { return nil }
      return "\(label) became another value than the step says (- stated, + actual):\n"
        + SpecValues.lineDiff(SpecValues.lines(of: value), SpecValues.lines(of: last), indent: indent)
    case .values(let values)?:
      let matches = values.count == history.count && zip(values, history).allSatisfy { SpecValues.same($0, $1) }
      guard !matches else { return nil }
      return "\(label) took other values than the step says (- stated, + actual):\n"
        + SpecValues.lineDiff(values.map(SpecValues.describe), history.map(SpecValues.describe), indent: indent)
    case .sent?, .events?:
      preconditionFailure("Internal inconsistency: a signal's expectation stated for the property \(label)")
    }
  }

  private static func checkSignal(
    _ label: String, occurrences: [SpecJournal.Occurrence], stated: ExpectationRecorder.Stated?
  ) -> String? {
    let indent = "      "
    let actual = occurrences.map(\.description)
    let expected: [String]
    switch stated {
    case nil:
      guard !occurrences.isEmpty else { return nil }
      return "\(label) sent \(actual.joined(separator: ", ")), and the step does not say so"
    case .sent(let values)?:
      let sentOnlyValues = occurrences.allSatisfy { $0.value != nil }
      if sentOnlyValues, values.count == occurrences.count,
        zip(values, occurrences).allSatisfy({ SpecValues.same($0, $1.value!) })
      {
        return nil
      }
      expected = values.map(SpecValues.describe)
    case .events(let events)?:
      if events == actual { return nil }
      expected = events
    case .value?, .values?:
      preconditionFailure("Internal inconsistency: a property's expectation stated for the signal \(label)")
    }
    if actual.isEmpty {
      return "\(label) sent nothing, but the step says it sends \(expected.joined(separator: ", "))"
    }
    return "\(label) sent other events than the step says (- stated, + actual):\n"
      + SpecValues.lineDiff(expected, actual, indent: indent)
  }

  // MARK: The timeline

  /// Every output over the spec, as a table of marbles: one row per output, one column per step and per tick
  /// that the clock moved through in a step, each value a letter listed under the table (`-`: nothing sent).
  /// Printed with every failure; print it to see what the view model did.
  public var timeline: String { renderTimeline(marking: nil) }

  private func renderTimeline(marking failing: Int?) -> String {
    SpecTimeline(journal: journal, title: "\(ViewModel.self)", failingStep: failing).render()
  }
}

/// How much each step of a ``ViewModelSpec`` must state.
public struct Exhaustivity: Sendable, Equatable {
  let checksEverything: Bool
  let listsSkipped: Bool

  /// Every output that changes must be stated: the default.
  public static let exhaustive = Exhaustivity(checksEverything: true, listsSkipped: false)
  /// Only what a step states is checked; other changes pass unsaid.
  public static let partial = Exhaustivity(checksEverything: false, listsSkipped: false)

  /// Only what a step states is checked; with `listingSkipped`, the changes it did not state are listed (a
  /// known issue under Swift Testing; standard output otherwise), as TCA's `.off(showSkippedAssertions: true)`.
  public static func partial(listingSkipped: Bool) -> Exhaustivity {
    Exhaustivity(checksEverything: false, listsSkipped: listingSkipped)
  }
}

/// Work a ``ViewModelSpec`` may leave unfinished when it ends: see
/// ``ViewModelSpec/finish(allowing:fileID:filePath:line:column:)``.
public struct UnfinishedWork: OptionSet, Sendable {
  /// The set's bits: one per kind of work.
  public let rawValue: Int

  /// Makes the set from its raw value.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Actions still scheduled on the spec's ``TestScheduler``: a timer, a request that has not answered.
  public static let scheduledWork = UnfinishedWork(rawValue: 1)
  /// Commands still executing.
  public static let executingCommands = UnfinishedWork(rawValue: 2)
}
