import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The four contracts every operator obeys, each checkable on any ``OperatorCase``.
enum Contract {
  /// 1. Nothing after a terminal event, whatever still reaches the operator; the grammar `value* terminal?`.
  static func nothingAfterTheEnd(_ operatorCase: OperatorCase, _ scenario: Scenario) {
    guard scenario != .ownEnding || operatorCase.outcomes[.ownEnding] != nil else { return }
    let rig = Rig()
    let subject = operatorCase.build(rig)
    let probe = Probe()
    let disposable = subject.attach(probe)
    rig.warmUp()
    let expected = operatorCase.end(scenario, rig: rig, subject: subject, disposable: disposable)
    #expect(probe.terminal == expected, "\(probe.events)")
    let delivered = probe.events
    rig.hammer()
    if expected != nil || scenario == .disposal {
      #expect(probe.events == delivered, "delivered after the end")
    }
    #expect(probe.grammarHolds, "\(probe.events)")
    disposable?.dispose()
  }

  /// 1b. The same, when the result is ended reentrantly, from inside the delivery of one of its values, and
  /// every input is hammered from there too. Returns whether the case delivered a value to end it from (not
  /// `collect()`, `reduce`, `take(last:)`, which send only when they end, nor the timer, which cannot be ended).
  @discardableResult
  static func nothingAfterAReentrantEnd(_ operatorCase: OperatorCase) -> Bool {
    guard
      let scenario = [Scenario.interruption, .failure, .completion].first(where: {
        operatorCase.expected($0, isProducer: false) != nil
      })
    else { return false }
    let rig = Rig()
    let subject = operatorCase.build(rig)
    let probe = Probe()
    let disposable = subject.attach(probe)
    rig.warmUp()
    var ended = false
    probe.onNextEvent = {
      ended = true
      _ = operatorCase.end(scenario, rig: rig, subject: subject, disposable: disposable)
      rig.hammer()
    }
    rig.warmUp()
    rig.advance()
    probe.onNextEvent = nil
    guard ended else { return false }
    #expect(probe.terminal != nil, "\(probe.events)")
    #expect(probe.grammarHolds, "\(probe.events)")
    let delivered = probe.events
    rig.hammer()
    #expect(probe.events == delivered, "delivered after the end")
    disposable?.dispose()
    return true
  }

  /// 2. Disposing detaches the result from every input: the pipes lose the observers it attached, and every
  /// start of a cold input is disposed.
  static func disposalDetaches(_ operatorCase: OperatorCase) {
    let rig = Rig()
    let before = rig.observerCount
    var isProducer = false
    do {
      let subject = operatorCase.build(rig)
      isProducer = subject.isProducer
      let disposable = subject.attach(Probe())
      rig.warmUp()
      #expect(rig.inputs.isEmpty || rig.observerCount > before, "not attached to any input")
      disposable?.dispose()
      if isProducer && !operatorCase.detachesWhenReleased {
        #expect(rig.observerCount == before, "a pipe keeps an observer after the start was disposed")
        #expect(rig.openStarts == 0, "an input's start was not disposed with the result's start")
      }
    }
    #expect(rig.observerCount == before, "a pipe keeps an observer after the result was released")
    #expect(rig.openStarts == 0, "an input's start was not disposed")
    if isProducer && rig.hasColdInputs {
      #expect(rig.starts > 0, "no input was started")
    }
  }

  /// 3. Interrupting any input interrupts the result, unless the case states the operator's documented rule.
  static func interruptionPropagates(_ operatorCase: OperatorCase) {
    let inputs = {
      let rig = Rig()
      _ = operatorCase.build(rig)
      return rig.inputs.count
    }()
    for index in 0..<inputs {
      let rig = Rig()
      let subject = operatorCase.build(rig)
      let probe = Probe()
      let disposable = subject.attach(probe)
      rig.warmUp()
      rig.inputs[index].send(.interrupted)
      rig.advance()
      let expected = operatorCase.interruptions[index] ?? "interrupted"
      #expect(probe.terminal == expected, "input \(index): \(probe.events)")
      #expect(probe.grammarHolds, "input \(index): \(probe.events)")
      disposable?.dispose()
    }
  }

