import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// Yesterday's rooms, in the cache, and today's, from the network.
let savedRooms = [Room(name: "Standard King", pricePerNight: 388), Room(name: "Deluxe Twin", pricePerNight: 458)]
let freshRooms = [Room(name: "Standard King", pricePerNight: 368), Room(name: "Family Room", pricePerNight: 528)]

@Suite(.watchingThePool) struct RoomRepositoryTests {
  let scheduler = TestScheduler()
  let lists: [Character: RoomList] = [
    "c": RoomList(rooms: savedRooms, source: .cache), "n": RoomList(rooms: freshRooms, source: .network),
  ]

  @Test func sendsTheCachedRoomsAtOnceThenTheNetworksAndSavesThem() {
    let cache = RoomCache(rooms: savedRooms)
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
    let repository = CachedRoomRepository(cache: cache, api: api)

    let recorder = TestRecorder(repository.rooms(), scheduler: scheduler)
    #expect(cache.rooms == savedRooms)  // nothing is saved before the network answers
    scheduler.advance(by: .seconds(3))

    recorder.expect(marble: "c-(n|)", values: lists)
    #expect(cache.rooms == freshRooms)
    #expect(api.activity == [.started, .answered])
  }

  @Test func withAnEmptyCacheSendsOnlyTheNetworksRooms() {
    let cache = RoomCache()
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
    let recorder = TestRecorder(CachedRoomRepository(cache: cache, api: api).rooms(), scheduler: scheduler)

    scheduler.advance(by: .seconds(3))

    recorder.expect(marble: "--(n|)", values: lists)
    #expect(cache.rooms == freshRooms)
  }

  @Test func aNetworkFailureComesAfterTheCachedRoomsAndLeavesTheCacheAsItWas() {
    let cache = RoomCache(rooms: savedRooms)
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .failure(.server(status: 503)))
    let recorder = TestRecorder(CachedRoomRepository(cache: cache, api: api).rooms(), scheduler: scheduler)

    scheduler.advance(by: .seconds(3))

    recorder.expect(marble: "c-X", values: lists, error: .server(status: 503))
    #expect(cache.rooms == savedRooms)
    #expect(api.activity == [.started, .failed(.server(status: 503))])
  }

  @Test func disposingAStartCancelsTheRequestAndSavesNothing() {
    let cache = RoomCache(rooms: savedRooms)
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
    let recorder = TestRecorder(CachedRoomRepository(cache: cache, api: api).rooms(), scheduler: scheduler)
    scheduler.advance(by: .seconds(1))

    recorder.dispose()
    scheduler.advance(by: .seconds(2))

    recorder.expect(marble: "c!", values: lists)
    #expect(api.activity == [.started, .cancelled])
    #expect(scheduler.scheduledCount == 0)  // the network's timer is gone
    #expect(cache.rooms == savedRooms)
  }

  @Test func eachStartReadsTheCacheAsItIsWhenItStarts() {
    let cache = RoomCache()
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms(freshRooms))
    let rooms = CachedRoomRepository(cache: cache, api: api).rooms()
    cache.rooms = savedRooms  // after the producer was made, before it starts

    let first = TestRecorder(rooms, scheduler: scheduler)
    scheduler.advance(by: .seconds(2))
    let second = TestRecorder(rooms, scheduler: scheduler)  // the first request saved the fresh rooms

    first.expect(values: [lists["c"]!, lists["n"]!])
    #expect(second.values == [RoomList(rooms: freshRooms, source: .cache)])
    #expect(api.activity == [.started, .answered, .started])
  }
}
