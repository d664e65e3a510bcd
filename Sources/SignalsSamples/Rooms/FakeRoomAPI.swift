import Signals

/// A ``RoomAPI`` whose answers are scripted: each request answers after ``latency`` on the scheduler it is
/// given, with ``reply``, and every start, answer, failure and cancel is recorded in ``activity``.
///
/// Specs pass a `TestScheduler`, so a two-second request takes no time and lands on an exact tick; the
/// terminal demo passes its clock, a `TestScheduler` too. Use it from one thread, the one that drives its
/// scheduler.
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
  public var latency: Duration
  /// What a request answers. A request uses the reply set when it starts.
  public var reply: Reply
  /// Every start, answer, failure and cancel, in order.
  public private(set) var activity: [Activity] = []

  /// A fake API answering `reply` after `latency` on `scheduler`.
  public init(scheduler: any TimeScheduler, latency: Duration = .seconds(2), reply: Reply) {
    self.scheduler = scheduler
    self.latency = latency
    self.reply = reply
  }

  /// A request for the rooms; see ``RoomAPI/rooms()``.
  ///
  /// - Emits: the rooms of ``reply``, ``latency`` after the start, then completes; or fails with its error
  ///   then. Records ``Activity/started`` on each start, then ``Activity/answered`` or ``Activity/failed(_:)``.
  /// - Interruption and disposal: disposing a start before it answers cancels its timer and records
  ///   ``Activity/cancelled``.
  public func rooms() -> SignalProducer<[Room], NetworkError> {
    SignalProducer { observer, lifetime in
      let reply = self.reply
      lifetime += self.scheduler.schedule(after: self.latency) {
        switch reply {
        case .rooms(let rooms):
          self.activity.append(.answered)
          observer.send(value: rooms)
          observer.sendCompleted()
        case .failure(let error):
          self.activity.append(.failed(error))
          observer.send(error: error)
        }
      }
    }
    .on(starting: { self.activity.append(.started) }, interrupted: { self.activity.append(.cancelled) })
  }
}