  /// 4a. Disposing releases the user closures, the result once nothing references it, and cancels the work the
  /// result had scheduled (values waiting in `delay`, `debounce`, `throttle`, `collect(every:)`, `observe(on:)`).
  static func disposalReleases(_ operatorCase: OperatorCase) {
    let rig = Rig()
    var core: Weak<AnyObject>?
    do {
      let subject = operatorCase.build(rig)
      core = subject.core.map { Weak($0) }
      let disposable = subject.attach(Probe())
      rig.warmUp()
      // Values with time still to run: delayed, debounced, throttled, collected, waiting to be observed.
      for input in rig.inputs where input.warmsUp { input.send(.value) }
      disposable?.dispose()
    }
    #expect(rig.liveCanaries == 0, "a user closure outlived the disposal")
    #expect(core?.object == nil, "the derived signal outlived its last reference")
    #expect(rig.scheduler.scheduledCount == 0, "work is still scheduled after the disposal")
  }

  /// 4b. The end releases the user closures and detaches, even while the result is still referenced; no work
  /// stays scheduled; the result is freed with its last reference.
  static func endReleases(_ operatorCase: OperatorCase, _ scenario: Scenario) {
    guard scenario != .disposal, operatorCase.expected(scenario, isProducer: false) != nil else { return }
    let rig = Rig()
    let probe = Probe()
    var disposable: (any Disposable)?
    var core: Weak<AnyObject>?
    var isProducer = false
    do {
      let subject = operatorCase.build(rig)
      isProducer = subject.isProducer
      core = subject.core.map { Weak($0) }
      disposable = subject.attach(probe)
      rig.warmUp()
      _ = operatorCase.end(scenario, rig: rig, subject: subject, disposable: disposable)
      #expect(probe.terminal != nil, "\(scenario) did not end the result: \(probe.events)")
      if !isProducer {
        #expect(rig.liveCanaries == 0, "a user closure outlived the end of a still referenced result")
        #expect(rig.observerCount == 0, "a pipe keeps an observer after the end of a still referenced result")
      }
    }
    #expect(rig.liveCanaries == 0, "a user closure outlived the end")
    #expect(rig.observerCount == 0, "a pipe keeps an observer after the end")
    #expect(rig.openStarts == 0, "an input's start outlived the end")
    #expect(rig.scheduler.scheduledCount == 0, "work is still scheduled after the end")
    disposable = nil
    #expect(core?.object == nil, "the derived signal outlived its end and its last reference")
  }

  /// 4c. A result nobody observes (or starts) and nobody references is freed, with its closures, and leaves
  /// its inputs as they were.
  static func unobservedReleases(_ operatorCase: OperatorCase) {
    let rig = Rig()
    var core: Weak<AnyObject>?
    do {
      let subject = operatorCase.build(rig)
      core = subject.core.map { Weak($0) }
    }
    rig.warmUp()
    #expect(rig.liveCanaries == 0, "a user closure outlived the unobserved result")
    #expect(core?.object == nil, "the unobserved derived signal outlived its last reference")
    #expect(rig.observerCount == 0, "a pipe keeps an observer of the unobserved result")
    if operatorCase.startsEagerly {
      #expect(rig.openStarts == 0, "the input started as the result was made outlived it")
    } else {
      #expect(rig.starts == 0, "an input was started with nobody observing")
    }
  }

  /// 5. Under concurrency: one thread sends values into every input while, on other threads, the result is
  /// disposed (round 0 mod 3), its first input interrupted (round 1 mod 3), or the result disposed while every
  /// input fails and completes (round 2 mod 3). The grammar holds, an interruption ends the result, nothing
  /// is delivered after the end, and once released nothing is left attached, started or alive.
  static func concurrentEnd(_ operatorCase: OperatorCase, rounds: Int = 12) {
    for round in 0..<rounds {
      let rig = Rig()
      let probe = Probe()
      let mode = round % 3
      do {
        let subject = operatorCase.build(rig)
        let disposable = subject.attach(probe)
        rig.warmUp()
        let inputs = rig.inputs
        concurrently(mode == 2 ? 3 : 2) { thread in
          switch (thread, mode) {
          case (0, _):
            for _ in 0..<20 {
              for input in inputs where input.warmsUp { input.send(.value) }
            }
          case (1, 1):
            inputs.first?.send(.interrupted)
          case (1, _):
            disposable?.dispose()
          default:
            for input in inputs.reversed() { input.send(.failed) }
            for input in inputs.reversed() { input.send(.completed) }
          }
        }
        rig.advance()
        #expect(probe.grammarHolds, "round \(round): \(probe.events)")
        if mode == 1 && !inputs.isEmpty && (operatorCase.interruptions[0] ?? "interrupted") != nil {
          #expect(probe.terminal != nil, "round \(round): \(probe.events)")
        }
        if probe.terminal != nil || mode != 1 {
          let delivered = probe.events
          rig.hammer()
          #expect(probe.events == delivered, "round \(round): delivered after the end")
        }
        disposable?.dispose()
      }
      #expect(rig.observerCount == 0, "round \(round): a pipe keeps an observer")
      #expect(rig.openStarts == 0, "round \(round): an input's start was not disposed")
      #expect(rig.liveCanaries == 0, "round \(round): a user closure outlived the result")
    }
  }
}

