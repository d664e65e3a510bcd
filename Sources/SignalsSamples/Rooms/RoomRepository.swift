import Signals
import Synchronization

/// The hotel's rooms as the app sees them: cached data at once, then fresh data when the network answers.
///
/// The view model asks the repository, never the cache or the network: where the rooms come from is the
/// repository's business. The app passes a ``CachedRoomRepository``; a spec can pass any fake. It is
/// `Sendable`: the view model's refresh command asks it from whatever thread executes the command.
public protocol RoomRepository: Sendable {
  /// The hotel's rooms: what the cache has, then what the network says.
  ///
  /// - Emits: the cached list (``RoomList/Source/cache``) at once when started, if the cache has one; then
  ///   the network's list (``RoomList/Source/network``) when it answers.
  /// - Completes: after the network's list.
  /// - Fails: with the network's error, after the cached list (which the receiver may keep showing).
  /// - Interruption and disposal: disposing a start cancels its network request.
  func rooms() -> SignalProducer<RoomList, NetworkError>
}

/// The network side of the room list: one request for the hotel's rooms. The app passes an HTTP client;
/// specs and the terminal demo pass a ``FakeRoomAPI`` on a scheduler they control. It is `Sendable`, as the
/// repository that holds it is.
public protocol RoomAPI: Sendable {
  /// Asks the server for the rooms.
  ///
  /// - Emits: the rooms, once, when the server answers.
  /// - Completes: after the rooms. **Fails:** with a ``NetworkError`` when the request fails.
  /// - Interruption and disposal: disposing a start cancels the request.
  func rooms() -> SignalProducer<[Room], NetworkError>
}

/// The rooms the network sent last time, kept to show at once the next time the list opens.
///
/// In an app it would live on disk; here it is in memory. It is safe to use from any thread: the repository
/// reads it on the thread that starts a request and writes it on the thread the network answers on.
public final class RoomCache: Sendable {
  private let stored: Mutex<[Room]?>

  /// A cache holding `rooms`, or empty.
  public init(rooms: [Room]? = nil) {
    stored = Mutex(rooms)
  }

  /// The rooms saved last, or `nil` if nothing was saved yet.
  public var rooms: [Room]? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}

/// A ``RoomRepository`` over a ``RoomCache`` and a ``RoomAPI``: each start sends the cached rooms at once,
/// asks the network, saves its answer in the cache and sends it.
///
/// ```
/// cache hit:      c--n|     (c: the cached list at once; n: the network's, which is saved)
/// cache empty:    ---n|
/// network fails:  c--X      (the cache is left as it was)
/// ```
public final class CachedRoomRepository: RoomRepository {
  /// Where the rooms are saved between requests.
  public let cache: RoomCache
  /// Where fresh rooms come from.
  public let api: any RoomAPI

  /// A repository that saves what `api` answers in `cache`.
  public init(cache: RoomCache, api: any RoomAPI) {
    self.cache = cache
    self.api = api
  }

  /// The cached rooms, if any, then the network's; see ``RoomRepository/rooms()``.
  ///
  /// - Emits: the cache's rooms as they are when the producer is started, if it has any; then the network's
  ///   rooms, which are saved in the cache before they are sent.
  /// - Completes: after the network's rooms. **Fails:** with the network's error, leaving the cache as it was.
  /// - Interruption and disposal: disposing a start cancels its network request; nothing is saved.
  public func rooms() -> SignalProducer<RoomList, NetworkError> {
    let cache = self.cache
    // Read when started, not when the producer is made: each start sends what the cache holds then.
    let cached = SignalProducer<RoomList, NetworkError> { observer, _ in
      if let rooms = cache.rooms { observer.send(value: RoomList(rooms: rooms, source: .cache)) }
      observer.sendCompleted()
    }
    let fresh = api.rooms()
      .on(value: { rooms in cache.rooms = rooms })
      .map { rooms in RoomList(rooms: rooms, source: .network) }
    return cached.concatenating(fresh)
  }
}
