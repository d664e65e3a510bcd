import Signals

/// An event at a virtual time, counted in ticks of a ``TestScheduler``: RxTest's `Recorded`, for specs that
/// give their inputs and expectations as events at explicit times.
/// ```swift
/// let input = scheduler.createHotSignal([.next(210, "a"), .next(240, "b"), .completed(300)])
/// let results = scheduler.start { input.signal.map { $0.uppercased() } }
/// #expect(results.recorded == [.next(210, "A"), .next(240, "B"), .completed(300)])
/// ```
/// A time is a number of ticks from the scheduler's time zero (RxTest's `initialClock: 0`, resolution 1).
/// Failures compare by their description, so an error type need not be `Equatable`.
public struct Recorded<Value, Failure: Error> {
  /// The tick the event happens at.
  public var time: Int
  /// The event.
  public var event: Signal<Value, Failure>.Event

  /// `event` at tick `time`.
  public init(time: Int, event: Signal<Value, Failure>.Event) {
    self.time = time
    self.event = event
  }

  /// A value at tick `time`: RxTest's `.next(time, value)`.
  public static func next(_ time: Int, _ value: Value) -> Recorded {
    Recorded(time: time, event: .value(value))
  }

  /// A failure at tick `time`: RxTest's `.error(time, error)`.
  public static func error(_ time: Int, _ error: Failure) -> Recorded {
    Recorded(time: time, event: .failed(error))
  }

  /// The completion at tick `time`: RxTest's `.completed(time)`.
  public static func completed(_ time: Int) -> Recorded {
    Recorded(time: time, event: .completed)
  }

  /// An interruption at tick `time`: what a recorder records when the start it observes is disposed (RxTest
  /// records nothing then; see `Docs/Testing.md`).
  public static func interrupted(_ time: Int) -> Recorded {
    Recorded(time: time, event: .interrupted)
  }
}

extension Recorded: Equatable where Value: Equatable {
  /// Same time and same event; failures are compared by their description.
  public static func == (lhs: Recorded, rhs: Recorded) -> Bool {
    guard lhs.time == rhs.time else { return false }
    switch (lhs.event, rhs.event) {
    case (.value(let left), .value(let right)): return left == right
    case (.failed(let left), .failed(let right)): return "\(left)" == "\(right)"
    case (.completed, .completed), (.interrupted, .interrupted): return true
    default: return false
    }
  }
}

extension Recorded: CustomStringConvertible {
  /// `next(210, a)`, `error(250, boom)`, `completed(300)` or `interrupted(1000)`.
  public var description: String {
    switch event {
    case .value(let value): return "next(\(time), \(value))"
    case .failed(let error): return "error(\(time), \(error))"
    case .completed: return "completed(\(time))"
    case .interrupted: return "interrupted(\(time))"
    }
  }
}

/// When a test source was subscribed to and when that subscription ended, in ticks: RxTest's `Subscription`.
///
/// A producer's subscription is one start, until it ends or is disposed; a hot signal's, one observation (see
/// ``TestableSignal/signal``). One still running has ``unsubscribe`` `Int.max`.
public struct Subscription: Hashable, Sendable, CustomStringConvertible {
  /// The tick the subscription began at.
  public var subscribe: Int
  /// The tick it ended at, or `Int.max` while it lasts.
  public var unsubscribe: Int

  /// A subscription from `subscribe` until `unsubscribe` (by default, still running).
  public init(_ subscribe: Int, _ unsubscribe: Int = .max) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// `(200, 1000)`, or `(200, ∞)` while it lasts.
  public var description: String {
    "(\(subscribe), \(unsubscribe == .max ? "∞" : "\(unsubscribe)"))"
  }
}
