import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Contracts §16: a `PropertyProtocol` type of your own composes like a `MutableProperty`. The graph feeds a
/// source from its `producer` and keeps that source fed while anything is computed from it.
@Suite(.watchingThePool) struct ForeignPropertyTests {
  /// A property type of one's own, forwarding to a `MutableProperty` it holds (RxSwift's `ActivityIndicator`
  /// ported to Signals looks like this).
  final class Custom: PropertyProtocol, Sendable {
    let inner: MutableProperty<Int>

    init(_ value: Int) { inner = MutableProperty(value) }

    var value: Int { inner.value }
    var producer: SignalProducer<Int, Never> { inner.producer }
    var signal: Signal<Int, Never> { inner.signal }
  }

  @Test func mapFollowsIt() {
    let custom = Custom(0)
    let mapped = custom.map { $0 * 10 }
    let recorder = TestRecorder(mapped.signal)
    custom.inner.value = 5
    #expect(mapped.value == 50)
    #expect(recorder.values == [50])
  }

  @Test func combineLatestFollowsIt() {
    let custom = Custom(0)
    let other = MutableProperty(100)
    let sum = Property.combineLatest(custom, other) { $0 + $1 }
    custom.inner.value = 5
    #expect(sum.value == 105)
    other.value = 200
    #expect(sum.value == 205)
  }

  @Test func theListFormOfCombineLatestFollowsIt() {
    let customs = [Custom(1), Custom(2)]
    let all = Property.combineLatest(customs)
    customs[1].inner.value = 20
    #expect(all.value == [1, 20])
  }

  @Test func skipRepeatsFollowsIt() {
    let custom = Custom(0)
    let distinct = custom.skipRepeats()
    let recorder = TestRecorder(distinct.signal)
    custom.inner.value = 1
    custom.inner.value = 1
    custom.inner.value = 2
    #expect(recorder.values == [1, 2])
  }

  @Test func flatMapLatestFollowsItAsTheInnerProperty() {
    let custom = Custom(0)
    let other = MutableProperty(false)
    let chosen = other.flatMap(.latest) { _ in custom }
    let recorder = TestRecorder(chosen.signal)
    custom.inner.value = 5
    #expect(chosen.value == 5)
    #expect(recorder.values == [5])
  }

  @Test func flatMapLatestFollowsItAsTheOuterProperty() {
    let custom = Custom(0)
    let small = MutableProperty("small")
    let large = MutableProperty("large")
    let chosen = custom.flatMap(.latest) { $0 >= 10 ? large : small }
    custom.inner.value = 10
    #expect(chosen.value == "large")
    large.value = "LARGE"
    #expect(chosen.value == "LARGE")
  }

  @Test func aBindingFromItFollowsIt() {
    let custom = Custom(0)
    let label = MutableProperty(-1)
    label <~ custom.map { $0 + 1 }
    custom.inner.value = 41
    #expect(label.value == 42)
  }

  @Test func whatIsComputedFromItIsFreedWithIt() {
    weak var weakMapped: Property<Int>?
    weak var weakCustom: Custom?
    do {
      let custom = Custom(0)
      weakCustom = custom
      let mapped = custom.map { $0 + 1 }
      weakMapped = mapped
      custom.inner.value = 1
      #expect(mapped.value == 2)
    }
    #expect(weakMapped == nil)
    #expect(weakCustom == nil)
  }
}