/// Contract 1: nothing after a terminal event, and the grammar `value* terminal?`.
@Suite(.watchingThePool) struct TerminalContractTests {
  @Test(arguments: ContractTable.all, Scenario.allCases)
  func nothingIsDeliveredAfterTheEnd(_ operatorCase: OperatorCase, _ scenario: Scenario) {
    Contract.nothingAfterTheEnd(operatorCase, scenario)
  }
}

/// Contract 1b: nothing after a terminal event reached reentrantly.
@Suite(.watchingThePool, .onItsOwnThread) struct ReentrantTerminalContractTests {
  @Test(arguments: ContractTable.all)
  func nothingIsDeliveredAfterAReentrantEnd(_ operatorCase: OperatorCase) {
    Contract.nothingAfterAReentrantEnd(operatorCase)
  }

  /// Only the operators that send nothing before their end (marked so by their case, `sendingOnlyAtItsEnd()`)
  /// and the timer, which no input ends, escape.
  @Test func everyCaseThatSendsBeforeItsEndIsEndedReentrantly() {
    let skipped = ContractTable.all.filter { !Contract.nothingAfterAReentrantEnd($0) }.map(\.name)
    let expected =
      ContractTable.all.filter(\.sendsOnlyAtItsEnd).map(\.name) + ["SignalProducer.timer(interval:on:fileID:line:)"]
    #expect(Set(skipped) == Set(expected), "\(skipped)")
  }
}

/// Contract 2: disposing detaches the result from every input.
@Suite(.watchingThePool) struct DisposalContractTests {
  @Test(arguments: ContractTable.all)
  func disposalDetachesFromEveryInput(_ operatorCase: OperatorCase) {
    Contract.disposalDetaches(operatorCase)
  }
}

/// Contract 3: interrupting an input interrupts the result, unless the operator's documented rule says otherwise.
@Suite(.watchingThePool) struct InterruptionContractTests {
  @Test(arguments: ContractTable.all)
  func interruptingAnInputInterruptsTheResult(_ operatorCase: OperatorCase) {
    Contract.interruptionPropagates(operatorCase)
  }
}

/// Contract 4: nothing leaks, after disposal and after a terminal event.
@Suite(.watchingThePool) struct LeakContractTests {
  @Test(arguments: ContractTable.all)
  func disposalReleasesTheClosuresAndTheResult(_ operatorCase: OperatorCase) {
    Contract.disposalReleases(operatorCase)
  }

  @Test(arguments: ContractTable.all, [Scenario.completion, .failure, .interruption, .ownEnding])
  func theEndReleasesTheClosuresAndTheResult(_ operatorCase: OperatorCase, _ scenario: Scenario) {
    Contract.endReleases(operatorCase, scenario)
  }
}

/// Contract 4c: an unobserved, unreferenced result is freed.
@Suite(.watchingThePool) struct UnobservedLeakContractTests {
  @Test(arguments: ContractTable.all)
  func anUnobservedResultIsFreed(_ operatorCase: OperatorCase) {
    Contract.unobservedReleases(operatorCase)
  }
}

/// Contract 5: the contracts hold when the end races with values sent from another thread.
@Suite(.watchingThePool, .onItsOwnThread) struct ConcurrentContractTests {
  @Test(arguments: ContractTable.all)
  func anEndRacingWithValuesKeepsTheContracts(_ operatorCase: OperatorCase) {
    Contract.concurrentEnd(operatorCase)
  }
}

/// The table covers every public operator, and the contracts catch operators that break them.
@Suite(.watchingThePool, .onItsOwnThread) struct ContractTableTests {
  /// The public operators are read from the sources (``PublicOperators``): one declared without a contract
  /// case, or without its signature in the guide that names its source file, fails this test.
  @Test func everyPublicOperatorHasACaseAndAGuide() throws {
    let operators = try PublicOperators.fromSources()
    let problems = OperatorCoverage.problems(
      operators: operators.declarations, cases: ContractTable.all.map(\.coverage), guides: try OperatorGuide.all())
    #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    // The hand-kept list this replaced named 130 declarations; the reading finds those and the ones it missed.
    #expect(operators.declarations.count >= 130, "\(operators.declarations.count)")
  }

