import Signals
import SignalsMVVM
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// The room list on virtual time: a cache, and a fake network answering after two ticks.
@Suite(.watchingThePool) struct RoomListViewModelTests {
  let scheduler = TestScheduler()
  let api: FakeRoomAPI
  let cache = RoomCache(rooms: savedRooms)
  let roomValues: [Character: [Room]] = ["c": savedRooms, "n": freshRooms, "e": []]
  let statusValues: [Character: String] = [
    "l": "Loading…", "c": "Loading… (showing saved rooms)", "u": "Up to date",
    "s": "Saved rooms, not up to date", "e": "No rooms",
  ]
  let flags: [Character: Bool] = ["t": true, "f": false]

  init() {
    api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
  }

  func makeViewModel() -> RoomListViewModel {
    RoomListViewModel(repository: CachedRoomRepository(cache: cache, api: api), viewScheduler: scheduler)
  }

  @Test func aCacheHitIsShownAtOnceThenReplacedByTheNetworksRooms() {
    let viewModel = makeViewModel()
    let rooms = TestRecorder(viewModel.rooms, scheduler: scheduler)
    let source = TestRecorder(viewModel.source, scheduler: scheduler)
    let loading = TestRecorder(viewModel.isLoading, scheduler: scheduler)
    let status = TestRecorder(viewModel.status, scheduler: scheduler)

    scheduler.advance(by: .seconds(3))

    rooms.expect(marble: "c-n", values: roomValues)
    source.expect(marble: "c-n", values: ["c": .cache, "n": .network])
    loading.expect(marble: "t-f", values: flags)
    status.expect(marble: "c-u", values: statusValues)
    #expect(viewModel.error.value == nil)
    #expect(api.activity == [.started, .answered])
  }

  @Test func theOutputsChangeOnTheViewSchedulerWhereverTheRepositoryAnswers() {
    let view = TestScheduler()
    let viewModel = RoomListViewModel(repository: CachedRoomRepository(cache: cache, api: api), viewScheduler: view)
    #expect(viewModel.rooms.value == savedRooms, "the cached rooms, at once")
    scheduler.advance(by: .seconds(2))
    #expect(api.activity == [.started, .answered])
    #expect(viewModel.rooms.value == savedRooms, "the network's answer waits for the view's scheduler")
    #expect(viewModel.status.value == "Loading… (showing saved rooms)")
    #expect(!viewModel.canRefresh.value)
    view.run()
    #expect(viewModel.rooms.value == freshRooms)
    #expect(viewModel.status.value == "Up to date")
    #expect(viewModel.canRefresh.value)
  }

  @Test func anEmptyCacheShowsNoRoomsUntilTheNetworkAnswers() {
    cache.rooms = nil
    let viewModel = makeViewModel()
    let rooms = TestRecorder(viewModel.rooms, scheduler: scheduler)
    let status = TestRecorder(viewModel.status, scheduler: scheduler)

    scheduler.advance(by: .seconds(3))

    rooms.expect(marble: "e-n", values: roomValues)
    status.expect(marble: "l-u", values: statusValues)
    #expect(viewModel.source.value == .network)
  }

  @Test func aNetworkFailureKeepsTheCachedRoomsAndShowsTheError() {
    api.reply = .failure(.unreachable)
    let viewModel = makeViewModel()
    let rooms = TestRecorder(viewModel.rooms, scheduler: scheduler)
    let errors = TestRecorder(viewModel.error, scheduler: scheduler)
    let status = TestRecorder(viewModel.status, scheduler: scheduler)
    let failures = TestRecorder(viewModel.refresh.errors, scheduler: scheduler)

    scheduler.advance(by: .seconds(3))

    rooms.expect(marble: "c", values: roomValues)  // never replaced, never emptied
    errors.expect(marble: "n-e", values: ["n": nil, "e": .unreachable])
    status.expect(marble: "c-s", values: statusValues)
    failures.expect(marble: "--e", values: ["e": .unreachable])
    #expect(viewModel.isLoading.value == false)
    #expect(viewModel.refresh.isEnabled.value)  // the user can try again
  }

  @Test func aNetworkFailureWithAnEmptyCacheShowsNoRoomsAndTheError() {
    cache.rooms = nil
    api.reply = .failure(.server(status: 503))
    let viewModel = makeViewModel()

    scheduler.advance(by: .seconds(3))

    #expect(viewModel.rooms.value == [])
    #expect(viewModel.source.value == nil)
    #expect(viewModel.error.value == .server(status: 503))
    #expect(viewModel.status.value == "No rooms")
  }

