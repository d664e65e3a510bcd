import Signals
import Synchronization

/// A ``RoomAPI`` whose answers are scripted: each request answers after ``latency`` on the scheduler it is
/// given, with ``reply``, and every start, answer, failure and cancel is recorded in ``activity``.
///
/// Specs pass a `TestScheduler`, so a two-second request takes no time and lands on an exact tick; the
/// terminal demo passes its clock, a `TestScheduler` too. Like a real API it may be asked from any thread, so
/// its script and its record are kept under a lock.
///
/// ```
/// reply .rooms(r), latency 2 ticks:   --(r|)
/// reply .failure(e):                  --X
/// disposed at tick 1:                 -!        (activity: started, cancelled)
/// ```
public final class FakeRoomAPI: RoomAPI {
  /// What a request answers.
  public enum Reply: Equatable, Sendable {
    /// The rooms, then completion.
    case rooms([Room])
    /// A failure with this error.
    case failure(NetworkError)
  }

  /// What happened to a request, in the order it happened.
  public enum Activity: Equatable, Sendable {
    /// A request was started.
    case started
    /// A request answered with rooms.
    case answered
    /// A request failed.
    case failed(NetworkError)
    /// A request was disposed before it answered: the caller cancelled it.
    case cancelled
  }

  /// The scheduler the latency is measured on.
  public let scheduler: any TimeScheduler
  /// How long a request takes to answer. A request uses the latency set when it starts.
  public var latency: Duration {
    get { script.withLock { $0.latency } }
    set { script.withLock { $0.latency = newValue } }
  }
  /// What a request answers. A request uses the reply set when it starts.
  public var reply: Reply {
    get { script.withLock { $0.reply } }
    set { script.withLock { $0.reply = newValue } }
  }
  /// Every start, answer, failure and cancel, in order.
  public var activity: [Activity] { script.withLock { $0.activity } }

  private let script: Mutex<(latency: Duration, reply: Reply, activity: [Activity])>

  /// A fake API answering `reply` after `latency` on `scheduler`.
  public init(scheduler: any TimeScheduler, latency: Duration = .seconds(2), reply: Reply) {
    self.scheduler = scheduler
    script = Mutex((latency, reply, []))
  }

  private func record(_ activity: Activity) {
    script.withLock { $0.activity.append(activity) }
  }

  /// A request for the rooms; see ``RoomAPI/rooms()``.
  ///
  /// - Emits: the rooms of ``reply``, ``latency`` after the start, then completes; or fails with its error
  ///   then. Records ``Activity/started`` on each start, then ``Activity/answered`` or ``Activity/failed(_:)``.
  /// - Interruption and disposal: disposing a start before it answers cancels its timer and records
  ///   ``Activity/cancelled``.
  public func rooms() -> SignalProducer<[Room], NetworkError> {
    SignalProducer { observer, lifetime in
      let (latency, reply) = self.script.withLock { ($0.latency, $0.reply) }
      lifetime += self.scheduler.schedule(after: latency) {
        switch reply {
        case .rooms(let rooms):
          self.record(.answered)
          observer.send(value: rooms)
          observer.sendCompleted()
        case .failure(let error):
          self.record(.failed(error))
          observer.send(error: error)
        }
      }
    }
    .on(starting: { self.record(.started) }, interrupted: { self.record(.cancelled) })
  }
}
