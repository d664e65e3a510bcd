import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// "One call" in a spec (issue 33): a `@MainActor` spec is one turn of the main queue, but its user actions are
/// not one call. SignalsTesting ends a call at each step: each action a `TestScheduler` runs (and each
/// `advance` or `run`), each `TestRecorder` made and each `expect`. Sets with none of these between them are
/// still one call, and counted.
@MainActor @Suite(.watchingThePool) struct SpecCallTests {
  /// A traced `total`, and the changes its trace reported.
  final class Traced: Sendable {
    let price = MutableProperty(10).named("price")
    let nights = MutableProperty(1).named("nights")
    let total: Property<Int>
    let changes = Changes()
    let trace: any Disposable

    final class Changes: Sendable {
      let all = Mutex<[PropertyChange]>([])
    }

    init() {
      total = Property.combineLatest(price, nights) { $0 * $1 }.named("total")
      trace = total.traceChanges { [changes] change in changes.all.withLock { $0.append(change) } }
    }

    var counts: [Int] { changes.all.withLock { $0.map(\.changesInThisCall) } }
    var lastDescription: String { changes.all.withLock { $0.last?.description ?? "" } }

    deinit { trace.dispose() }
  }

  @Test func twoUserActionsWithASchedulerStepBetweenThemAreTwoCalls() {
    let traced = Traced()
    let scheduler = TestScheduler()

    traced.nights.value = 2
    scheduler.advance(ticks: 1)
    traced.price.value = 20

    #expect(traced.counts == [1, 1])
    #expect(!traced.lastDescription.contains("in one call"))
  }

  @Test func eachActionTheSchedulerRunsIsACallOfItsOwn() {
    let traced = Traced()
    let scheduler = TestScheduler()
    _ = scheduler.schedule(after: .seconds(1)) { traced.nights.value = 2 }
    _ = scheduler.schedule(after: .seconds(1)) { traced.nights.value = 3 }

    scheduler.advance(ticks: 1)

    #expect(traced.counts == [1, 1])
  }

  @Test func aRecorderMadeOrAnExpectEndsACall() {
    let traced = Traced()
    traced.nights.value = 2
    let recorder = TestRecorder(traced.total)
    traced.nights.value = 3
    recorder.expect(values: [20, 30])
    traced.price.value = 20

    #expect(traced.counts == [1, 1, 1])
  }

  @Test func threeSetsInOneActionAreStillCountedAsOneCall() {
    let traced = Traced()
    let scheduler = TestScheduler()
    scheduler.advance()

    traced.price.value = 20
    traced.nights.value = 2
    traced.nights.value = 3

    #expect(traced.counts == [1, 2, 3])
    #expect(traced.lastDescription.contains("total changed 3 times in one call"))
  }
}
