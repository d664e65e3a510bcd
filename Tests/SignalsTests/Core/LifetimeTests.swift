import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct LifetimeTests {
  @Test func releasingOrDisposingTheTokenEndsTheLifetime() {
    let lifetime: Lifetime
    var ended = false
    do {
      let (made, token) = Lifetime.make()
      lifetime = made
      lifetime.observeEnded { ended = true }
      #expect(!lifetime.hasEnded)
      _ = token
    }
    #expect(lifetime.hasEnded)
    #expect(ended)
    let (early, token) = Lifetime.make()
    token.dispose()
    #expect(early.hasEnded)
  }

  @Test func observeEndedRunsOnceAndCanBeCancelled() {
    let (lifetime, token) = Lifetime.make()
    var runs = 0
    var cancelledRuns = 0
    lifetime.observeEnded { runs += 1 }
    let cancellation = lifetime.observeEnded { cancelledRuns += 1 }
    cancellation?.dispose()
    token.dispose()
    token.dispose()
    #expect(runs == 1)
    #expect(cancelledRuns == 0)
  }

  @Test func observeEndedAfterTheEndRunsAtOnceAndReturnsNil() {
    let (lifetime, token) = Lifetime.make()
    token.dispose()
    var ran = false
    #expect(lifetime.observeEnded { ran = true } == nil)
    #expect(ran)
  }

  @Test func plusEqualsDisposesWhenTheLifetimeEnds() {
    let (lifetime, token) = Lifetime.make()
    let disposable = AnyDisposable()
    lifetime += disposable
    #expect(!disposable.isDisposed)
    token.dispose()
    #expect(disposable.isDisposed)
    let late = AnyDisposable()
    lifetime += late
    #expect(late.isDisposed)
  }

  @Test func endedSignalCompletesWhenTheLifetimeEnds() {
    let (lifetime, token) = Lifetime.make()
    let recorder = TestRecorder(lifetime.ended)
    #expect(recorder.events.isEmpty)
    token.dispose()
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func endedSignalOfAnEndedLifetimeInterruptsAtOnce() {
    let recorder = TestRecorder(Lifetime.empty.ended)
    #expect(recorder.disposable == nil)
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func endedIsOneSignalPerLifetime() {
    let (lifetime, token) = Lifetime.make()
    let first = lifetime.ended
    #expect(lifetime.ended === first)
    #expect(Lifetime.make().lifetime.ended !== first)
    let recorders = (0..<3).map { _ in TestRecorder(lifetime.ended) }
    token.dispose()
    #expect(lifetime.ended === first)
    #expect(recorders.map(\.descriptions) == Array(repeating: ["completed"], count: 3))
    #expect(Lifetime.empty.ended === Lifetime.empty.ended)
  }

  @Test func readingEndedAgainAddsNothingToTheLifetime() {
    let (lifetime, token) = Lifetime.make()
    let members = { lifetime.disposables.memberCount }
    _ = lifetime.ended
    let afterFirstRead = members()
    for _ in 0..<100 { _ = lifetime.ended }
    #expect(members() == afterFirstRead)
    #expect(afterFirstRead == 1)
    _ = token
  }

  @Test func emptyLifetimeHasEnded() {
    #expect(Lifetime.empty.hasEnded)
    let disposable = AnyDisposable()
    Lifetime.empty += disposable
    #expect(disposable.isDisposed)
  }

  @Test func lifetimeOverACompositeEndsWhenItIsDisposed() {
    let composite = CompositeDisposable()
    let lifetime = Lifetime(composite)
    #expect(!lifetime.hasEnded)
    composite.dispose()
    #expect(lifetime.hasEnded)
  }
}