  @Test func refreshWhileLoadingIsRefusedWithDisabled() {
    let viewModel = makeViewModel()
    let enabled = TestRecorder(viewModel.refresh.isEnabled, scheduler: scheduler)
    scheduler.advance(by: .seconds(1))  // the first load is still waiting for the network

    let attempt = TestRecorder(viewModel.refresh.apply(), scheduler: scheduler)
    scheduler.advance(by: .seconds(2))

    attempt.expect(marble: "-X", values: [:], error: .disabled)
    enabled.expect(marble: "f-t", values: flags)
    #expect(api.activity == [.started, .answered])  // one request: the refused refresh asked nothing
    #expect(viewModel.rooms.value == freshRooms)
  }

  @Test func refreshLoadsAgainAndClearsTheErrorWhenItStarts() {
    api.reply = .failure(.unreachable)
    let viewModel = makeViewModel()
    let errors = TestRecorder(viewModel.error, scheduler: scheduler)
    let rooms = TestRecorder(viewModel.rooms, scheduler: scheduler)
    scheduler.advance(by: .seconds(3))

    api.reply = .rooms(freshRooms)  // the network is back
    viewModel.refresh.execute()
    scheduler.advance(by: .seconds(2))

    errors.expect(marble: "n-en-", values: ["n": nil, "e": .unreachable])
    rooms.expect(marble: "c----n", values: roomValues)
    #expect(viewModel.status.value == "Up to date")
    #expect(api.activity == [.started, .failed(.unreachable), .started, .answered])
  }

  @Test func releasingTheViewModelCancelsTheRequest() {
    var viewModel: RoomListViewModel? = makeViewModel()
    let released = Weak(viewModel!)
    scheduler.advance(by: .seconds(1))

    viewModel = nil
    scheduler.advance(by: .seconds(2))

    #expect(released.object == nil)
    #expect(api.activity == [.started, .cancelled])
    #expect(scheduler.scheduledCount == 0)
    #expect(cache.rooms == savedRooms)  // a cancelled request saves nothing
  }

  @Test func releasingTheViewModelCancelsARefreshWhoseDisposableWasDropped() {
    var viewModel: RoomListViewModel? = makeViewModel()
    scheduler.advance(by: .seconds(2))
    _ = viewModel!.refresh.execute()  // as a button's tap does: nobody keeps the disposable

    viewModel = nil

    #expect(api.activity == [.started, .answered, .started, .cancelled])
    #expect(scheduler.scheduledCount == 0)
  }
}

@Suite(.watchingThePool) struct RoomListViewTests {
  let scheduler = TestScheduler()

  @Test func showsTheSavedRoomsThenTheNetworksWithRefreshDisabledWhileLoading() {
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
    let repository = CachedRoomRepository(cache: RoomCache(rooms: savedRooms), api: api)
    let view = RoomListView(viewModel: RoomListViewModel(repository: repository, viewScheduler: scheduler))
    #expect(view.statusLabel.text == "Loading… (showing saved rooms)")
    #expect(view.roomsLabel.text == "Standard King    ¥388 a night\nDeluxe Twin      ¥458 a night")
    #expect(!view.refreshButton.isEnabled)
    #expect(!view.refreshButton.tap())

    scheduler.advance(by: .seconds(2))

    #expect(view.statusLabel.text == "Up to date")
    #expect(view.roomsLabel.text == "Standard King    ¥368 a night\nFamily Room      ¥528 a night")
    #expect(view.refreshButton.isEnabled)
    #expect(view.messageArea.message == nil)
    #expect(api.activity == [.started, .answered])
  }

  @Test func showsTheErrorAboveTheRoomsItKeptAndClearsItOnRefresh() {
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .failure(.unreachable))
    let repository = CachedRoomRepository(cache: RoomCache(rooms: savedRooms), api: api)
    let view = RoomListView(viewModel: RoomListViewModel(repository: repository, viewScheduler: scheduler))
    scheduler.advance(by: .seconds(2))

    #expect(view.messageArea.message == .error("The network is unreachable"))
    #expect(view.statusLabel.text == "Saved rooms, not up to date")
    #expect(view.roomsLabel.text == "Standard King    ¥388 a night\nDeluxe Twin      ¥458 a night")

    #expect(view.refreshButton.tap())
    scheduler.advance(by: .zero)  // the view's scheduler: the outputs change in its actions
    #expect(view.messageArea.message == nil)
    #expect(!view.refreshButton.isEnabled)
    #expect(api.activity == [.started, .failed(.unreachable), .started])
  }
}
