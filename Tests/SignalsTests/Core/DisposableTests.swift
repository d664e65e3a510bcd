import SignalsTestSupport
import Testing

@testable import Signals

@Suite(.watchingThePool) struct DisposableTests {
  // MARK: AnyDisposable

  @Test func anyDisposableRunsItsActionOnce() {
    var runs = 0
    let disposable = AnyDisposable { runs += 1 }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(runs == 1)
    #expect(disposable.isDisposed)
  }

  @Test func anyDisposableReleasesItsActionAfterRunningAndAnEmptyOneRecordsDisposal() {
    var canaryAlive = true
    let disposable: AnyDisposable
    do {
      let canary = Canary { canaryAlive = false }
      disposable = AnyDisposable { _ = canary }
    }
    #expect(canaryAlive)
    disposable.dispose()
    #expect(!canaryAlive)
    let empty = AnyDisposable()
    #expect(!empty.isDisposed)
    empty.dispose()
    #expect(empty.isDisposed)
  }

  // MARK: CompositeDisposable

  @Test func compositeDisposesMembersInTheOrderTheyWereAdded() {
    var order: [Int] = []
    let composite = CompositeDisposable()
    for index in 0..<20 { composite.add { order.append(index) } }
    composite += AnyDisposable { order.append(20) }
    composite += { order.append(21) }
    composite.dispose()
    #expect(order == Array(0...21))
    #expect(composite.isDisposed)
    composite.dispose()
    #expect(order.count == 22)
  }

  @Test func compositeKeepsTheOrderWhenItsOldestMemberIsRemovedOrReAdded() {
    // The oldest member is kept apart from the others (see CompositeDisposable.State): the order must not
    // depend on where a member is kept.
    var order: [String] = []
    let composite = CompositeDisposable()
    let a = AnyDisposable { order.append("a") }
    let b = AnyDisposable { order.append("b") }
    let removal = composite.add(a)
    composite += b
    removal?.dispose()
    composite += AnyDisposable { order.append("c") }
    composite += a  // Back in, after c.
    composite += b  // Already a member: moves to the end, and is disposed once.
    #expect(composite.memberCount == 3)
    composite.dispose()
    #expect(order == ["c", "a", "b"])
  }

  @Test func compositeAddingItsOnlyMemberAgainKeepsOneMember() {
    var disposals = 0
    let composite = CompositeDisposable()
    let only = AnyDisposable { disposals += 1 }
    composite += only
    composite += only
    #expect(composite.memberCount == 1)
    composite.dispose()
    #expect(disposals == 1)
  }

  @Test func compositeInitialisedWithMembersDisposesThem() {
    let members = [AnyDisposable(), AnyDisposable()]
    let composite = CompositeDisposable(members)
    composite.dispose()
    #expect(members.allSatisfy { $0.isDisposed })
  }

  @Test func compositeDisposesAdditionsAfterItWasDisposedAtOnce() {
    let composite = CompositeDisposable()
    composite.dispose()
    let late = AnyDisposable()
    #expect(composite.add(late) == nil)
    #expect(late.isDisposed)
    var ran = false
    #expect(composite.add { ran = true } == nil)
    #expect(ran)
    #expect(composite.add(nil as (any Disposable)?) == nil)
  }

  @Test func compositeRemovalHandleRemovesWithoutDisposing() {
    let composite = CompositeDisposable()
    let kept = AnyDisposable()
    let removed = AnyDisposable()
    composite.add(kept)
    let handle = composite.add(removed)
    handle?.dispose()
    composite.dispose()
    #expect(kept.isDisposed)
    #expect(!removed.isDisposed)
  }

  @Test func compositeRemovalHandleRemovesOnlyOnce() {
    let composite = CompositeDisposable()
    let member = AnyDisposable()
    let handle = composite.add(member)
    #expect(handle?.isDisposed == false)
    handle?.dispose()
    #expect(handle?.isDisposed == true)
    composite.add(member)
    handle?.dispose()
    composite.dispose()
    #expect(member.isDisposed, "the second dispose of the handle did not remove the member added again")
  }

  @Test func compositeRemovalHandleDoesNotKeepTheCompositeAlive() {
    var handle: (any Disposable)?
    let weak: Weak<CompositeDisposable>
    do {
      let composite = CompositeDisposable()
      weak = Weak(composite)
      handle = composite.add(AnyDisposable())
    }
    #expect(weak.object == nil)
    handle?.dispose()
    #expect(handle?.isDisposed == true)
  }

  @Test func compositeMemberThatAddsToTheCompositeWhileDisposingGetsDisposedAtOnce() {
    let composite = CompositeDisposable()
    let late = AnyDisposable()
    composite.add { composite.add(late) }
    composite.dispose()
    #expect(late.isDisposed)
  }

  // MARK: SerialDisposable

  @Test func serialDisposesTheReplacedInner() {
    let first = AnyDisposable()
    let second = AnyDisposable()
    let serial = SerialDisposable(first)
    serial.inner = second
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    serial.inner = second
    #expect(!second.isDisposed)
    serial.dispose()
    #expect(second.isDisposed)
    #expect(serial.isDisposed)
    #expect(serial.inner == nil)
  }

  @Test func serialDisposesInnerSetAfterItWasDisposedAtOnce() {
    let serial = SerialDisposable()
    serial.dispose()
    let late = AnyDisposable()
    serial.inner = late
    #expect(late.isDisposed)
    #expect(serial.inner == nil)
  }

  // MARK: ScopedDisposable

  @Test func scopedDisposesItsInnerWhenReleased() {
    let inner = AnyDisposable()
    do {
      let scoped = ScopedDisposable(inner)
      #expect(!scoped.isDisposed)
    }
    #expect(inner.isDisposed)
  }

  @Test func scopedWrapsAnyDisposableAndDisposesEarlyOnRequest() {
    let inner: any Disposable = SerialDisposable()
    let scoped = ScopedDisposable(inner)
    scoped.dispose()
    #expect(inner.isDisposed)
    #expect(scoped.isDisposed)
  }

  @Test func scopedSubscriptionEndsWithItsOwner() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    do {
      let scoped = ScopedDisposable(signal.observeValues { received.append($0) }!)
      input.send(value: 1)
      _ = scoped
    }
    input.send(value: 2)
    #expect(received == [1])
  }
}
