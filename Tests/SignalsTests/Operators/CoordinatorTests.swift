import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The hand-off every multi-source operator sends through (`combineLatest`, `zip`, `flatMap`, …): the
/// flusher lets go without the lock when nothing waits, so these specs pin down that nothing queued is ever
/// left behind and that events leave in the order the lock accepted them.
@Suite(.watchingThePool) struct CoordinatorTests {
  /// A coordinator over a counter, sending into a fresh signal; returns it, the signal, and its recorder.
  func makeCoordinator() -> (Coordinator<Int, Int, Int, Never>, Signal<Int, Never>, TestRecorder<Int, Never>) {
    let core = SignalCore<Int, Never>()
    let signal = Signal(core: core)
    return (Coordinator(0, downstream: core), signal, TestRecorder(signal))
  }

  @Test func severalEventsQueuedByOneUpdateAreAllSentInOrder() {
    let (coordinator, signal, received) = makeCoordinator()
    coordinator.update { _, outbox in
      outbox.append(.value(1))
      outbox.append(.value(2))
      outbox.append(.value(3))
    }
    #expect(received.descriptions == ["1", "2", "3"])
    coordinator.update(deciding: { _ in .value(4) })
    #expect(received.descriptions == ["1", "2", "3", "4"])
    withExtendedLifetime(signal) {}
  }

  @Test func updatesFromADownstreamObserverQueueBehindTheEventInFlight() {
    let (coordinator, signal, received) = makeCoordinator()
    signal.observeValues { value in
      guard value < 3 else { return }
      // Reentrant: the flusher is busy with `value`, so these wait for it, in this order.
      coordinator.update(deciding: { _ in .value(value * 10) })
      coordinator.update { _, outbox in outbox.append(.value(value * 10 + 1)) }
    }
    coordinator.update(deciding: { _ in .value(1) })
    coordinator.update(deciding: { _ in .value(2) })
    #expect(received.descriptions == ["1", "10", "11", "2", "20", "21"])
    withExtendedLifetime(signal) {}
  }

  @Test func aSendWithoutTheLockIsRefusedWhileAnotherSendIsInFlightAndQueuesBehindNothing() {
    let core = SignalCore<Int, Never>()
    let signal = Signal(core: core)
    let coordinator = Coordinator<Int, Int, Int, Never>(0, downstream: core, sendsWithoutLock: true)
    let received = TestRecorder(signal)
    var refused: [Int] = []
    signal.observeValues { value in
      guard value == 1 else { return }
      // Reentrant: the flusher is busy with 1, so this cannot claim the flush; it must take the lock.
      if !coordinator.sendWithoutLock(.value(2), if: { true }) {
        refused.append(2)
        coordinator.update(deciding: { _ in .value(2) })
      }
    }
    #expect(coordinator.sendWithoutLock(.value(1), if: { true }))
    #expect(coordinator.sendWithoutLock(.value(3), if: { false }))  // claimed, but not let through
    #expect(refused == [2])
    #expect(received.descriptions == ["1", "2"])
  }

  @Test func theTerminalEventEndsTheDownstreamAndLaterDecisionsAreDropped() {
    let (coordinator, signal, received) = makeCoordinator()
    coordinator.update { _, outbox in
      outbox.append(.value(1))
      outbox.append(.completed)
      outbox.append(.value(2))
    }
    coordinator.update(deciding: { _ in .value(3) })
    #expect(received.descriptions == ["1", "completed"])
    withExtendedLifetime(signal) {}
  }
}

/// Counts and sums the values a signal delivers, and whether two deliveries ever overlapped.
final class SerialDeliveries: Sendable {
  let state = Locked((count: 0, sum: 0, inside: 0, overlapped: false))

  init(_ signal: Signal<Int, Never>) {
    signal.observeValues { [state] value in
      state.withLock { state in
        state.inside += 1
        if state.inside > 1 { state.overlapped = true }
      }
      state.withLock { state in
        state.count += 1
        state.sum += value
        state.inside -= 1
      }
    }
  }

  var result: (count: Int, sum: Int, inside: Int, overlapped: Bool) { state.withLock { $0 } }
}

@Suite(.watchingThePool, .onItsOwnThread) struct CoordinatorStressTests {
  @Test func updatesFromManyThreadsAreEachSentOnceAndNeverConcurrently() {
    let core = SignalCore<Int, Never>()
    let signal = Signal(core: core)
    let coordinator = Coordinator<Int, Int, Int, Never>(0, downstream: core)
    let seen = SerialDeliveries(signal)
    let perThread = 2_000
    stressConcurrently(4) { thread in
      for index in 0..<perThread {
        let value = thread * perThread + index
        if index.isMultiple(of: 2) {
          coordinator.update(deciding: { count in
            count += 1
            return .value(value)
          })
        } else {
          coordinator.update { count, outbox in
            count += 1
            outbox.append(.value(value))
          }
        }
      }
    }
    let total = 4 * perThread
    let result = seen.result
    #expect(result.count == total)
    #expect(result.sum == (0..<total).reduce(0, +))
    #expect(!result.overlapped)
    #expect(coordinator.read { $0 } == total)
    withExtendedLifetime(signal) {}
  }

  @Test func sendsWithoutTheLockAndUpdatesFromManyThreadsAreEachSentOnceAndNeverConcurrently() {
    // Two threads send without the lock (falling back to it when another thread flushes), two update
    // under it: the flusher chosen outside the lock and the one chosen inside never overlap.
    let core = SignalCore<Int, Never>()
    let signal = Signal(core: core)
    let coordinator = Coordinator<Int, Int, Int, Never>(0, downstream: core, sendsWithoutLock: true)
    let seen = SerialDeliveries(signal)
    let perThread = 20_000
    stressConcurrently(4) { thread in
      for index in 0..<perThread {
        let value = thread * perThread + index
        if thread < 2 {
          if !coordinator.sendWithoutLock(.value(value), if: { true }) {
            coordinator.update(deciding: { _ in .value(value) })
          }
        } else {
          coordinator.update { _, outbox in outbox.append(.value(value)) }
        }
      }
    }
    let total = 4 * perThread
    let result = seen.result
    #expect(result.count == total)
    #expect(result.sum == (0..<total).reduce(0, +))
    #expect(!result.overlapped)
    withExtendedLifetime(signal) {}
  }
}
