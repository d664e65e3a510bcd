import Dispatch
import SignalsTestSupport
import Testing

@testable import Signals

@Suite(.watchingThePool, .onItsOwnThread) struct ChannelConcurrencyTests {
  static let threads = 4
  static let perThread = 5_000

  @Test func concurrentSendsIntoBothTerminalsReachTheOtherSideExactlyOnceAndSerially() {
    let channel = Channel<Int>()
    let total = Self.threads * Self.perThread
    let entries = (leading: EntryGuard(), following: EntryGuard())
    let seen = (leading: Locked([Int]()), following: Locked([Int]()))
    channel.leadingTerminal.observeValues { value in
      entries.leading.enter { seen.leading.withLock { $0.append(value) } }
    }
    channel.followingTerminal.observeValues { value in
      entries.following.enter { seen.following.withLock { $0.append(value) } }
    }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      let terminal = thread.isMultiple(of: 2) ? channel.leadingTerminal : channel.followingTerminal
      for offset in 0..<Self.perThread { terminal.send(value: thread * Self.perThread + offset) }
    }
    let sentIntoFollowing = (0..<total).filter { !($0 / Self.perThread).isMultiple(of: 2) }
    let sentIntoLeading = (0..<total).filter { ($0 / Self.perThread).isMultiple(of: 2) }
    #expect(seen.leading.withLock { $0.sorted() } == sentIntoFollowing)
    #expect(seen.following.withLock { $0.sorted() } == sentIntoLeading)
    #expect(entries.leading.maxDepth == 1 && entries.following.maxDepth == 1)
  }

  @Test func aPropertyTerminalNeverDropsAValueSetByAnotherThread() {
    // Echo suppression must only ever skip the terminal's own value: every value another thread sets comes
    // out of the terminal exactly once, and the terminal's own values at most once.
    let property = MutableProperty(-1)
    let terminal = property.channelTerminal
    let seen = Locked([Int]())
    terminal.observeValues { value in seen.withLock { $0.append(value) } }
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<Self.perThread {
        let value = index * 2 + thread  // the terminal sets evens, the property's other setter odds
        if thread == 0 { terminal.send(value: value) } else { property.value = value }
      }
    }
    let values = seen.withLock { $0 }
    let odds = values.filter { $0 > 0 && !$0.isMultiple(of: 2) }
    let evens = values.filter { $0 >= 0 && $0.isMultiple(of: 2) }
    #expect(odds == Array(stride(from: 1, to: Self.perThread * 2, by: 2)))
    #expect(Set(evens).count == evens.count)
  }
}
