import SignalsTestSupport
import Testing

@testable import Signals

/// The state machines of `share()`, `share(replay:)` and `replayLazily(upTo:)`, driven by hand: no source,
/// no scheduler, no thread.
@Suite(.watchingThePool) struct SharingMachineTests {
  private typealias Connections = ConnectionMachine<String>

  /// What a join did, described: `connect 0 c0`, `join 0 c0`.
  private func join(_ machine: inout Connections) -> String {
    var made = 0
    let join = machine.join {
      made += 1
      return "c\(made)"
    }
    switch join {
    case .connect(let id, let connection): return "connect \(id) \(connection)"
    case .join(let id, let connection): return "join \(id) \(connection)"
    }
  }

  @Test func theFirstStartConnectsTheOthersJoinAndTheLastOneOutDisconnects() {
    var machine = Connections()
    #expect(join(&machine) == "connect 0 c1")
    #expect(join(&machine) == "join 0 c1")
    let left1 = machine.leave(0)
    #expect(left1 == nil, "one start is still attached")
    let left2 = machine.leave(0)
    #expect(left2 == "c1", "the last one out disconnects")
    #expect(machine.current == nil)
    #expect(join(&machine) == "connect 1 c1", "the next start connects anew, with a new id")
  }

  @Test func anEndedSourceLetsTheNextStartConnectAnewAndOldStartsChangeNothing() {
    var machine = Connections()
    _ = join(&machine)
    _ = join(&machine)
    let ended3 = machine.end(0)
    #expect(ended3 == "c1")
    #expect(join(&machine) == "connect 1 c1")
    let left4 = machine.leave(0)
    #expect(left4 == nil, "a start of the ended connection leaves without touching the new one")
    #expect(machine.current?.starts == 1)
    let ended5 = machine.end(0)
    #expect(ended5 == nil, "an old connection's end is not the current one's")
  }

  private typealias Replay = ReplayMachine<String, TestError, String>

  /// Everything the flusher does until the outbox is empty, described.
  private func flush(_ machine: inout Replay) -> [String] {
    var done: [String] = []
    while let work = machine.nextWork() {
      switch work {
      case .deliver(let event, let observers):
        done.append("\(event.value ?? "\(event)") → \(observers.joined(separator: ","))")
      case .replay(let values, let terminal, let observer):
        done.append("replay \(values + (terminal.map { ["\($0)"] } ?? [])) → \(observer)")
      case .none:
        done.append("none")
      }
    }
    return done
  }

  @Test func theFirstArrivalStartsTheSourceAndEveryAttachmentReplaysTheLatestValues() {
    var machine = Replay(capacity: 2)
    let arrival6 = machine.arrive()
    #expect(arrival6 == (id: 0, startsSource: true))
    let flushes7 = machine.enqueue(.attach(id: 0, "A"))
    #expect(flushes7, "the first to enqueue flushes")
    let flushes8 = machine.enqueue(.event(.value("a")))
    #expect(!flushes8, "the flusher is busy: this one only queues")
    _ = machine.enqueue(.event(.value("b")))
    _ = machine.enqueue(.event(.value("c")))
    #expect(flush(&machine) == ["replay [] → A", "a → A", "b → A", "c → A"])
    let arrival9 = machine.arrive()
    #expect(arrival9 == (id: 1, startsSource: false), "later arrivals do not start the source")
    let flushes10 = machine.enqueue(.attach(id: 1, "B"))
    #expect(flushes10)
    #expect(flush(&machine) == ["replay [\"b\", \"c\"] → B"], "the latest two values")
  }

  @Test func afterTheEndAnAttachmentReplaysTheValuesAndTheEndAndDoesNotJoin() {
    var machine = Replay(capacity: 1)
    _ = machine.arrive()
    _ = machine.enqueue(.attach(id: 0, "A"))
    _ = machine.enqueue(.event(.value("a")))
    _ = machine.enqueue(.event(.completed))
    _ = machine.enqueue(.event(.value("late")))
    #expect(flush(&machine) == ["replay [] → A", "a → A", "completed → A", "none"])
    #expect(machine.observers.isEmpty, "the end releases the observers")
    _ = machine.arrive()
    _ = machine.enqueue(.attach(id: 1, "B"))
    #expect(flush(&machine) == ["replay [\"a\", \"completed\"] → B"])
    #expect(machine.observers.isEmpty)
  }

  @Test func aStartThatEndsBeforeItsAttachmentIsProcessedIsNeverAttached() {
    var machine = Replay(capacity: 1)
    _ = machine.arrive()
    _ = machine.enqueue(.event(.value("a")))
    _ = machine.arrive()
    _ = machine.enqueue(.attach(id: 1, "B"))
    let left11 = machine.leave(1)
    #expect(left11 == nil, "its attachment is still queued")
    #expect(flush(&machine) == ["a → ", "none"])
    #expect(machine.observers.isEmpty)
  }

  @Test func anAttachedObserverThatLeavesIsHandedBackToBeReleased() {
    var machine = Replay(capacity: 0)
    _ = machine.arrive()
    _ = machine.enqueue(.attach(id: 0, "A"))
    _ = flush(&machine)
    let left12 = machine.leave(0)
    #expect(left12 == "A")
    _ = machine.enqueue(.event(.value("a")))
    #expect(flush(&machine) == ["a → "])
  }
}
