import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Contracts §16, "Binding cycles": a change that comes back, through bindings, to a property it already changed
/// is stopped after one trip and reported; nothing hangs.
///
/// `BindingCycle.handler` is global and suites run in parallel, so each spec gives its properties a value type
/// of its own and keeps only the reports that name it.
@Suite(.watchingThePool, .onItsOwnThread, .serialized) struct BindingCycleTests {
  /// Collects the cycles reported for properties of type `Marker`, while `body` runs.
  static func cycles<Marker>(of _: Marker.Type, during body: () -> Void) -> [BindingCycle] {
    let name = "\(Marker.self)"
    _ = installCollectors
    collectors.withLock { $0[name] = [] }
    body()
    return collectors.withLock { $0.removeValue(forKey: name) ?? [] }
  }

  /// The reports collected for each marker whose spec is running. One handler, installed once, files each report
  /// under the marker its path names: suites that collect cycles run in parallel, and a handler swapped in and
  /// back by each of them would drop another's reports.
  private static let collectors = Locked<[String: [BindingCycle]]>([:])
  private static let installCollectors: Void = {
    let previous = BindingCycle.handler
    BindingCycle.handler = { cycle in
      let filed = collectors.withLock { collected in
        guard let name = collected.keys.first(where: { name in cycle.path.contains { $0.contains(name) } }) else {
          return false
        }
        collected[name]?.append(cycle)
        return true
      }
      if !filed { previous(cycle) }
    }
  }()

  struct One: Equatable { var n: Int }

  @Test func aPropertyBoundToItselfIsTheSmallestCycle() {
    let line = #line + 1
    let property = MutableProperty(One(n: 0))
    let recorder = TestRecorder(property.signal)
    let cycles = Self.cycles(of: One.self) {
      property <~ property.producer
      property.value = One(n: 5)
    }
    #expect(property.value == One(n: 5))
    #expect(recorder.values == [One(n: 5)])
    #expect(cycles.count == 2)  // the replay at bind time, then the set
    #expect(cycles.first?.path == ["MutableProperty<One> at BindingCycleTests.swift:\(line)"])
    #expect(cycles.first?.description.contains("binding cycle was stopped") == true)
  }

  struct Two: Equatable { var n: Int }

  @Test func aCycleOfTwoStopsAfterOneTripAndTheUsersSetWins() {
    // The example: b <~ a + 1, a <~ b + 1.
    let a = MutableProperty(Two(n: 0))
    let b = MutableProperty(Two(n: 0))
    let cycles = Self.cycles(of: Two.self) {
      b <~ a.producer.map { Two(n: $0.n + 1) }
      a <~ b.producer.map { Two(n: $0.n + 1) }
      a.value = Two(n: 10)
    }
    #expect(a.value == Two(n: 10))
    #expect(b.value == Two(n: 11))
    #expect(!cycles.isEmpty)
  }

  struct Named: Equatable { var n: Int }

  // Issue 23's planted bug "a cycle of two bindings" (see PlantedBugTests): the report names both properties and
  // the lines that made them.
  @Test func aCycleOfTwoBindingsNamesBothPropertiesAndTheLinesThatMadeThem() {
    let line = #line + 1
    let email = MutableProperty(Named(n: 0)).named("email")
    let login = MutableProperty(Named(n: 0)).named("login")
    let cycles = Self.cycles(of: Named.self) {
      login <~ email
      email <~ login
      email.value = Named(n: 1)
    }
    // Each property with the line that made it: `<~` cannot take its caller's line, the properties' makers can.
    let first = "email: MutableProperty<Named> at BindingCycleTests.swift:\(line)"
    let second = "login: MutableProperty<Named> at BindingCycleTests.swift:\(line + 1)"
    #expect(cycles.last?.path == [first, second, first])
    #expect(cycles.last?.description.contains("\(first) → \(second) → \(first)") == true)
  }

  struct Three: Equatable { var n: Int }

