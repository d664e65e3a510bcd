import SignalsMVVM
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The hotel demo's scripted session, run as `hotel-demo --script` runs it, then released: everything it made
/// must be freed, and every binding it made must have ended.
@Suite(.watchingThePool) struct DemoLeakTests {
  /// Weak references to every object of a hotel form, and the lifetimes of its controls.
  struct Graph {
    /// Which side of the form an object belongs to.
    enum Side { case view, model }

    var objects: [(name: String, side: Side, object: Weak<AnyObject>)] = []
    var lifetimes: [(name: String, lifetime: Lifetime)] = []

    mutating func add(_ name: String, _ object: AnyObject, side: Side = .model) {
      objects.append((name, side, Weak(object)))
    }

    mutating func add(_ name: String, control: some ReactiveObject) {
      add(name, control, side: .view)
      lifetimes.append((name, control.lifetime))
    }

    /// Records the view, its controls, its view models, their properties and commands.
    mutating func record(_ view: HotelOrderView) {
      let viewModel = view.viewModel
      add("view", view, side: .view)
      add("view model", viewModel)
      add("title", viewModel.title)
      add("summary", viewModel.summary)
      add("clear command", viewModel.clearCommand)
      add("submit command", viewModel.submitCommand)
      add("message", viewModel.message)
      add("title label", control: view.titleLabel)
      add("summary label", control: view.summaryLabel)
      add("clear button", control: view.clearButton)
      add("submit button", control: view.submitButton)
      add("message area", control: view.messageArea)
      for (name, input) in [("name", view.nameInput), ("phone", view.phoneInput)] {
        add("\(name) input view", input, side: .view)
        add("\(name) input view model", input.viewModel)
        add("\(name) text", input.viewModel.text)
        add("\(name) validation error", input.viewModel.validationError)
        add("\(name) is valid", input.viewModel.isValid)
        add("\(name) notice", input.viewModel.notice)
        add("\(name) field", control: input.field)
        add("\(name) label", control: input.label)
        add("\(name) status label", control: input.statusLabel)
      }
    }

    /// The names of the objects still alive, of one side or of both.
    func alive(_ side: Side? = nil) -> [String] {
      objects.filter { $0.object.object != nil && (side == nil || $0.side == side) }.map(\.name)
    }
    /// The names of the controls whose lifetime (and so whose bindings) has not ended.
    var unended: [String] { lifetimes.filter { !$0.lifetime.hasEnded }.map(\.name) }
  }

  @Test func theScriptedSessionFreesEveryViewViewModelCommandAndPropertyAndEndsEveryBinding() {
    var graph = Graph()
    let output: String
    do {
      let session = HotelOrderSession()
      graph.add("session", session, side: .view)
      graph.record(session.view)
      output = session.run(script: hotelSessionScript)
    }
    #expect(output.hasSuffix("> [ Clear ]     [ Submit ]\n"))
    #expect(graph.objects.count == 31)
    #expect(graph.alive() == [])
    #expect(graph.unended == [])
  }

  /// How many observers each output of `viewModel` that the view binds has, counting the properties the view
  /// derives from it (a property derived from an output is attached to it in the graph, not as an observer),
  /// and the observers attached to its node (a binding from a property of the graph).
  static func observerCounts(_ viewModel: HotelOrderViewModel) -> [String: Int] {
    func count<V, F>(_ core: SignalCore<V, F>) -> Int {
      let node = (core as? PropertyCore<V>)?.node
      let dependents = node?.domain == nil ? 0 : node!.withRoot { _ in node!.dependents.count }
      return core.state.withLock { $0.observers.count } + (node?.observerCount ?? 0) + dependents
    }
    return [
      "title": count(viewModel.title.storage.core), "summary": count(viewModel.summary.storage.core),
      "name text": count(viewModel.name.text.storage.core), "phone text": count(viewModel.phone.text.storage.core),
      "name is valid": count(viewModel.name.isValid.storage.core),
      "phone is valid": count(viewModel.phone.isValid.storage.core),
      "name notice": count(viewModel.name.notice.storage.core),
      "phone notice": count(viewModel.phone.notice.storage.core),
      "message": count(viewModel.message.storage.core),
      "submit is enabled": count(viewModel.submitCommand.isEnabled.storage.core),
      "clear is enabled": count(viewModel.clearCommand.isEnabled.storage.core),
    ]
  }

  @Test func aViewModelThatOutlivesItsViewKeepsNoneOfTheViewAliveAndLosesEveryBindingsObserver() {
    var graph = Graph()
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let nameText = viewModel.name.text
    let before = Self.observerCounts(viewModel)
    do {
      let view = HotelOrderView(viewModel: viewModel)
      graph.record(view)
      view.nameInput.field.userDidType("Zhuo")
      _ = viewModel.submitCommand.execute()
      #expect(view.summaryLabel.text == "Zhuo will stay at Meituan Hotel\nPhone: ")
      // The view's bindings observe every one of these outputs while it lives, except the title: a constant
      // property has already ended, so its binding delivers the value and ends at once.
      let during = Self.observerCounts(viewModel)
      #expect(during.keys.filter { during[$0]! <= before[$0]! }.sorted() == ["title"])
    }
    #expect(graph.alive(.view) == [])
    #expect(graph.alive(.model).count == 16)
    #expect(graph.unended == [])
    #expect(Self.observerCounts(viewModel) == before)
    // The view model still works, and its changes reach no view.
    nameText.value = "Li"
    #expect(viewModel.summary.value == "Li will stay at Meituan Hotel\nPhone: ")
    _ = viewModel.clearCommand.execute()
    #expect(nameText.value == nil)
  }

