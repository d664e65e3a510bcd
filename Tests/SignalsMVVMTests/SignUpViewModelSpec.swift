import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// The sign-up form's exhaustive spec: the username checked with the fake server one tick later, the
/// passwords validated as they are typed, the sign-up command's state and result. An output stored under two
/// names (`signUpEnabled` is `signUpCommand.isEnabled`) is one output, stated under either.
/// `SignUpViewModelTests` holds its recorder specs.
@Suite(.watchingThePool) struct SignUpViewModelSpec {
  let scheduler = TestScheduler()

  @Test func typeEverythingThenSignUp() {
    let api = FakeSignUpAPI(scheduler: scheduler)
    let viewModel = SignUpViewModel(api: api)
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)

    spec.step("type a username") {
      viewModel.username.value = "chris"
    } expect: {
      $0.username = "chris"
      $0.validatedUsername = .validating
    }
    spec.advance(ticks: 1) {
      $0.validatedUsername = .ok("Username available")
    }
    spec.step("type the passwords") {
      viewModel.password.value = "secret"
      viewModel.repeatedPassword.value = "secret"
    } expect: {
      $0.password = "secret"
      $0.validatedPassword = .ok("Password acceptable")
      $0.repeatedPassword = "secret"
      $0.validatedRepeatedPassword = .ok("Password repeated")
      $0.signUpEnabled = true
    }
    spec.step("sign up") {
      viewModel.signUpCommand.execute()
    } expect: {
      $0.signingIn = true
      $0.signUpEnabled = false
    }
    spec.advance(ticks: 2) {
      $0.signedIn = [true]
      $0.signingIn = false
      $0.signUpEnabled = true
    }
    spec.finish()
    #expect(api.checks == ["chris"])
    #expect(api.signUps == ["chris:secret"])
  }

  @Test func aNewUsernameReplacesTheCheckInFlight() {
    let viewModel = SignUpViewModel(api: FakeSignUpAPI(scheduler: scheduler))
    let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)

    spec.step("type a taken name, then another") {
      viewModel.username.value = "taken"
      viewModel.username.value = "chris"
    } expect: {
      $0.changes(of: \.username, ["taken", "chris"])
      $0.validatedUsername = .validating  // one change: the second check starts as .validating too
    }
    spec.run {
      $0.validatedUsername = .ok("Username available")
    }
    spec.finish()
  }
}
