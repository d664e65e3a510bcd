import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// The room list's exhaustive spec, on virtual time: cached rooms at once, the network's two ticks later, and
/// every output — the command's state, what it sends, and the view's properties on the view's scheduler —
/// stated at each step. `RoomListViewModelTests` holds its recorder specs.
@Suite(.watchingThePool) struct RoomListViewModelSpec {
  let scheduler = TestScheduler()
  let api: FakeRoomAPI
  let cache = RoomCache(rooms: savedRooms)

  init() {
    api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
  }

  func makeViewModel() -> RoomListViewModel {
    RoomListViewModel(repository: CachedRoomRepository(cache: cache, api: api), viewScheduler: scheduler)
  }

  @Test func cachedRoomsThenTheNetworks() {
    let viewModel = makeViewModel()
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
    #expect(viewModel.rooms.value == savedRooms, "the cached rooms, when the view model is made")

    spec.advance(by: .seconds(1))  // nothing changes while the network thinks
    spec.advance(by: .seconds(2)) {
      $0.refresh.values = [RoomList(rooms: freshRooms, source: .network)]
      $0.refresh.isExecuting = false
      $0.refresh.isEnabled = true
      $0.rooms = freshRooms
      $0.source = .network
      $0.isLoading = false
      $0.status = "Up to date"
      $0.canRefresh = true
    }
    spec.finish()
    #expect(api.activity == [.started, .answered])
  }

  @Test func aFailureKeepsTheCachedRoomsAndRefreshClearsTheError() {
    api.reply = .failure(.unreachable)
    let viewModel = makeViewModel()
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)

    spec.advance(by: .seconds(2)) {
      $0.refresh.errors = [.unreachable]
      $0.refresh.isExecuting = false
      $0.refresh.isEnabled = true
      $0.error = .unreachable
      $0.isLoading = false
      $0.status = "Saved rooms, not up to date"
      $0.canRefresh = true
    }
    api.reply = .rooms(freshRooms)
    // The command's state changes where it executes; the view's properties follow on the view's scheduler.
    spec.step("tap refresh") {
      viewModel.refresh.execute()
    } expect: {
      $0.refresh.isExecuting = true
      $0.refresh.isEnabled = false
      $0.refresh.values = [RoomList(rooms: savedRooms, source: .cache)]
    }
    spec.advance(by: .zero) {
      $0.error = nil
      $0.isLoading = true
      $0.status = "Loading… (showing saved rooms)"
      $0.canRefresh = false
    }
    spec.advance(by: .seconds(2)) {
      $0.refresh.values = [RoomList(rooms: freshRooms, source: .network)]
      $0.refresh.isExecuting = false
      $0.refresh.isEnabled = true
      $0.rooms = freshRooms
      $0.source = .network
      $0.isLoading = false
      $0.status = "Up to date"
      $0.canRefresh = true
    }
    spec.finish()
  }

  @Test func aSpecMayEndWithTheLoadInFlightWhenItSaysSo() {
    let viewModel = makeViewModel()
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
    spec.advance(by: .seconds(1))
    spec.finish(allowing: [.scheduledWork, .executingCommands])
    #expect(viewModel.isLoading.value)
  }
}
