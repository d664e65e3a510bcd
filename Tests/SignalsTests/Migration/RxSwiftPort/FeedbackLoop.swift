import Signals

// RxExample's feedback loops — `Observable.system`, the `react` feedback and `ActivityIndicator` — ported to
// Signals and built in the Swift 6 language mode with no warning. Docs/Migrating.md ("A worked port: a
// feedback loop in Swift 6") shows the code between the markers below, character for character
// (FeedbackLoopPortSpec.migratingShowsThisPort checks it).

// MIGRATING-FEEDBACK-BEGIN
/// A feedback: from the system's states, the events it sends back (RxSwift's
/// `(ObservableSchedulerContext<State>) -> Observable<Event>`).
typealias Feedback<State, Event> = @Sendable (SignalProducer<State, Never>) -> SignalProducer<Event, Never>

extension SignalProducer where Failure == Never, Value: Sendable {
  /// `Observable.system(initialState:reduce:scheduler:scheduledFeedback:)`: the states of a system that
  /// reduces the events its feedbacks send in reaction to its states.
  static func system<Event: Sendable>(
    initialState: Value,
    reduce: @escaping @Sendable (Value, Event) -> Value,
    scheduler: any Scheduler,
    feedback: [Feedback<Value, Event>]
  ) -> SignalProducer<Value, Never> {
    SignalProducer { observer, lifetime in  // Observable.deferred: one system per start
      // ReplaySubject.create(bufferSize: 1), given initialState when subscribed: a property per start.
      let state = MutableProperty(initialState)
      let events = SignalProducer<Event, Never>.merge(feedback.map { $0(state.producer.observe(on: scheduler)) })
      lifetime += events.scan(initialState, reduce)  // scan(_:accumulator:)
        .on(value: { state.value = $0 })  // do(onNext:)
        .start(on: scheduler)  // subscribe(on:)
        .prefix(value: initialState)  // startWith
        .observe(on: scheduler)
        .start(observer)
    }
  }
}

/// RxFeedback's `react(request:effects:)`: while the state asks for a request, run its effects; a new request
/// replaces the running one (`flatMapLatest`), and `nil` stops it.
func react<State: Sendable, Request: Equatable & Sendable, Event: Sendable>(
  request: @escaping @Sendable (State) -> Request?,
  effects: @escaping @Sendable (Request) -> SignalProducer<Event, Never>
) -> Feedback<State, Event> {
  { state in
    state.map(request)
      .skipRepeats()  // distinctUntilChanged
      .flatMap(.latest) { request -> SignalProducer<Event, Never> in
        guard let request else { return .empty }
        return effects(request)
      }
  }
}

/// RxExample's `ActivityIndicator`: whether any producer it tracks is running.
final class ActivityIndicator: Sendable {
  private let running = MutableProperty(0)  // BehaviorRelay(value: 0), changed under its own lock
  /// `asDriver().map { $0 > 0 }.distinctUntilChanged()`.
  let isActive: Property<Bool>

  init() {
    isActive = running.map { $0 > 0 }.skipRepeats()
  }

  /// `trackActivity`: `Observable.using({ ActivityToken(…) }) { $0.asObservable() }`.
  func track<Value: Sendable, Failure>(_ source: SignalProducer<Value, Failure>) -> SignalProducer<Value, Failure> {
    SignalProducer { [running] observer, lifetime in  // Observable.using: the token lives as long as the start
      running.modify { $0 += 1 }
      let token = ActivityToken(source: source, end: AnyDisposable { [running] in running.modify { $0 -= 1 } })
      lifetime.observeEnded(token.dispose)  // the token is a struct: hand its dispose() to the lifetime
      lifetime += token.source.start(observer)
    }
  }
}

/// RxExample's `ActivityToken`, a struct that RxSwift lets adopt `Disposable`. Ours is a class protocol, so
/// the struct keeps its `dispose()` and the producer hands that to the start's lifetime.
private struct ActivityToken<Value: Sendable, Failure: Error>: Sendable {
  let source: SignalProducer<Value, Failure>
  let end: AnyDisposable

  func dispose() { end.dispose() }
}
// MIGRATING-FEEDBACK-END