  @Test func aCycleOfThreeStopsWhereItStarted() {
    let line = #line + 1
    let a = MutableProperty(Three(n: 0))
    let b = MutableProperty(Three(n: 0))
    let c = MutableProperty(Three(n: 0))
    let log = TestRecorder(c.signal)
    let cycles = Self.cycles(of: Three.self) {
      b <~ a.signal.map { Three(n: $0.n + 1) }
      c <~ b.signal.map { Three(n: $0.n + 1) }
      a <~ c.signal.map { Three(n: $0.n + 1) }
      a.value = Three(n: 100)
    }
    #expect([a.value.n, b.value.n, c.value.n] == [100, 101, 102])
    #expect(log.values == [Three(n: 102)])
    #expect(cycles.count == 1)
    // Binding targets propagate through the graph, so the report names the whole way: a → b → c → a.
    #expect(
      cycles.first?.path == [0, 1, 2, 0].map { "MutableProperty<Three> at BindingCycleTests.swift:\(line + $0)" })
  }

  struct Graphed: Equatable { var n: Int }

  @Test func aCycleThroughPropertiesOfTheGraphReportsItsPath() {
    // Both properties have a derived property, so their changes go through the graph, and the report can
    // tell the whole way the change went.
    let line = #line + 1
    let a = MutableProperty(Graphed(n: 0))
    let b = MutableProperty(Graphed(n: 0))
    let sum = Property.combineLatest(a, b) { $0.n + $1.n }
    let sums = TestRecorder(sum.signal)
    let cycles = Self.cycles(of: Graphed.self) {
      b <~ a.signal.map { Graphed(n: $0.n + 1) }
      a <~ b.signal.map { Graphed(n: $0.n + 1) }
      a.value = Graphed(n: 1)
    }
    #expect(a.value.n == 1 && b.value.n == 2)
    #expect(sums.values == [1, 3])  // a's change, then b's: each a consistent state
    #expect(
      cycles.map(\.path) == [[0, 1, 0].map { "MutableProperty<Graphed> at BindingCycleTests.swift:\(line + $0)" }])
  }

  struct Echo: Equatable { var text: String }

  @Test func aSetWrittenInAnObserverIsNotABindingAndIsDeliveredAsAlways() {
    // Contracts §4 holds: an observer that sets its own property (normalising input) is delivered after the
    // change in progress; only bindings are stopped.
    let text = MutableProperty(Echo(text: ""))
    text.signal.observeValues { value in
      let trimmed = Echo(text: String(value.text.drop { $0 == " " }))
      if trimmed != value { text.value = trimmed }
    }
    let recorder = TestRecorder(text.signal)
    let cycles = Self.cycles(of: Echo.self) { text.value = Echo(text: "  hi") }
    #expect(text.value == Echo(text: "hi"))
    #expect(recorder.values.map(\.text) == ["  hi", "hi"])
    #expect(cycles.isEmpty)
  }

  struct Chain: Equatable { var n: Int }

  @Test func aBindingChainThatIsNotACycleIsNeverStopped() {
    // a → b → c, and an observer of a setting a again: every set reaches the end of the chain.
    let a = MutableProperty(Chain(n: 0))
    let b = MutableProperty(Chain(n: 0))
    let c = MutableProperty(Chain(n: 0))
    a.signal.observeValues { value in
      if value.n == 1 { a.value = Chain(n: 2) }
    }
    let cycles = Self.cycles(of: Chain.self) {
      b <~ a
      c <~ b.map { Chain(n: $0.n * 10) }
      a.value = Chain(n: 1)
    }
    #expect(c.value == Chain(n: 20))
    #expect(cycles.isEmpty)
  }

  struct Replayed: Equatable { var n: Int }

  @Test func aCycleClosedAtBindTimeThroughADerivedPropertyStops() {
    // `a <~ a.map { … }`: the binding's first value comes from the replay of `a.map`, and the change it makes
    // reaches `a.map` while that replay is still being delivered, so its delivery is queued; it is still known
    // to be caused by the change of `a`, and the binding's set of `a` is stopped.
    let a = MutableProperty(Replayed(n: 0))
    let next = a.map { Replayed(n: $0.n + 1) }
    let cycles = Self.cycles(of: Replayed.self) {
      a <~ next
      #expect(a.value.n == 1 && next.value.n == 2)
      a.value = Replayed(n: 10)
    }
    #expect(a.value.n == 10 && next.value.n == 11)
    #expect(cycles.count == 2)  // the bind, then the set
  }

  struct SelfInGraph: Equatable { var n: Int }

  @Test func aPropertyOfTheGraphBoundToItselfStops() {
    let property = MutableProperty(SelfInGraph(n: 0))
    let doubled = property.map { $0.n * 2 }
    let recorder = TestRecorder(doubled.signal)
    let cycles = Self.cycles(of: SelfInGraph.self) {
      property <~ property.producer
      property.value = SelfInGraph(n: 4)
    }
    #expect(property.value.n == 4 && doubled.value == 8)
    // The bind's set is stopped at once (it is made from inside the property's own replay), then the user's.
    #expect(recorder.values == [8])
    #expect(cycles.count == 2)
  }

  struct Shared: Equatable { var n: Int }

  @Test func aCycleOfTwoThatShareADerivedPropertyStops() {
    let a = MutableProperty(Shared(n: 1))
    let b = MutableProperty(Shared(n: 2))
    let sum = Property.combineLatest(a, b) { $0.n + $1.n }
    let cycles = Self.cycles(of: Shared.self) {
      b <~ a
      a <~ b
      a.value = Shared(n: 7)
    }
    #expect(a.value.n == 7 && b.value.n == 7 && sum.value == 14)
    #expect(!cycles.isEmpty)
  }

  struct Racing: Equatable { var n: Int }

  @Test func aCycleSetFromTwoThreadsStopsAfterOneTripEveryTime() {
    // Binding targets propagate through the graph, which records what caused each change even when another
    // thread propagates it: every set makes exactly one trip, whichever thread it comes from.
    let a = MutableProperty(Racing(n: 0))
    let b = MutableProperty(Racing(n: 0))
    let rounds = 300
    let cycles = Self.cycles(of: Racing.self) {
      b <~ a.producer.map { Racing(n: $0.n + 1) }
      a <~ b.producer.map { Racing(n: $0.n + 1) }
      let finished = stressConcurrently(2, timeout: .seconds(120)) { thread in
        for round in 1...rounds {
          if thread == 0 { a.value = Racing(n: round * 10) } else { b.value = Racing(n: round * 10 + 5) }
        }
      }
      #expect(finished)
    }
    // One report at bind time (b's replay makes `a` change, which comes back), then one per set.
    #expect(cycles.count == 2 * rounds + 1)
    // After the last trip, one property is the other plus one.
    #expect(b.value.n == a.value.n + 1 || a.value.n == b.value.n + 1)
  }

  @Test func theDefaultHandlerPrintsAWarningNamingTheTypes() {
    let cycle = BindingCycle(path: ["MutableProperty<Int>", "MutableProperty<String>", "MutableProperty<Int>"])
    #expect(
      cycle.description
        == "Signals: a binding cycle was stopped: MutableProperty<Int> → MutableProperty<String> → "
        + "MutableProperty<Int>. The last set was not made. If these properties should follow each other, bind "
        + "them two-way (a <~> b); otherwise remove one of the bindings.")
  }

  struct FromHandler: Equatable { var n: Int }

  @Test func aSetMadeInsideTheHandlerIsAChangeOfItsOwnAndIsNotReportedAgain() {
    // The handler logs each cycle into a property of the same view model: that set is your code's, a change
    // of its own made after the change in progress, and it is not part of the stopped cycle.
    let a = MutableProperty(FromHandler(n: 0))
    let b = MutableProperty(FromHandler(n: 0))
    let stoppedCount = MutableProperty(0)
    let counts = TestRecorder(stoppedCount.signal)
    let cycles = Self.cycles(of: FromHandler.self) {
      let previous = BindingCycle.handler
      BindingCycle.handler = { cycle in
        previous(cycle)
        if cycle.path.contains(where: { $0.contains("FromHandler") }) { stoppedCount.modify { $0 += 1 } }
      }
      defer { BindingCycle.handler = previous }
      b <~ a.producer.map { FromHandler(n: $0.n + 1) }
      a <~ b.producer.map { FromHandler(n: $0.n + 1) }
      a.value = FromHandler(n: 10)
    }
    #expect(a.value == FromHandler(n: 10))
    #expect(b.value == FromHandler(n: 11))
    // One report per change that came back: the bind-time trip and the set; the handler's own sets add none.
    #expect(cycles.count == stoppedCount.value)
    #expect(counts.values == Array(1...cycles.count))
  }
}