  @Test func theLoginDemosScriptedSessionFreesItsViewViewModelCommandAndControls() {
    var graph = Graph()
    do {
      let session = LoginSession()
      let view = session.view
      graph.add("session", session, side: .view)
      graph.add("view", view, side: .view)
      graph.add("view model", view.viewModel)
      graph.add("username", view.viewModel.username)
      graph.add("password", view.viewModel.password)
      graph.add("can log in", view.viewModel.canLogIn)
      graph.add("login command", view.viewModel.loginCommand)
      graph.add("message", view.viewModel.message)
      graph.add("username field", control: view.usernameField)
      graph.add("password field", control: view.passwordField)
      graph.add("login button", control: view.loginButton)
      graph.add("message area", control: view.messageArea)
      let output = session.run(script: "type chris\ntab\ntype secret\npress login")
      #expect(output.hasSuffix("  ✓ Welcome, chris! You are logged in.\n"))
    }
    #expect(graph.alive() == [])
    #expect(graph.unended == [])
  }

  /// A repository that hands out ``CachedRoomRepository``'s rooms, and keeps a weak reference to an object
  /// that each request's start holds until the request ends: while it is alive, the request is.
  final class TrackedRoomRepository: RoomRepository {
    final class Request: Sendable {}
    let base: CachedRoomRepository
    private let tracked = Locked([Weak<Request>]())

    var requests: [Weak<Request>] { tracked.withLock { $0 } }

    init(_ base: CachedRoomRepository) { self.base = base }

    func rooms() -> SignalProducer<RoomList, NetworkError> {
      let rooms = base.rooms()
      return SignalProducer { observer, lifetime in
        let request = Request()
        self.tracked.withLock { $0.append(Weak(request)) }
        lifetime.observeEnded { _ = request }
        lifetime += rooms.start(observer)
      }
    }
  }

  @Test func theRoomListFreesItsViewViewModelAndRequestWhenTheViewGoesAway() {
    let scheduler = TestScheduler()
    let cache = RoomCache(rooms: [Room(name: "Standard King", pricePerNight: 388)])
    let api = FakeRoomAPI(scheduler: scheduler, latency: .seconds(2), reply: .rooms([]))
    let repository = TrackedRoomRepository(CachedRoomRepository(cache: cache, api: api))
    var graph = Graph()
    do {
      let view = RoomListView(viewModel: RoomListViewModel(repository: repository, viewScheduler: scheduler))
      let viewModel = view.viewModel
      graph.add("view", view, side: .view)
      graph.add("view model", viewModel)
      graph.add("rooms", viewModel.rooms)
      graph.add("source", viewModel.source)
      graph.add("is loading", viewModel.isLoading)
      graph.add("error", viewModel.error)
      graph.add("status", viewModel.status)
      graph.add("refresh command", viewModel.refresh)
      graph.add("status label", control: view.statusLabel)
      graph.add("rooms label", control: view.roomsLabel)
      graph.add("refresh button", control: view.refreshButton)
      graph.add("message area", control: view.messageArea)
      scheduler.advance(by: .seconds(2))
      view.refreshButton.tap()  // a second request, in flight when the view goes away
      scheduler.advance(by: .seconds(1))
      #expect(repository.requests.count == 2)
      #expect(repository.requests[0].object == nil)  // the first one answered and ended
      #expect(repository.requests[1].object != nil)
    }
    #expect(graph.alive() == [])
    #expect(graph.unended == [])
    #expect(repository.requests.allSatisfy { $0.object == nil })
    #expect(api.activity == [.started, .answered, .started, .cancelled])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func theRoomDemosScriptedSessionFreesItsClockNetworkViewAndViewModel() {
    var graph = Graph()
    do {
      let session = RoomListSession()
      graph.add("session", session, side: .view)
      graph.add("view", session.view, side: .view)
      graph.add("view model", session.view.viewModel)
      graph.add("refresh command", session.view.viewModel.refresh)
      graph.add("clock", session.clock)
      graph.add("network", session.api)
      graph.add("cache", session.cache)
      graph.add("refresh button", control: session.view.refreshButton)
      graph.add("network button", control: session.networkButton)
      // Ends while a refresh waits for the network: the clock holds its timer until the view goes away.
      let output = session.run(script: "wait 2\npress network\npress refresh\nwait 2\npress refresh")
      #expect(output.hasSuffix("  network: request, answer, request, failure, request\n"))
    }
    #expect(graph.alive() == [])
    #expect(graph.unended == [])
  }
}
