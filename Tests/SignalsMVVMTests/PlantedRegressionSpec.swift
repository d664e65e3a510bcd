import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// `SignUpViewModel` with two planted regressions, each a plausible refactor:
/// 1. the username is checked again whenever the password changes (the check was moved onto "any field
///    changed"), so `validatedUsername` flickers to `.validating` and the server is asked twice;
/// 2. the sign-up command waits for a session update that never comes, so it is left executing after its
///    result.
/// Everything else is the sample's code.
final class RegressedSignUpViewModel {
  let username = MutableProperty<String?>(nil)
  let password = MutableProperty<String?>(nil)
  let repeatedPassword = MutableProperty<String?>(nil)
  let validatedUsername: Property<ValidationResult>
  let validatedPassword: Property<ValidationResult>
  let validatedRepeatedPassword: Property<ValidationResult>
  let signUpCommand: Command<Void, Bool, Never>
  let signUpEnabled: Property<Bool>
  let signingIn: Property<Bool>
  let signedIn: Signal<Bool, Never>

  init(api: any SignUpAPI) {
    let username = self.username
    let password = self.password
    // Regression 1: combined with the password, so a password change checks the username again.
    let fields = Property.combineLatest(username, password) { username, _ in username }
    validatedUsername = Property(
      initial: .empty,
      then: fields.producer.flatMap(.latest) { text -> SignalProducer<ValidationResult, Never> in
        let text = text ?? ""
        if text.isEmpty { return SignalProducer(value: .empty) }
        return api.usernameAvailable(text)
          .map { $0 ? ValidationResult.ok("Username available") : .failed("Username already taken") }
          .prefix(value: .validating)
      }
    ).skipRepeats()
    validatedPassword = password.map { text in
      let count = (text ?? "").count
      if count == 0 { return .empty }
      return count < SignUpViewModel.minimumPasswordLength ? .failed("Password too short") : .ok("Password acceptable")
    }
    validatedRepeatedPassword = Property.combineLatest(password, repeatedPassword) { password, repeated in
      guard let repeated, !repeated.isEmpty else { return .empty }
      return repeated == password ? .ok("Password repeated") : .failed("Password different")
    }
    let allValid = Property.combineLatest(validatedUsername, validatedPassword, validatedRepeatedPassword) {
      $0.isValid && $1.isValid && $2.isValid
    }
    signUpCommand = Command(enabledIf: allValid) { (_: Void) -> SignalProducer<Bool, Never> in
      // Regression 2: then waits for a session update that never comes.
      api.signUp(username: username.value ?? "", password: password.value ?? "").concatenating(.never)
    }
    signUpEnabled = signUpCommand.isEnabled
    signingIn = signUpCommand.isExecuting
    signedIn = signUpCommand.values
  }
}

/// The planted regressions of ``RegressedSignUpViewModel``: the recorder spec of `SignUpViewModelTests`
/// passes on it, the exhaustive spec of `SignUpViewModelSpec` fails on both, naming them.
@Suite(.watchingThePool) struct PlantedRegressionSpec {
  let scheduler = TestScheduler()

  @Test func theRecorderSpecMissesBoth() async throws {
    let scheduler = self.scheduler
    let issues = try await capturedIssues {
      // SignUpViewModelTests.theViewModelIsReleasedAfterASignUpWithItsOutputsRecorded, on the regressed form.
      let viewModel = RegressedSignUpViewModel(api: FakeSignUpAPI(scheduler: scheduler))
      let signedIn = TestRecorder(viewModel.signedIn, scheduler: scheduler)
      viewModel.username.value = "chris"
      viewModel.password.value = "secret"
      viewModel.repeatedPassword.value = "secret"
      scheduler.advance(ticks: 1)
      viewModel.signUpCommand.execute()
      scheduler.advance(ticks: 3)
      signedIn.expect(marble: "---t", values: ["t": true])
    }
    #expect(issues.isEmpty, "\(issues)")
  }

  @Test func theExhaustiveSpecCatchesBoth() async throws {
    let scheduler = self.scheduler
    let api = FakeSignUpAPI(scheduler: scheduler)
    let lines = Locked((passwords: 0, made: 0))
    let issues = try await capturedIssues {
      // SignUpViewModelSpec.typeEverythingThenSignUp, on the regressed form.
      let viewModel = RegressedSignUpViewModel(api: api)
      lines.withLock { $0.made = #line + 1 }
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler)
      spec.step("type a username") {
        viewModel.username.value = "chris"
      } expect: {
        $0.username = "chris"
        $0.validatedUsername = .validating
      }
      spec.advance(ticks: 1) { $0.validatedUsername = .ok("Username available") }
      lines.withLock { $0.passwords = #line + 1 }
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
    }
    let (passwords, made) = lines.withLock { ($0.passwords, $0.made) }
    #expect(issues.count == 2, "\(issues)")
    // Regression 1: the username flickers back to "validating" when the password is typed.
    let flicker = try #require(issues.first)
    #expect(flicker.line == passwords)
    #expect(flicker.message.contains("Step 3, \"type the passwords\": 2 outputs are not as the step says:"))
    #expect(
      flicker.message.contains(
        """
          ✗ validatedUsername changed, and the step does not say so:
              ok("Username available") → validating
        """))
    // …so the form is not valid, and sign-up not enabled, when the step says it is.
    #expect(
      flicker.message.contains(
        "✗ signUpCommand.isEnabled did not change (it is false), but the step says it becomes true"))
    // The second check is still in flight when the spec ends (released, so at the line that made it).
    // Regression 2 is reached only by the steps after: see theExhaustiveSpecCatchesTheCommandLeftExecuting.
    let end = issues[1]
    #expect(end.line == made)
    #expect(
      end.message.hasPrefix(
        """
        The spec of RegressedSignUpViewModel ends with work unfinished:
          ✗ the scheduler has 2 actions still scheduled
        """))
    #expect(api.checks == ["chris", "chris"])
  }

  @Test func theExhaustiveSpecCatchesTheCommandLeftExecuting() async throws {
    let scheduler = self.scheduler
    let line = Locked(0)
    let issues = try await capturedIssues {
      let viewModel = RegressedSignUpViewModel(api: FakeSignUpAPI(scheduler: scheduler))
      let spec = ViewModelSpec(of: viewModel, scheduler: scheduler, exhaustivity: .partial)
      spec.step("fill in the form") {
        viewModel.username.value = "chris"
        viewModel.password.value = "secret"
        viewModel.repeatedPassword.value = "secret"
      }
      spec.advance(ticks: 1) { $0.signUpEnabled = true }
      spec.step("sign up") {
        viewModel.signUpCommand.execute()
      } expect: {
        $0.signingIn = true
      }
      spec.advance(ticks: 2) { $0.signedIn = [true] }
      line.withLock { $0 = #line + 1 }
      spec.finish()
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.line == line.withLock { $0 })
    #expect(issues.first?.message.contains("✗ signUpCommand is still executing") == true, "\(issues)")
  }
}
