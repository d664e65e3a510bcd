import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// The exhaustive form of ChangePasswordViewModelTests: no TestObserver per output, no assert per observer. The
// spec finds the five output signals itself and fails a step that does not state everything they sent. The
// form's inputs are private MutableProperties behind `inputs`, which a spec cannot name: it ignores them.
// `Docs/Migrating.md` shows the two side by side.

@Suite(.watchingThePool) struct ChangePasswordViewModelSpec {
  let scheduler = TestScheduler()
  let service = MockChangePasswordService()

  func makeSpec() -> (ChangePasswordViewModel, ViewModelSpec<ChangePasswordViewModel>) {
    let vm = ChangePasswordViewModel(service: service, scheduler: scheduler)
    let inputs: Set = [
      "currentPasswordProperty", "newPasswordProperty", "confirmationProperty", "saveButtonTappedProperty",
    ]
    return (vm, ViewModelSpec(of: vm, scheduler: scheduler, ignoring: inputs))
  }

  @Test func changePasswordSuccess() {
    let (vm, spec) = makeSpec()
    spec.step("fill in the form") {
      vm.inputs.currentPasswordChanged("password")
      vm.inputs.newPasswordChanged("123456")
      vm.inputs.confirmationChanged("123456")
    } expect: {
      $0.saveButtonIsEnabled = [true]
    }
    spec.advance(by: .milliseconds(300)) {
      $0.validationErrorMessage = [""]
    }
    spec.step("tap save") {
      vm.inputs.saveButtonTapped()
    } expect: {
      $0.activityIndicatorShouldShow = [true]
    }
    spec.advance(by: .seconds(1)) {
      $0.activityIndicatorShouldShow = [false]
      $0.passwordUpdated = [()]
    }
    spec.finish()
    #expect(service.requests.map(\.new) == ["123456"])
  }

  @Test func changePasswordFailure() {
    service.result = .failure(.incorrectCurrentPassword)
    let (vm, spec) = makeSpec()
    spec.step("fill in the form and tap save") {
      vm.inputs.currentPasswordChanged("password")
      vm.inputs.newPasswordChanged("123456")
      vm.inputs.confirmationChanged("123456")
      vm.inputs.saveButtonTapped()
    } expect: {
      $0.saveButtonIsEnabled = [true]
      $0.activityIndicatorShouldShow = [true]
    }
    spec.advance(by: .milliseconds(300)) {
      $0.validationErrorMessage = [""]
      $0.activityIndicatorShouldShow = [false]
      $0.errorMessage = ["The current password is incorrect."]
    }
    spec.finish()
  }
}
