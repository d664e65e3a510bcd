import Signals
import SignalsMVVM
import SignalsTesting

/// The room list as a ``FormSession``: a ``RoomListView`` on a ``CachedRoomRepository`` whose cache holds
/// yesterday's rooms and whose ``FakeRoomAPI`` answers today's after a latency on the demo's clock.
///
/// Its controls are `refresh`, the view's button, and `network`, a button of the demo's own that switches the
/// fake network between answering and failing with ``NetworkError/unreachable``. Time passes with
/// `wait <seconds>` in a script, or by itself in the interactive demo (``advanceTime(by:)``).
public final class RoomListSession: FormSession {
  /// The room list.
  public let view: RoomListView
  /// The demo's clock, which the network's latency is measured on: SignalsTesting's virtual clock, whose time
  /// moves only when the demo says so. The interactive demo advances it by the real time that passes between
  /// keys; a script advances it with `wait <seconds>` lines, so a scripted run prints the same frames on
  /// every machine, however loaded. Its actions run on the thread that advances it: the demo's one thread.
  public let clock: TestScheduler
  /// The fake network: its ``FakeRoomAPI/activity`` is shown under the list.
  public let api: FakeRoomAPI
  /// The cache, holding yesterday's rooms at first.
  public let cache: RoomCache
  /// Switches the fake network between answering and failing.
  public let networkButton = Button("Network: online")

  /// The rooms in the cache when the demo starts.
  public static let savedRooms = [
    Room(name: "Standard King", pricePerNight: 388),
    Room(name: "Deluxe Twin", pricePerNight: 458),
    Room(name: "Garden Suite", pricePerNight: 888),
  ]

  /// The rooms the network answers while it is online.
  public static let todaysRooms = [
    Room(name: "Standard King", pricePerNight: 368),
    Room(name: "Deluxe Twin", pricePerNight: 458),
    Room(name: "Family Room", pricePerNight: 528),
    Room(name: "Garden Suite", pricePerNight: 928),
  ]

  /// A session whose network answers after `latency`; its first load starts at once, showing the saved
  /// rooms.
  public init(latency: Duration = .seconds(2)) {
    let clock = TestScheduler()
    let api = FakeRoomAPI(scheduler: clock, latency: latency, reply: .rooms(Self.todaysRooms))
    let cache = RoomCache(rooms: Self.savedRooms)
    // The demo runs on one thread, its view's: the outputs change there at once.
    let viewModel = RoomListViewModel(
      repository: CachedRoomRepository(cache: cache, api: api), viewScheduler: ImmediateScheduler())
    let view = RoomListView(viewModel: viewModel)
    self.clock = clock
    self.api = api
    self.cache = cache
    self.view = view
    super.init(controls: [("refresh", .button(view.refreshButton)), ("network", .button(networkButton))])
    networkButton.taps.observeValues { [weak self] in self?.switchNetwork() }
  }

  /// Whether the fake network answers (`true`) or fails.
  public var isNetworkOnline: Bool { api.reply != .failure(.unreachable) }

  private func switchNetwork() {
    api.reply = isNetworkOnline ? .failure(.unreachable) : .rooms(Self.todaysRooms)
    networkButton.title = isNetworkOnline ? "Network: online" : "Network: offline"
  }

  /// Why the refresh button is disabled.
  public override func whyDisabled(_ name: String) -> String? {
    name == "refresh" ? "the rooms are loading" : nil
  }

  /// Moves the demo's clock on by `duration`: a request whose latency has passed answers.
  public override func advanceTime(by duration: Duration) {
    clock.advance(by: duration)
  }

  /// The list as plain text: the status, the rooms, the buttons (the focused one marked with `>`), the error
  /// if the last load failed, and what the fake network did.
  public override var frame: String {
    var lines = ["== Meituan Hotel: rooms ==", "  \(view.statusLabel.text ?? "")"]
    let rooms = view.roomsLabel.text ?? ""
    lines += rooms.isEmpty ? ["  | (none)"] : rooms.split(separator: "\n").map { "  | \($0)" }
    lines.append(draw("refresh") + "   " + draw("network"))
    if let message = draw(view.messageArea) { lines.append(message) }
    let activity = api.activity.map { activity -> String in
      switch activity {
      case .started: return "request"
      case .answered: return "answer"
      case .failed: return "failure"
      case .cancelled: return "cancel"
      }
    }
    lines.append("  network: \(activity.isEmpty ? "idle" : activity.joined(separator: ", "))")
    return lines.joined(separator: "\n")
  }
}
