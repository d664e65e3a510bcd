import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// The spec of ViewModelSpec: each failure planted in a small view model, its message and line asserted.

/// A view model whose outputs are `Equatable`: a counter with a synchronous command, a command that waits for
/// the scheduler, and a signal.
final class CounterViewModel {
  let count = MutableProperty(0)
  let label: Property<String>
  let increment: Command<Void, Int, Never>
  let load: Command<Void, Int, Never>
  let milestones: Signal<String, Never>

  /// Not an output: a new property at every read.
  var doubled: Property<Int> { count.map { $0 * 2 } }

  init(scheduler: TestScheduler) {
    let count = self.count
    label = count.map { "\($0) taps" }
    increment = Command { (_: Void) -> Int in
      count.value += 1
      return count.value
    }
    load = Command { (_: Void) in SignalProducer(value: 10).delay(.seconds(2), on: scheduler) }
    milestones = count.signal.filter { $0 % 2 == 0 }.map { "\($0) is even" }
  }
}

/// A badge that is not `Equatable`: the spec compares it by its description.
struct Badge {
  var text: String
  var count: Int
}

/// A view model whose outputs are not `Equatable`.
final class BadgeViewModel {
  let badge = MutableProperty(Badge(text: "new", count: 0))
  let history = MutableProperty<[Badge]>([])
  let shown: Signal<Badge, Never>
  private let shownInput: Signal<Badge, Never>.Observer

  init() {
    (shown, shownInput) = Signal<Badge, Never>.pipe()
  }

  func show() {
    badge.value.count += 1
    history.value.append(badge.value)
    shownInput.send(value: badge.value)
  }
}

