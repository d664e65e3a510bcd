import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// A fake server on virtual time: every check takes two ticks, a sign-up three; "taken" is taken.
final class FakeSignUpAPI: SignUpAPI {
  let scheduler: TestScheduler
  private let calls = Locked((checks: [String](), signUps: [String]()))

  var checks: [String] { calls.withLock { $0.checks } }
  var signUps: [String] { calls.withLock { $0.signUps } }

  init(scheduler: TestScheduler) { self.scheduler = scheduler }

  func usernameAvailable(_ username: String) -> SignalProducer<Bool, Never> {
    calls.withLock { $0.checks.append(username) }
    return scheduler.coldProducer("-(v|)", values: ["v": username != "taken"])
  }

  func signUp(username: String, password: String) -> SignalProducer<Bool, Never> {
    calls.withLock { $0.signUps.append("\(username):\(password)") }
    return scheduler.coldProducer("--(v|)", values: ["v": true])
  }
}

@Suite(.watchingThePool) struct SignUpViewModelTests {
  let scheduler = TestScheduler()

  @Test func usernameIsCheckedWithTheServerAndTheLatestCheckWins() {
    let api = FakeSignUpAPI(scheduler: scheduler)
    let viewModel = SignUpViewModel(api: api)
    let results = TestRecorder(viewModel.validatedUsername, scheduler: scheduler)
    let typing = scheduler.hotSignal("-a-b-c--", values: ["a": "chris", "b": "tak", "c": "taken"])
    viewModel.username <~ typing.map { Optional($0) }
    scheduler.advance(ticks: 8)
    // Each check answers one tick after the name was typed, before the next name arrives.
    results.expect(
      marble: "evovovf-",
      values: [
        "e": .empty, "v": .validating, "o": .ok("Username available"), "f": .failed("Username already taken"),
      ]
    )
    #expect(api.checks == ["chris", "tak", "taken"])
  }

  @Test func aNewUsernameCancelsTheCheckInFlight() {
    let api = FakeSignUpAPI(scheduler: scheduler)
    let viewModel = SignUpViewModel(api: api)
    let results = TestRecorder(viewModel.validatedUsername, scheduler: scheduler)
    viewModel.username.value = "taken"
    viewModel.username.value = "chris"
    scheduler.advance(ticks: 2)
    results.expect(values: [.empty, .validating, .ok("Username available")])
  }

  @Test func invalidCharactersFailWithoutAskingTheServer() {
    let api = FakeSignUpAPI(scheduler: scheduler)
    let viewModel = SignUpViewModel(api: api)
    viewModel.username.value = "chris!"
    #expect(viewModel.validatedUsername.value == .failed("Username can only contain letters or digits"))
    #expect(api.checks.isEmpty)
  }

  @Test func passwordsAreValidated() {
    let viewModel = SignUpViewModel(api: FakeSignUpAPI(scheduler: scheduler))
    #expect(viewModel.validatedPassword.value == .empty)
    viewModel.password.value = "abc"
    #expect(viewModel.validatedPassword.value == .failed("Password must be at least 5 characters"))
    viewModel.password.value = "abcdef"
    #expect(viewModel.validatedPassword.value == .ok("Password acceptable"))
    viewModel.repeatedPassword.value = "abcdeX"
    #expect(viewModel.validatedRepeatedPassword.value == .failed("Password different"))
    viewModel.repeatedPassword.value = "abcdef"
    #expect(viewModel.validatedRepeatedPassword.value == .ok("Password repeated"))
  }

  @Test func signUpIsEnabledWhenAllAreValidAndShowsActivityAndResult() {
    let api = FakeSignUpAPI(scheduler: scheduler)
    let viewModel = SignUpViewModel(api: api)
    let enabled = TestRecorder(viewModel.signUpEnabled, scheduler: scheduler)
    let signingIn = TestRecorder(viewModel.signingIn, scheduler: scheduler)
    let signedIn = TestRecorder(viewModel.signedIn, scheduler: scheduler)
    viewModel.username.value = "chris"
    viewModel.password.value = "secret"
    viewModel.repeatedPassword.value = "secret"
    scheduler.advance(ticks: 1)  // the username check answers
    viewModel.signUpCommand.execute()
    scheduler.advance(ticks: 3)
    enabled.expect(marble: "f(tf)-t", values: ["f": false, "t": true])
    signingIn.expect(marble: "ft-f", values: ["f": false, "t": true])
    signedIn.expect(marble: "---t", values: ["t": true])
    #expect(api.signUps == ["chris:secret"])
  }

  @Test func theViewModelIsReleasedAfterASignUpWithItsOutputsRecorded() {
    expectReleased({ SignUpViewModel(api: FakeSignUpAPI(scheduler: scheduler)) }) { viewModel in
      let signedIn = TestRecorder(viewModel.signedIn, scheduler: scheduler)
      viewModel.username.value = "chris"
      viewModel.password.value = "secret"
      viewModel.repeatedPassword.value = "secret"
      scheduler.advance(ticks: 1)
      viewModel.signUpCommand.execute()
      scheduler.advance(ticks: 3)
      signedIn.expect(marble: "---t", values: ["t": true])
    }
  }
}
