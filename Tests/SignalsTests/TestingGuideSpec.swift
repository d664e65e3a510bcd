// The ViewModel spec of Docs/Testing.md, verbatim between the markers
// (scripts/check-testing-guide.sh keeps them equal).
// TESTING-GUIDE-BEGIN
import Signals
import SignalsTesting
import Synchronization
import Testing

// MARK: The view model

enum SearchError: Error {
  case offline, timedOut
}

/// What the search screen needs from the network. `Sendable`: the view model's producer calls it from
/// whatever thread the query changes on.
protocol SearchAPI: Sendable {
  func search(_ term: String) -> SignalProducer<[String], SearchError>
}

/// A search field that asks the API once the user stops typing for 300 ms, shows the latest answer, and
/// shows nothing when a request fails or takes longer than 2 s.
final class SearchViewModel {
  let query = MutableProperty("")
  let results: Property<[String]>

  init(api: any SearchAPI, scheduler: any TimeScheduler) {
    let answers = query.producer
      .skip(first: 1)  // the initial, empty query
      .debounce(.milliseconds(300), on: scheduler)
      .skipRepeats()
      .flatMap(.latest) { term -> SignalProducer<[String], Never> in
        guard !term.isEmpty else { return SignalProducer(value: []) }
        return api.search(term)
          .timeout(after: .seconds(2), raising: .timedOut, on: scheduler)
          .flatMapError { _ in SignalProducer(value: []) }
      }
    results = Property(initial: [], then: answers)
  }
}

// MARK: The fake API, on virtual time

/// Answers every term after two ticks with "<term> 1" and "<term> 2", unless told otherwise. What it is told
/// and what it records are kept under a lock, as a `Sendable` API's state must be.
final class FakeSearchAPI: SearchAPI {
  let scheduler: TestScheduler
  private let state = Mutex((replies: [String: String](), requests: [String](), cancelled: [String]()))

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Replaces the default answer `--r|` to `term` (r is the answer, X fails with `.offline`).
  func reply(to term: String, with marble: String) { state.withLock { $0.replies[term] = marble } }
  var requests: [String] { state.withLock { $0.requests } }
  var cancelled: [String] { state.withLock { $0.cancelled } }

  func search(_ term: String) -> SignalProducer<[String], SearchError> {
    let marble = state.withLock { $0.replies[term] } ?? "--r|"
    return scheduler.coldProducer(marble, values: ["r": ["\(term) 1", "\(term) 2"]], error: .offline)
      .on(
        starting: { self.state.withLock { $0.requests.append(term) } },
        interrupted: { self.state.withLock { $0.cancelled.append(term) } })
  }
}

// MARK: The spec

@Suite struct SearchViewModelSpec {
  let scheduler = TestScheduler(tick: .milliseconds(100))  // one marble character = 100 ms
  let api: FakeSearchAPI
  let viewModel: SearchViewModel

  init() {
    api = FakeSearchAPI(scheduler: scheduler)
    viewModel = SearchViewModel(api: api, scheduler: scheduler)
  }

  @Test func asksOnceTheUserStopsTyping() {
    let typing = scheduler.hotSignal("-abc-------", values: ["a": "s", "b": "sw", "c": "swi"])
    viewModel.query <~ typing
    let results = TestRecorder(viewModel.results.signal, scheduler: scheduler)

    scheduler.advance(by: .seconds(1))

    //               typing: -abc-------
    //   debounced (300 ms): ------c        the request starts
    //      answer (200 ms): --------r
    results.expect(marble: "--------r", values: ["r": ["swi 1", "swi 2"]])
    #expect(api.requests == ["swi"])
  }

  @Test func aNewQueryReplacesTheRequestInFlight() {
    api.reply(to: "sw", with: "-----r|")  // slow
    let typing = scheduler.hotSignal("-a---b-----", values: ["a": "sw", "b": "swift"])
    viewModel.query <~ typing
    let results = TestRecorder(viewModel.results.signal, scheduler: scheduler)

    scheduler.advance(by: .seconds(2))

    results.expect(marble: "----------r", values: ["r": ["swift 1", "swift 2"]])
    #expect(api.requests == ["sw", "swift"])
    #expect(api.cancelled == ["sw"])
  }

  @Test func showsNothingWhenTheAPIFailsOrIsTooSlow() {
    api.reply(to: "swift", with: "-X")
    api.reply(to: "rust", with: "-")  // never answers
    let typing = scheduler.hotSignal("-a------b", values: ["a": "swift", "b": "rust"])
    viewModel.query <~ typing
    let results = TestRecorder(viewModel.results.signal, scheduler: scheduler)

    scheduler.advance(by: .seconds(5))

    // "swift" fails at tick 5; "rust" is asked at tick 11 and times out 2 s (20 ticks) later.
    let expected = "-----e" + String(repeating: "-", count: 25) + "e"
    results.expect(marble: expected, values: ["e": []])
    #expect(viewModel.results.value == [])
  }

  @Test func clearingTheFieldClearsTheResultsWithoutARequest() {
    let typing = scheduler.hotSignal("-a-----b", values: ["a": "swift", "b": ""])
    viewModel.query <~ typing
    let results = TestRecorder(viewModel.results, scheduler: scheduler)

    scheduler.run()

    //     typing: -a-----b
    //    results: e-----r---e    the current value at once; "" asks nothing
    results.expect(marble: "e-----r---e", values: ["e": [], "r": ["swift 1", "swift 2"]])
    #expect(api.requests == ["swift"])
  }
}
// TESTING-GUIDE-END
