import Signals
import SignalsMVVM
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct LoginViewModelTests {
  @Test func loginIsEnabledOnlyWhenBothFieldsAreFilledIn() {
    let viewModel = LoginViewModel()
    let enabled = TestRecorder(viewModel.loginCommand.isEnabled)
    viewModel.username.value = "chris"
    viewModel.password.value = "secret"
    viewModel.password.value = ""
    viewModel.password.value = "s"
    enabled.expect(values: [false, true, false, true])
  }

  @Test func loggingInSendsTheWelcomeMessage() {
    let viewModel = LoginViewModel()
    let messages = TestRecorder(viewModel.loginCommand.values)
    viewModel.loginCommand.execute()  // disabled: nothing
    viewModel.username.value = "chris"
    viewModel.password.value = "secret"
    viewModel.loginCommand.execute()
    messages.expect(values: ["Welcome, chris! You are logged in."])
  }

  @Test func theWelcomeGoesAsSoonAsAnInputChanges() {
    let viewModel = LoginViewModel()
    let message = TestRecorder(viewModel.message)
    viewModel.username.value = "zhuo"
    viewModel.password.value = "pw"
    viewModel.loginCommand.execute()
    viewModel.password.value = ""  // the button is disabled again: the welcome no longer applies
    viewModel.loginCommand.execute()  // disabled: no message
    viewModel.password.value = "pw"
    viewModel.loginCommand.execute()
    viewModel.username.value = "li"
    message.expect(values: [
      nil, "Welcome, zhuo! You are logged in.", nil, "Welcome, zhuo! You are logged in.", nil,
    ])
  }

  @Test func theViewEnablesTheButtonAndShowsTheMessage() {
    let view = LoginView(viewModel: LoginViewModel())
    #expect(!view.loginButton.isEnabled)
    #expect(!view.loginButton.tap())
    view.usernameField.userDidType("chris")
    view.passwordField.userDidType("secret")
    #expect(view.loginButton.isEnabled)
    view.loginButton.tap()
    #expect(view.messageArea.message == .info("Welcome, chris! You are logged in."))
    view.passwordField.userDidDeleteBackward()
    #expect(view.messageArea.message == nil)
  }
}

@Suite(.watchingThePool) struct UserInfoViewModelTests {
  @Test func mockWebUpdatesArriveAtZeroThreeAndFiveSeconds() {
    let scheduler = TestScheduler()
    let viewModel = UserInfoViewModel(scheduler: scheduler)
    let names = TestRecorder(viewModel.name, scheduler: scheduler)
    viewModel.updateFromMockWeb()
    scheduler.advance(by: .seconds(6))
    names.expect(marble: "(ea)--b-c", values: ["e": "", "a": "Chris1", "b": "Chris18", "c": "Chris28"])
    #expect(viewModel.user.value == User(name: "Chris28", age: 28, city: "iloveShanghai28"))
  }

  @Test func theViewShowsEachUpdate() {
    let scheduler = TestScheduler()
    let view = UserInfoView(viewModel: UserInfoViewModel(scheduler: scheduler))
    view.viewModel.updateFromMockWeb()
    #expect([view.nameLabel.text, view.ageLabel.text, view.cityLabel.text] == ["Chris1", "1", "Shanghai1"])
    scheduler.advance(by: .seconds(3))
    #expect([view.nameLabel.text, view.ageLabel.text, view.cityLabel.text] == ["Chris18", "18", "Shanghai18"])
    scheduler.advance(by: .seconds(2))
    #expect([view.nameLabel.text, view.ageLabel.text, view.cityLabel.text] == ["Chris28", "28", "iloveShanghai28"])
  }

  @Test func releasingTheViewModelCancelsPendingUpdates() {
    let scheduler = TestScheduler()
    var viewModel: UserInfoViewModel? = UserInfoViewModel(scheduler: scheduler)
    viewModel!.updateFromMockWeb()
    #expect(scheduler.scheduledCount == 2)
    let weak = Weak(viewModel!)
    viewModel = nil
    #expect(weak.object == nil)
    #expect(scheduler.scheduledCount == 0)
  }
}
