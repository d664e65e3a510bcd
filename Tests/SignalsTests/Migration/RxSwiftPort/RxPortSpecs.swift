import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// The RxTest specs of SignUpFormViewModel and RepositorySearchViewModel, ported. The RxSwift originals built
// their inputs with `scheduler.createHotObservable` / the example app's `parseEventsAndTimes`, ran them with
// `scheduler.start` or `scheduler.record(source:)`, and compared `observer.events` with events at explicit
// times; on `TestScheduler(initialClock: 0, simulateProcessingDelay: false)`. Every expected time below is the
// RxSwift spec's; what changed is `observer.events` → `recorder.recorded`, `XCTAssertEqual` → `#expect`, and
// the one rule that differs is marked where it shows (a disposed start records `interrupted`).

@Suite(.watchingThePool) struct SignUpFormViewModelSpec {
  private let strings = ["e": "", "n1": "ada", "n2": "grace", "n3": "hopper", "p1": "lovelace", "p2": "abc"]
  private let validations: [String: SignUpValidation] = [
    "e": .empty, "v": .validating, "f": .failed("Username already taken"),
    "x": .failed("Error contacting server"), "o": .ok("Username available"),
  ]
  private let booleans = ["t": true, "f": false]

  /// The server: "hopper" is free after 3 ticks, "grace" cannot be reached after 2, the rest are taken
  /// after 4; signing up answers after 2 ticks.
  private func api(_ scheduler: TestScheduler) -> SignUpAPI {
    SignUpAPI(
      usernameAvailable: scheduler.mock(values: booleans, errors: ["#1": SignUpAPIError.offline]) { username in
        switch username {
        case "hopper": return "---t|"
        case "grace": return "--#1"
        default: return "----f|"
        }
      },
      signUp: scheduler.mock(values: booleans, errors: ["#1": SignUpAPIError.offline]) { _ in "--t|" }
    )
  }

  @Test func validatesTheUsernameWithTheServerAndEnablesSignUp() {
    let scheduler = TestScheduler()
    let username = scheduler.createHotSignal(timeline: "e--n1-----n2------n3-----------", values: strings)
    let password = scheduler.createHotSignal(timeline: "e-------------------p1---------", values: strings)
    let repeated = scheduler.createHotSignal(timeline: "e----------------------p2--p1--", values: strings)
    let taps = scheduler.createHotSignal([Recorded<Void, Never>]())

    let viewModel = SignUpFormViewModel(
      input: (username.producer, password.producer, repeated.producer, taps.producer),
      dependency: (api(scheduler), scheduler)
    )
    let validatedUsername = TestRecorder(viewModel.validatedUsername, scheduler: scheduler)
    let signUpEnabled = TestRecorder(viewModel.signUpEnabled, scheduler: scheduler)
    scheduler.run()

    let expectedUsername = "e--v---f--v-x-----v--o---------"
    let expectedEnabled = "f--------------------------t---"
    #expect(
      validatedUsername.recorded == scheduler.parseEventsAndTimes(timeline: expectedUsername, values: validations)[0])
    #expect(signUpEnabled.recorded == scheduler.parseEventsAndTimes(timeline: expectedEnabled, values: booleans)[0])
    #expect(username.subscriptions == [Subscription(0)], "one start, shared by share(replay: 1)")
  }

  @Test func signsUpWithTheLatestCredentialsAndDisablesItselfMeanwhile() {
    let scheduler = TestScheduler()
    let username = scheduler.createHotSignal([.next(205, "hopper")])
    let password = scheduler.createHotSignal([.next(205, "lovelace")])
    let repeated = scheduler.createHotSignal([.next(205, "lovelace")])
    let taps = scheduler.createHotSignal([.next(210, ())])

    let viewModel = SignUpFormViewModel(
      input: (username.producer, password.producer, repeated.producer, taps.producer),
      dependency: (api(scheduler), scheduler)
    )
    let signingIn = TestRecorder(viewModel.signingIn, scheduler: scheduler)
    let signedIn = scheduler.start { viewModel.signedIn }

    // RxTest: [.next(212, true)]. Ours adds the interruption of the start disposed at 1000.
    #expect(signedIn.recorded == [.next(212, true), .interrupted(1000)])
    #expect(
      signingIn.recorded == [.next(0, false), .next(210, true), .next(213, false)], "until the request completes")
    #expect(taps.subscriptions == [Subscription(200, 1000)])
    #expect(username.subscriptions == [Subscription(200, 1000)], "the credentials, started with the taps")
  }
}

@Suite(.watchingThePool) struct RepositorySearchViewModelSpec {
  @Test func throttlesRetriesAndKeepsTheLatestAnswer() {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let query = scheduler.createHotSignal([
      .next(210, "s"), .next(211, "sw"), .next(212, "swi"), .next(300, "swift"), .next(400, ""),
    ])
    let answers: [String: TestableProducer<[String], RepositorySearchError>] = [
      "s": scheduler.createColdProducer([.next(5, ["s"]), .completed(5)]),
      "swi": scheduler.createColdProducer(attempts: [
        [.error(2, .offline)],
        [.next(2, ["swift", "swiftlint"]), .completed(2)],
      ]),
      "swift": scheduler.createColdProducer(attempts: [
        [.error(1, .offline)], [.error(1, .offline)], [.error(1, .offline)],
      ]),
    ]
    let viewModel = RepositorySearchViewModel(
      query: query.producer, search: { answers[$0]!.producer }, scheduler: scheduler)

    let results = scheduler.start { viewModel.results.signal }

    #expect(results.recorded == [.next(217, ["swift", "swiftlint"]), .next(303, []), .next(400, [])])
    #expect(answers["s"]!.subscriptions == [Subscription(210, 213)], "replaced by the trailing 'swi' at 213")
    #expect(answers["swi"]!.subscriptions == [Subscription(213, 215), Subscription(215, 217)])
    #expect(
      answers["swift"]!.subscriptions == [Subscription(300, 301), Subscription(301, 302), Subscription(302, 303)],
      "RxSwift's retry(3) is three attempts: retry(upTo: 2)")
    #expect(query.subscriptions == [Subscription(0)])
  }

  @Test func aPropertyRecordedFromItsProducerAddsItsCurrentValue() {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let query = scheduler.createHotSignal([.next(210, "")])
    let viewModel = RepositorySearchViewModel(
      query: query.producer, search: { _ in .empty }, scheduler: scheduler)
    // A Driver spec expects [.next(210, [])]; the property's producer replays its current value at the
    // subscription: the extra event the guide's Driver table warns about. `signal` leaves it out.
    #expect(scheduler.start { viewModel.results }.recorded == [.next(200, []), .next(210, []), .interrupted(1000)])
    #expect(scheduler.start { viewModel.results.signal }.recorded.isEmpty)
  }
}