@Suite(.watchingThePool) struct ViewModelSpecTests {
  @Test func findsEveryOutputByItsLabel() {
    let spec = ViewModelSpec(of: CounterViewModel(scheduler: TestScheduler()))
    #expect(
      spec.outputs == [
        "count", "label", "increment.isEnabled", "increment.isExecuting", "increment.values", "increment.errors",
        "load.isEnabled", "load.isExecuting", "load.values", "load.errors", "milestones",
      ])
    spec.finish()
  }

  @Test func aSpecThatStatesEverythingPasses() async throws {
    let issues = try await capturedIssues {
      let scheduler = TestScheduler()
      let viewModel = CounterViewModel(scheduler: scheduler)
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
      spec.step("tap") {
        viewModel.increment.execute()
      } expect: {
        $0.increment.executedOnce()
        $0.increment.values = [1]
        $0.count = 1
        $0.label = "1 taps"
      }
      spec.step("tap again") {
        viewModel.increment.execute()
      } expect: {
        $0.increment.executedOnce()
        $0.increment.values = [2]
        $0.count += 1
        $0.label = "2 taps"
        $0.milestones = ["2 is even"]
      }
      spec.step("load") {
        viewModel.load.execute()
      } expect: {
        $0.load.isExecuting = true
        $0.load.isEnabled = false
      }
      spec.advance(by: .seconds(2)) {
        $0.load.values = [10]
        $0.load.isExecuting = false
        $0.load.isEnabled = true
      }
      // The same count again: the count and its label do not change, but a signal made from the count's
      // `signal`, which sends every value set, sends again.
      spec.step("set the same count") {
        viewModel.count.value = 2
      } expect: {
        $0.milestones = ["2 is even"]
      }
      spec.finish()
    }
    #expect(issues.isEmpty, "\(issues)")
  }

  @Test func aChangeTheStepDoesNotStateFailsAtItsLine() async throws {
    let line = Locked(0)
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel)
      line.withLock { $0 = #line + 1 }
      spec.step("set the count") {
        viewModel.count.value = 1
      } expect: {
        $0.count = 1
      }
    }
    #expect(issues.count == 1)
    let issue = try #require(issues.first)
    #expect(issue.line == line.withLock { $0 })
    #expect(
      issue.message.hasPrefix(
        """
        Step 1, "set the count": 1 output is not as the step says:
          ✗ label changed, and the step does not say so:
              "0 taps" → "1 taps"

        Timeline of CounterViewModel
        """), "\(issue)")
  }

  @Test func aStatedChangeThatDidNotHappenOrHappenedOtherwiseFails() async throws {
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel)
      spec.step("set the count") {
        viewModel.count.value = 1
      } expect: {
        $0.count = 5
        $0.label = "1 taps"
        $0.milestones = ["0 is even"]
      }
      spec.step("do nothing") {
      } expect: {
        $0.label = "1 taps"
      }
    }
    #expect(issues.count == 2, "\(issues)")
    #expect(
      issues.first?.message.contains(
        """
          ✗ count became another value than the step says (- stated, + actual):
              - 5
              + 1
          ✗ milestones sent nothing, but the step says it sends "0 is even"
        """) == true, "\(issues)")
    #expect(
      issues.last?.message.contains(
        "✗ label did not change (it is \"1 taps\"), but the step says it becomes \"1 taps\"")
        == true, "\(issues)")
  }

  @Test func aPropertyThatChangesTwiceMustStateEachValue() async throws {
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel)
      spec.step("count to two") {
        viewModel.count.value = 1
        viewModel.count.value = 2
      } expect: {
        $0.count = 2  // states only the last value
        $0.changes(of: \.label, ["1 taps", "2 taps"])
        $0.milestones = ["2 is even"]
      }
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(
      issues.first?.message.contains(
        """
          ✗ count changed 2 times, and the step states only the last value:
              0 → 1 → 2
              state each value with $0.changes(of: \\.count, [...])
        """) == true, "\(issues)")
  }

  @Test func aSignalsValuesAreStatedInOrder() async throws {
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel)
      spec.step("count to four") {
        viewModel.count.value = 2
        viewModel.count.value = 4
      } expect: {
        $0.changes(of: \.count, [2, 4])
        $0.changes(of: \.label, ["2 taps", "4 taps"])
        $0.milestones = ["4 is even", "2 is even"]
      }
      spec.step("count to six") {
        viewModel.count.value = 6
      } expect: {
        $0.count = 6
        $0.label = "6 taps"
      }
    }
    #expect(issues.count == 2, "\(issues)")
    #expect(
      issues.first?.message.contains(
        """
          ✗ milestones sent other events than the step says (- stated, + actual):
              - "4 is even"
                "2 is even"
              + "4 is even"
        """) == true, "\(issues)")
    #expect(
      issues.last?.message.contains("✗ milestones sent \"6 is even\", and the step does not say so") == true,
      "\(issues)")
  }

  @Test func pendingWorkAndACommandInFlightFailTheEndUnlessAllowed() async throws {
    let line = Locked(0)
    let issues = try await capturedIssues {
      let scheduler = TestScheduler()
      let viewModel = CounterViewModel(scheduler: scheduler)
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
      spec.step("load") {
        viewModel.load.execute()
      } expect: {
        $0.load.isExecuting = true
        $0.load.isEnabled = false
      }
      line.withLock { $0 = #line + 1 }
      spec.finish()
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.line == line.withLock { $0 })
    #expect(
      issues.first?.message.hasPrefix(
        """
        The spec of CounterViewModel ends with work unfinished:
          ✗ the scheduler has 2 actions still scheduled
          ✗ load is still executing
        Step the clock until it is done (spec.run()), or say that the spec may end so: \
        spec.finish(allowing: [.scheduledWork, .executingCommands]).
        """) == true, "\(issues)")

    let allowed = try await capturedIssues {
      let scheduler = TestScheduler()
      let viewModel = CounterViewModel(scheduler: scheduler)
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
      spec.step("load") {
        viewModel.load.execute()
      } expect: {
        $0.load.isExecuting = true
        $0.load.isEnabled = false
      }
      spec.finish(allowing: [.scheduledWork, .executingCommands])
    }
    #expect(allowed.isEmpty, "\(allowed)")
  }

  @Test func aSpecReleasedWithoutFinishingChecksTheEndAtTheLineThatMadeIt() async throws {
    let line = Locked(0)
    let issues = try await capturedIssues {
      let scheduler = TestScheduler()
      let viewModel = CounterViewModel(scheduler: scheduler)
      line.withLock { $0 = #line + 1 }
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler, exhaustivity: .partial)
      spec.step("load") { viewModel.load.execute() }
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.line == line.withLock { $0 })
    #expect(issues.first?.message.contains("✗ load is still executing") == true, "\(issues)")
  }

  @Test func nonEquatableOutputsCompareByTheirDescriptions() async throws {
    let issues = try await capturedIssues {
      let viewModel = BadgeViewModel()
      let spec = ViewModelSpec(of: viewModel)
      spec.step("show") {
        viewModel.show()
      } expect: {
        $0.badge = Badge(text: "new", count: 1)
        $0.history = [Badge(text: "new", count: 1)]
        $0.shown = [Badge(text: "new", count: 1)]
      }
      spec.step("show again") {
        viewModel.show()
      } expect: {
        $0.badge = Badge(text: "new", count: 2)
        $0.history = [Badge(text: "new", count: 1), Badge(text: "old", count: 2)]
      }
    }
    #expect(issues.count == 1, "\(issues)")
    let message = try #require(issues.first?.message)
    // A collection too long for one line is compared as `dump` shows it, line by line.
    #expect(
      message.contains(
        """
          ✗ history became another value than the step says (- stated, + actual):
                ▿ 2 elements
                  ▿ SignalsTests.Badge
                    - text: "new"
                    - count: 1
                  ▿ SignalsTests.Badge
              -     - text: "old"
              +     - text: "new"
                    - count: 2
          ✗ shown sent Badge(text: "new", count: 2), and the step does not say so
        """), "\(message)")
  }

  @Test func aPartialSpecChecksOnlyWhatItStatesAndCanListTheRest() async throws {
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel, exhaustivity: .partial)
      spec.step("count to two") {
        viewModel.count.value = 2
      } expect: {
        $0.label = "2 taps"
      }
      #expect(
        spec.skippedChanges == [
          "step 1 \"count to two\": count: 0 → 2", "step 1 \"count to two\": milestones sent \"2 is even\"",
        ])
      spec.step("count to three") {
        viewModel.count.value = 3
      } expect: {
        $0.label = "4 taps"  // still checked
      }
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.message.contains("✗ label became another value than the step says") == true, "\(issues)")
  }

  @Test func aPartialSpecThatListsWhatItSkippedDoesNotFail() async throws {
    // The listing is a known issue, captured here so that the suite's log shows no known-issue text (CI reads it).
    let skipped = Locked<[String]>([])
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel, exhaustivity: .partial(listingSkipped: true))
      spec.step("count to one") {
        viewModel.count.value = 1
      } expect: {
        $0.count = 1
      }
      spec.finish()
      skipped.withLock { $0 = spec.skippedChanges }
    }
    #expect(skipped.withLock { $0 } == ["step 1 \"count to one\": label: \"0 taps\" → \"1 taps\""])
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.message.contains("label: \"0 taps\" → \"1 taps\"") == true, "\(issues)")
  }

  @Test func namingSomethingThatIsNotAnOutputFails() async throws {
    let issues = try await capturedIssues {
      let viewModel = CounterViewModel(scheduler: TestScheduler())
      let spec = ViewModelSpec(of: viewModel)
      spec.step("nothing") {
      } expect: {
        $0.doubled = 2
      }
    }
    #expect(issues.count == 1, "\(issues)")
    // A computed property has no name in its key path: Swift describes it by its type.
    #expect(issues.first?.message.contains("✗ \\CounterViewModel.<computed") == true, "\(issues)")
    #expect(issues.first?.message.contains("(Property<Int>)> is not an output the spec found") == true, "\(issues)")
  }

  @Test func theTimelineShowsEveryOutputOverEveryStepAndTick() {
    let scheduler = TestScheduler()
    let viewModel = CounterViewModel(scheduler: scheduler)
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler, ignoring: ["increment"])
    let lines = (count: #line + 1, load: #line + 9, advance: #line + 15)
    spec.step("count to two") {
      viewModel.count.value = 1
      viewModel.count.value = 2
    } expect: {
      $0.changes(of: \.count, [1, 2])
      $0.changes(of: \.label, ["1 taps", "2 taps"])
      $0.milestones = ["2 is even"]
    }
    spec.step("load") {
      viewModel.load.execute()
    } expect: {
      $0.load.isExecuting = true
      $0.load.isEnabled = false
    }
    spec.advance(by: .seconds(3)) {
      $0.load.values = [10]
      $0.load.isExecuting = false
      $0.load.isEnabled = true
    }
    spec.finish()
    #expect(
      spec.timeline == """
        Timeline of CounterViewModel (a column per step, and per tick the clock moved through in a step; - nothing sent):
          step              0  1     2  3
          tick              0  0     0  0  2
          count             a  (bc)  -  -  -
          label             a  (bc)  -  -  -
          load.isEnabled    a  -     b  -  a
          load.isExecuting  a  -     b  -  a
          load.values       -  -     -  -  a
          load.errors       -  -     -  -  -
          milestones        -  a     -  -  -
        Steps:
          0  the view model as the spec found it
          1  count to two (ViewModelSpecTests.swift:\(lines.count))
          2  load (ViewModelSpecTests.swift:\(lines.load))
          3  advance(by: 3.0 seconds) (ViewModelSpecTests.swift:\(lines.advance))
        Values:
          count             a 0  b 1  c 2
          label             a "0 taps"  b "1 taps"  c "2 taps"
          load.isEnabled    a true  b false
          load.isExecuting  a false  b true
          load.values       a 10
          milestones        a "2 is even"
        """, "\(spec.timeline)")
  }
}