  /// The check, run over the real sources plus a planted operator, names what the operator lacks; members of
  /// nested types and unavailable declarations are not operators.
  @Test func theCoverageCheckCatchesAnOperatorWithoutACaseOrAGuide() throws {
    let planted = PublicOperators.scan(
      """
      extension Signal {
        /// Planted: no contract case, no signature in Skip.md.
        public func planted(every count: Int) -> Signal { skip(first: count) }
        public struct Helper {
          public func callAsFunction() {}
        }
        @available(*, unavailable, renamed: "skip")
        public func gone() {}
      }
      """,
      file: "Operators/Skip.swift")
    #expect(planted.map(\.description) == ["Signal.planted(every:) (Int) (Operators/Skip.swift:3)"])
    let problems = OperatorCoverage.problems(
      operators: try PublicOperators.fromSources().declarations + planted,
      cases: ContractTable.all.map(\.coverage), guides: try OperatorGuide.all())
    #expect(
      problems == [
        "no contract case for Signal.planted(every:) (Int) (Operators/Skip.swift:3)",
        "no signature of planted(every:) in the Swift samples of Skip.md "
          + "(for Signal.planted(every:) (Int) (Operators/Skip.swift:3))",
      ])
  }

  /// An operator with overloads needs a case for each, named by a text of its shape.
  @Test func theCoverageCheckTellsOverloadsApart() {
    let operators = PublicOperators.scan(
      """
      extension Signal {
        public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Failure> { fatalError() }
        public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Failure> { fatalError() }
      }
      """,
      file: "Operators/Map.swift")
    let closureOnly = OperatorCoverage.problems(
      operators: operators, cases: [.init(name: "Signal.map(_:)", overload: "(Value) -> U")], guides: [])
    #expect(closureOnly.contains("no contract case for Signal.map(_:) <U> (KeyPath<Value, U>) (Operators/Map.swift:3)"))
    let vague = OperatorCoverage.problems(
      operators: operators, cases: [.init(name: "Signal.map(_:)", overload: "Value")], guides: [])
    #expect(vague.contains { $0.hasPrefix("the case Signal.map(_:) must pick one of the overloads") }, "\(vague)")
  }

  @Test func caseNamesAreUnique() {
    let names = ContractTable.all.map(\.name)
    #expect(Set(names).count == names.count)
  }

  /// A hand-made operator that swallows interruptions and ignores its lifetime: it never detaches, so it holds
  /// its closure (and the canary in it) for as long as its input lives. Run through the contracts, with
  /// what they report captured by `issues(recordedBy:)`, it shows that they can fail.
  static let broken = OperatorCase("broken") { rig in
    let source = rig.ints().signal
    let canary = rig.canary()
    return .signal(
      Signal<Int, TestError> { observer, _ in
        rig.retain(observer)  // Else releasing the observer would interrupt the result on the operator's behalf.
        _ = source.observe { event in
          keep(canary)
          if case .interrupted = event { return }
          observer.send(event)
        }
      })
  }

  @Test func theContractsCatchAnOperatorThatNeverDetaches() async throws {
    // The broken operator keeps its observer on the input, and holds its closure.
    let detaching = try await issues { Contract.disposalDetaches(Self.broken) }
    #expect(detaching.count == 1)
    #expect(detaching.first?.contains("(rig.observerCount → 1) == (before → 0)") == true, "\(detaching)")
    let releasing = try await issues { Contract.disposalReleases(Self.broken) }
    #expect(releasing.contains { $0.contains("(rig.liveCanaries → 1) == 0") }, "\(releasing)")
  }

  @Test func theContractsCatchAnOperatorThatSwallowsInterruption() async throws {
    // The broken operator neither forwards the interruption nor ends on it.
    let propagating = try await issues { Contract.interruptionPropagates(Self.broken) }
    #expect(propagating.count == 1)
    #expect(propagating.first?.contains("(probe.terminal → nil) == (expected → \"interrupted\")") == true)
    let ending = try await issues { Contract.nothingAfterTheEnd(Self.broken, .interruption) }
    #expect(ending.count == 1)
    #expect(ending.first?.contains("probe.terminal → nil") == true, "\(ending)")
  }
}
