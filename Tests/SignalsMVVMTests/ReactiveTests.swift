import Signals
import SignalsMVVM
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct ReactiveTests {
  @Test func keyPathTargetSetsTheProperty() {
    let badge = Badge()
    let unread = MutableProperty(3)
    badge.reactive[\.count] <~ unread
    #expect(badge.count == 3)
    unread.value = 5
    #expect(badge.count == 5)
  }

  @Test func namedTargetRunsItsAction() {
    let badge = Badge()
    let (captions, input) = Signal<String, Never>.pipe()
    badge.reactive.caption <~ captions
    input.send(value: "new")
    #expect(badge.caption == "NEW")
  }

  @Test func everyBindingEndsAtTheMomentTheObjectIsReleased() {
    let counter = EndCounter()
    var badge: Badge? = Badge()
    badge!.reactive.caption <~ counter.producer
    badge!.reactive[\.caption] <~ counter.producer
    #expect(counter.started == 2)
    #expect(counter.ended == 0)
    badge = nil
    #expect(counter.ended == 2)
  }

  @Test func aBindingDoesNotKeepTheObjectAlive() {
    let unread = MutableProperty(1)
    var badge: Badge? = Badge()
    badge!.reactive[\.count] <~ unread
    let weak = Weak(badge!)
    badge = nil
    #expect(weak.object == nil)
    unread.value = 2  // reaches nothing, and does not crash
  }

  @Test func releasingTheObjectDetachesFromTheSourceSignal() {
    let (counts, input) = Signal<Int, Never>.pipe()
    var badge: Badge? = Badge()
    var delivered = 0
    badge!.reactive.makeBindingTarget { (_, _: Int) in delivered += 1 } <~ counts
    input.send(value: 1)
    badge = nil
    input.send(value: 2)
    #expect(delivered == 1)
  }

  @Test func additionsToTheReactiveLifetimeAreDisposedWithTheObject() {
    var badge: Badge? = Badge()
    var ended = false
    badge!.reactive.lifetime.observeEnded { ended = true }
    #expect(!ended)
    badge = nil
    #expect(ended)
  }

  @Test func disposingABindingEarlyStopsIt() {
    let badge = Badge()
    let unread = MutableProperty(1)
    let binding = badge.reactive[\.count] <~ unread
    binding?.dispose()
    unread.value = 9
    #expect(badge.count == 1)
  }
}
