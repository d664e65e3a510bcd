import Signals

/// The room list's view model (the seed's Clean Architecture example): the hotel's rooms from a
/// ``RoomRepository``, cached ones at once, then the network's.
///
/// - Inputs: ``refresh``, which a button executes.
/// - Outputs: ``rooms``, ``source``, ``isLoading``, ``error``, ``status`` and ``canRefresh``, all
///   properties that change on the view's scheduler, whatever thread the repository answers on (its real
///   network would be an HTTP client's), as ``HotelSearchViewModel``'s do.
///
/// It loads when it is made: the cached rooms are in ``rooms`` when `init` returns, and the network's
/// replace them when it answers. The rules:
/// - **Refresh waits for the load.** ``refresh`` is disabled while a load runs, so a second tap does not
///   start a second request: an execution started then fails with `CommandError.disabled`.
/// - **An error keeps the cache.** When the network fails, ``rooms`` keeps what it shows and ``error`` says
///   why; the next load clears the error when it starts.
/// - **Loads end with the view model.** Every request, whoever started it, is cancelled when the view model
///   is released: when the view that holds it goes away.
public final class RoomListViewModel {
  /// The rooms shown: empty until a list arrives, then the latest list, cached or fresh. A failed load
  /// leaves it as it was. It emits only when the rooms change.
  public let rooms: Property<[Room]>
  /// Where ``rooms`` comes from: `nil` until a list arrives, then the cache or the network.
  public let source: Property<RoomList.Source?>
  /// Whether a load is running: from the moment it starts until the network answers, fails or is cancelled.
  public let isLoading: Property<Bool>
  /// Why the last load failed: set when it fails, `nil` again when the next load starts.
  public let error: Property<NetworkError?>
  /// One line on the state of the list, for the view: `"Up to date"` once the network's rooms are shown;
  /// with cached rooms, `"Loading… (showing saved rooms)"` or, when no load runs, `"Saved rooms, not up to
  /// date"`; with none yet, `"Loading…"` or `"No rooms"`. It emits only when the text changes.
  public let status: Property<String>
  /// Whether ``refresh`` may run now: its `isEnabled`, changing on the view's scheduler. A view binds its
  /// button's enabled state to this, not to the command, whose state changes where the repository answers.
  public let canRefresh: Property<Bool>
  /// Loads the rooms again: it sends each list the repository sends and completes with the network's, or
  /// fails with the network's error.
  ///
  /// Its policy is serial, so it is disabled while any load runs, the first one included: that is the
  /// "not while loading" rule, and executing it then fails with `CommandError.disabled` without asking the
  /// repository. Its executions end when the view model is released.
  public let refresh: Command<Void, RoomList, NetworkError>

  /// Ends the requests when the view model is released.
  private let token: Lifetime.Token

  /// A room list on `repository`, whose first load starts at once: the cached rooms are shown when `init`
  /// returns. Its outputs change on `viewScheduler` (`MainScheduler.shared` in an app, a `TestScheduler` in
  /// specs).
  ///
  /// - Parameter repository: the rooms; it may answer on any thread, and fail.
  public init(repository: any RoomRepository, viewScheduler: any Scheduler) {
    let (lifetime, token) = Lifetime.make()
    self.token = token
    // Bound to the view model's lifetime, not the caller's: a button's tap drops the execution's disposable,
    // and the request must still be cancelled when the view goes away.
    let refresh = Command(execute: { (_: Void) in repository.rooms().take(during: lifetime) })
    self.refresh = refresh
    let shown = Property<RoomList?>(initial: nil, then: refresh.values.map { Optional($0) })
    let source = shown.map { $0?.source }.skipRepeats()
    let loadStarted = refresh.isExecuting.signal.filter { $0 }.map { _ -> NetworkError? in nil }
    let error = Property(initial: nil, then: Signal.merge(loadStarted, refresh.errors.map { Optional($0) }))
    // By source first: the network's answer is "Up to date" at once, before the execution's completion turns
    // `isLoading` off, so the status does not flicker back to "Loading…" in between.
    let status = Property.combineLatest(refresh.isExecuting, source) { isLoading, source in
      switch (source, isLoading) {
      case (.network?, _): return "Up to date"
      case (.cache?, true): return "Loading… (showing saved rooms)"
      case (.cache?, false): return "Saved rooms, not up to date"
      case (nil, true): return "Loading…"
      case (nil, false): return "No rooms"
      }
    }
    // The first load starts before the outputs are made, so that they start from the cached rooms; every
    // change after that reaches them on the view's scheduler.
    refresh.execute()
    rooms = shown.map { $0?.rooms ?? [] }.skipRepeats().observe(on: viewScheduler)
    self.source = source.observe(on: viewScheduler)
    isLoading = refresh.isExecuting.observe(on: viewScheduler)
    self.error = error.skipRepeats().observe(on: viewScheduler)
    self.status = status.skipRepeats().observe(on: viewScheduler)
    canRefresh = refresh.isEnabled.observe(on: viewScheduler)
  }
}
