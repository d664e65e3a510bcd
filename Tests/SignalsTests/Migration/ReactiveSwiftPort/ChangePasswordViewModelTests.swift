import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// The spec of ChangePasswordViewModel, written as ReactiveSwift view-model specs are: a TestObserver per
// output, a virtual-time scheduler, inputs called by hand, `assert…` on what each output saw. Moved to
// Signals unchanged except for `import ReactiveSwift`/`import ReactiveSwift.TestScheduler` → `import Signals`
// and `import SignalsTesting` (and Swift Testing's `@Test` for XCTest's `func test…`, which the suite would
// keep under XCTest).

/// A service whose answer the spec sets: by default it succeeds at once.
final class MockChangePasswordService: ChangePasswordService {
  var result: Result<Void, ChangePasswordError> = .success(())
  private(set) var requests: [(current: String, new: String)] = []

  func changePassword(current: String, new: String) -> SignalProducer<Void, ChangePasswordError> {
    requests.append((current, new))
    switch result {
    case .success: return SignalProducer(value: ())
    case .failure(let error): return SignalProducer(error: error)
    }
  }
}

@Suite(.watchingThePool) final class ChangePasswordViewModelTests {
  private let scheduler = TestScheduler()
  private let service = MockChangePasswordService()
  private let vm: ChangePasswordViewModelType

  private let activityIndicatorShouldShow = TestObserver<Bool, Never>()
  private let errorMessage = TestObserver<String, Never>()
  private let passwordUpdated = TestObserver<Void, Never>()
  private let saveButtonIsEnabled = TestObserver<Bool, Never>()
  private let validationErrorMessage = TestObserver<String, Never>()

  init() {
    vm = ChangePasswordViewModel(service: service, scheduler: scheduler)
    vm.outputs.activityIndicatorShouldShow.observe(activityIndicatorShouldShow.observer)
    vm.outputs.errorMessage.observe(errorMessage.observer)
    vm.outputs.passwordUpdated.observe(passwordUpdated.observer)
    vm.outputs.saveButtonIsEnabled.observe(saveButtonIsEnabled.observer)
    vm.outputs.validationErrorMessage.observe(validationErrorMessage.observer)
  }

  private func fillInTheForm() {
    vm.inputs.currentPasswordChanged("password")
    vm.inputs.newPasswordChanged("123456")
    vm.inputs.confirmationChanged("123456")
  }

  @Test func saveButtonIsEnabledOnceTheFormIsValid() {
    saveButtonIsEnabled.assertValueCount(0)
    vm.inputs.currentPasswordChanged("password")
    saveButtonIsEnabled.assertValueCount(0, "Every field must have changed once.")
    vm.inputs.newPasswordChanged("12345")
    vm.inputs.confirmationChanged("12345")
    saveButtonIsEnabled.assertValues([false], "Too short.")
    vm.inputs.newPasswordChanged("123456")
    vm.inputs.confirmationChanged("123456")
    saveButtonIsEnabled.assertValues([false, true])
  }

  @Test func validationMessageWaitsUntilTheUserStopsTyping() {
    fillInTheForm()
    vm.inputs.confirmationChanged("1234")
    validationErrorMessage.assertValueCount(0)
    scheduler.advance(by: .milliseconds(299))
    validationErrorMessage.assertValueCount(0)
    scheduler.advance(by: .milliseconds(1))
    validationErrorMessage.assertValues(["The new passwords don't match."])
    vm.inputs.newPasswordChanged("123")
    scheduler.advance(by: .milliseconds(300))
    validationErrorMessage.assertValues([
      "The new passwords don't match.", "Your password must be at least 6 characters.",
    ])
  }

  @Test func changePasswordSuccess() {
    fillInTheForm()
    vm.inputs.saveButtonTapped()
    activityIndicatorShouldShow.assertValues([true])
    passwordUpdated.assertDidNotEmitValue()

    scheduler.advance(by: .seconds(1))
    activityIndicatorShouldShow.assertValues([true, false])
    passwordUpdated.assertValueCount(1)
    errorMessage.assertDidNotEmitValue()
    #expect(service.requests.map(\.new) == ["123456"])
  }

  @Test func changePasswordFailure() {
    service.result = .failure(.incorrectCurrentPassword)
    fillInTheForm()
    vm.inputs.saveButtonTapped()
    activityIndicatorShouldShow.assertValues([true], "The failure waits for the scheduler.")
    errorMessage.assertDidNotEmitValue()

    scheduler.advance()
    activityIndicatorShouldShow.assertValues([true, false])
    errorMessage.assertValues(["The current password is incorrect."])
    passwordUpdated.assertDidNotEmitValue()
  }

  @Test func aSecondTapAfterAFailureTriesAgain() {
    service.result = .failure(.offline)
    fillInTheForm()
    vm.inputs.saveButtonTapped()
    scheduler.advance()
    service.result = .success(())
    vm.inputs.saveButtonTapped()
    scheduler.advance(by: .seconds(1))
    activityIndicatorShouldShow.assertValues([true, false, true, false])
    errorMessage.assertValues(["Something went wrong. Please try again."])
    passwordUpdated.assertValueCount(1)
    errorMessage.assertDidNotComplete()
  }
}
