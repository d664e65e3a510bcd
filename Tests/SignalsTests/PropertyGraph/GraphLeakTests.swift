import Testing

@testable import Signals

/// Contracts §8 and §16: a derived part of the graph stays attached to its sources while a handle, a `signal`,
/// a `producer`, an observer or a dependent of its own is alive; once all are gone it detaches and is freed,
/// closures included, even though its sources live on.
@Suite struct GraphLeakTests {
  /// A diamond over `source` whose closures hold canaries; returns the weak handles and a count of the
  /// closures alive.
  final class Diamond {
    let alive = Locked(0)
    let calls = Locked(0)
    weak var left: Property<Int>?
    weak var result: Property<String>?

    func build(on source: MutableProperty<Int>) -> Property<String> {
      let canaries = (0..<3).map { _ in
        alive.withLock { $0 += 1 }
        return Canary { [alive] in alive.withLock { $0 -= 1 } }
      }
      let calls = self.calls
      let left = source.map { value -> Int in
        _ = canaries[0]
        calls.withLock { $0 += 1 }
        return value + 1
      }
      let right = source.map { value -> Int in
        _ = canaries[1]
        calls.withLock { $0 += 1 }
        return value * 10
      }
      let result = Property.combineLatest(left, right) { l, r -> String in
        _ = canaries[2]
        calls.withLock { $0 += 1 }
        return "\(l)/\(r)"
      }
      self.left = left
      self.result = result
      return result
    }
  }

  @Test func aDiamondIsFreedWhenItsLastObserverIsDisposed() {
    let source = MutableProperty(1)
    let diamond = Diamond()
    var disposable: (any Disposable)?
    do {
      let result = diamond.build(on: source)
      disposable = result.signal.observeValues { _ in }
    }
    diamond.calls.withLock { $0 = 0 }
    source.value = 2
    // Still observed: the handles are gone, but the closures live and run once each per change.
    #expect(diamond.alive.withLock { $0 } == 3)
    #expect(diamond.calls.withLock { $0 } == 3)
    disposable?.dispose()
    #expect(diamond.result == nil)
    #expect(diamond.left == nil)
    #expect(diamond.alive.withLock { $0 } == 0)
    #expect(source.graphCore.node.dependents.isEmpty)
    diamond.calls.withLock { $0 = 0 }
    source.value = 3
    #expect(diamond.calls.withLock { $0 } == 0)  // nothing is computed for a freed graph
  }

  @Test func aDiamondNobodyObservesIsFreedWithItsLastHandle() {
    let source = MutableProperty(1)
    let diamond = Diamond()
    do {
      let result = diamond.build(on: source)
      source.value = 2
      #expect(result.value == "3/20")
    }
    #expect(diamond.result == nil)
    #expect(diamond.alive.withLock { $0 } == 0)
    #expect(source.graphCore.node.dependents.isEmpty)
  }

  @Test func aBindingFromADiamondEndsWithItsTargetAndFreesTheDiamond() {
    let source = MutableProperty(1)
    let diamond = Diamond()
    weak var weakLabel: MutableProperty<String>?
    do {
      let label = MutableProperty("")
      weakLabel = label
      label <~ diamond.build(on: source)
      source.value = 2
      #expect(label.value == "3/20")
    }
    #expect(weakLabel == nil)
    #expect(diamond.result == nil)
    #expect(diamond.alive.withLock { $0 } == 0)
    #expect(source.graphCore.node.dependents.isEmpty)
  }

  @Test func aFlatMapLatestGraphIsFreedWithItsInnerPropertiesButNotTheSources() {
    let source = MutableProperty(1)
    let small = MutableProperty("small")
    let large = MutableProperty("large")
    weak var weakChosen: Property<String>?
    let canaryAlive = Locked(true)
    do {
      let canary = Canary { canaryAlive.withLock { $0 = false } }
      let chosen = source.map { $0 >= 10 }.flatMap(.latest) { isLarge -> MutableProperty<String> in
        _ = canary
        return isLarge ? large : small
      }
      weakChosen = chosen
      let recorder = Recorder(chosen.producer)
      source.value = 10
      large.value = "LARGE"
      #expect(recorder.values == ["small", "large", "LARGE"])
      recorder.disposable?.dispose()
    }
    #expect(weakChosen == nil)
    #expect(!canaryAlive.withLock { $0 })
    for core in [small.graphCore, large.graphCore] { #expect(core.node.dependents.isEmpty) }
    #expect(source.graphCore.node.dependents.isEmpty)
    large.value = "still settable"
    #expect(large.value == "still settable")
  }

  @Test func flatMapLatestLetsGoOfItsTransformAndInnerPropertyOnceTheOuterEnds() {
    // A view model's properties go away while a view still observes the result: the outer ends, so no other
    // inner property can ever be chosen. The transform (which holds the candidates) and the current inner
    // property are let go, so the inner one ends once nobody else holds it, and so does the result.
    weak var weakInner: MutableProperty<String>?
    let canaryAlive = Locked(true)
    let recorder: Recorder<String, Never>
    do {
      let outer = MutableProperty(0)
      let inner = MutableProperty("first")
      weakInner = inner
      let canary = Canary { canaryAlive.withLock { $0 = false } }
      recorder = Recorder(
        outer.flatMap(.latest) { _ -> MutableProperty<String> in
          _ = canary
          return inner
        }.signal)
      inner.value = "second"
    }
    #expect(weakInner == nil)
    #expect(!canaryAlive.withLock { $0 })
    #expect(recorder.descriptions == ["second", "completed"])
  }

  @Test func aGraphReadInsideATransactionIsFreedAfterIt() {
    let source = MutableProperty(1)
    let diamond = Diamond()
    withTransaction {
      source.value = 5
      let result = diamond.build(on: source)
      #expect(result.value == "6/50")
    }
    #expect(diamond.result == nil)
    #expect(diamond.alive.withLock { $0 } == 0)
    #expect(source.graphCore.node.dependents.isEmpty)
    #expect(source.value == 5)
  }

  @Test func aSourceReleasedWhileItsDiamondIsObservedEndsTheDiamondAndFreesBoth() {
    weak var weakSource: MutableProperty<Int>?
    let diamond = Diamond()
    let recorder: Recorder<String, Never>
    do {
      let source = MutableProperty(1)
      weakSource = source
      recorder = Recorder(diamond.build(on: source).signal)
      source.value = 2
    }
    #expect(weakSource == nil)
    #expect(recorder.descriptions == ["3/20", "completed"])
    #expect(diamond.result == nil)
    #expect(diamond.alive.withLock { $0 } == 0)
  }
}