/// A view model on the main actor, with async work.
@MainActor final class GreetingViewModel {
  let name = MutableProperty("")
  let greeting: Property<String>

  init() {
    greeting = name.map { $0.isEmpty ? "Hello" : "Hello, \($0)" }
  }

  func loadName() async {
    await Task.yield()
    name.value = "Zhuo"
  }
}

@Suite(.watchingThePool) struct ViewModelSpecOnTheMainActorTests {
  @MainActor @Test func aMainActorViewModelIsSpecifiedOnTheMainActor() async {
    let viewModel = GreetingViewModel()
    let spec = ViewModelSpec(of: viewModel)
    await spec.awaiting("load the name") {
      await viewModel.loadName()
    } expect: {
      $0.name = "Zhuo"
      $0.greeting = "Hello, Zhuo"
    }
    spec.step("clear") {
      viewModel.name.value = ""
    } expect: {
      $0.name = ""
      $0.greeting = "Hello"
    }
    spec.finish()
  }
}

/// A spec beside the other tools: inputs from a hot marble, a recorder of one output, the timeline's ticks in
/// the scheduler's own (100 ms here).
@Suite(.watchingThePool) struct ViewModelSpecWithMarblesTests {
  @Test func theSearchScreenTypedFromAMarbleAndRecordedToo() {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let api = FakeSearchAPI(scheduler: scheduler)
    let viewModel = SearchViewModel(api: api, scheduler: scheduler)
    viewModel.query <~ scheduler.hotSignal("-abc-------", values: ["a": "s", "b": "sw", "c": "swi"])
    let results = TestRecorder(viewModel.results.signal, scheduler: scheduler)
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)

    spec.advance(by: .seconds(1)) {
      $0.changes(of: \.query, ["s", "sw", "swi"])
      $0.results = ["swi 1", "swi 2"]
    }
    spec.finish()

    results.expect(marble: "--------r", values: ["r": ["swi 1", "swi 2"]])
    #expect(spec.timeline.contains("  query    a  -  b  c  d  -\n"), "\(spec.timeline)")
    #expect(spec.timeline.contains("  results  a  -  -  -  -  b\n"), "\(spec.timeline)")
    #expect(spec.timeline.contains("  tick     0  0  1  2  3  8\n"), "\(spec.timeline)")
  }
}
