import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// A derived signal with no handle and one observer is *sealed*: its values go straight to that observer,
/// without its lock (`SignalCore.sealIfAlone`). These specs pin when a core seals, and that a sealed core
/// keeps every contract an unsealed one has: what it delivers, what disposal stops, what the end releases.
@Suite(.watchingThePool) struct SealedCoreTests {
  @Test func aDerivedSignalSealsWhenItsHandleGoesAndItHasOneObserver() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let core: SignalCore<Int, Never>
    var values: [Int] = []
    do {
      let mapped = signal.map { $0 * 10 }
      core = mapped.core
      mapped.observeValues { values.append($0) }
      #expect(!core.isSealedNow)  // the handle is alive: someone may still observe
    }
    #expect(core.isSealedNow)
    input.send(value: 1)
    input.send(value: 2)
    #expect(values == [10, 20])
  }

  @Test func aDerivedSignalWithTwoObserversSealsWhenOneLeaves() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let core: SignalCore<Int, Never>
    var first: [Int] = []
    var second: [Int] = []
    let firstDisposable: (any Disposable)?
    do {
      let mapped = signal.map { $0 + 1 }
      core = mapped.core
      firstDisposable = mapped.observeValues { first.append($0) }
      mapped.observeValues { second.append($0) }
    }
    #expect(!core.isSealedNow)
    input.send(value: 1)
    firstDisposable?.dispose()
    #expect(core.isSealedNow)
    input.send(value: 2)
    #expect(first == [2])
    #expect(second == [2, 3])
  }

  @Test func aSealedChainDeliversWhatAnUnsealedOneDelivers() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let kept = signal.map { $0 * 3 }.filter { $0 % 2 == 0 }.compactMap { $0 > 10 ? "\($0)" : nil }
    let unsealed = TestRecorder(kept)
    let sealed = TestRecorder(signal.map { $0 * 3 }.filter { $0 % 2 == 0 }.compactMap { $0 > 10 ? "\($0)" : nil })
    for value in 0..<10 { input.send(value: value) }
    input.send(error: .boom)
    #expect(sealed.descriptions == ["12", "18", "24", "failed(boom)"])
    #expect(sealed.descriptions == unsealed.descriptions)
    withExtendedLifetime(kept) {}
  }

  @Test func anObserverDisposedDuringADeliveryOfASealedChainReceivesNothingMore() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    var chain: (any Disposable)?
    signal.observeValues { value in if value == 1 { chain?.dispose() } }
    chain = signal.map { $0 }.filter { _ in true }.observeValues { received.append($0) }
    input.send(value: 0)
    input.send(value: 1)
    input.send(value: 2)
    #expect(received == [0])
  }

  @Test func aSealedSignalsEndReleasesItsObserverThoughItsDisposableIsKept() {
    var canaryAlive = true
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable: (any Disposable)?
    do {
      let canary = Canary { canaryAlive = false }
      disposable = signal.map { $0 }.observeValues { _ in _ = canary }
    }
    input.send(value: 1)
    #expect(canaryAlive)
    input.sendCompleted()
    #expect(!canaryAlive)
    _ = disposable
  }

  @Test func aDisposedSealedChainFreesEveryClosureAndCore() {
    var aliveCanaries = 3
    let (signal, input) = Signal<Int, Never>.pipe()
    var cores: [Weak<SignalCore<Int, Never>>] = []
    let disposable: (any Disposable)?
    do {
      let (first, second, third) = (
        Canary { aliveCanaries -= 1 }, Canary { aliveCanaries -= 1 }, Canary { aliveCanaries -= 1 }
      )
      let mapped = signal.map { value -> Int in
        _ = first
        return value
      }
      let filtered = mapped.filter { _ in
        _ = second
        return true
      }
      cores = [Weak(mapped.core), Weak(filtered.core)]
      disposable = filtered.observeValues { _ in _ = third }
    }
    input.send(value: 1)
    #expect(aliveCanaries == 3)
    disposable?.dispose()
    // The sealed `map` core keeps its copy of the `filter` core's entry until it is freed itself; the
    // `filter` core let go of the `map` core when it detached, so no cycle keeps them.
    #expect(aliveCanaries == 0)
    #expect(cores.allSatisfy { $0.object == nil })
    withExtendedLifetime(input) {}
  }

  @Test func aSealedCoreIsUnsealedByItsTerminalEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let core: SignalCore<Int, Never>
    do {
      let mapped = signal.map { $0 }
      core = mapped.core
      mapped.observeValues { _ in }
    }
    #expect(core.isSealedNow)
    input.sendCompleted()
    #expect(!core.isSealedNow)
    #expect(core.hasTerminated)
  }
}
