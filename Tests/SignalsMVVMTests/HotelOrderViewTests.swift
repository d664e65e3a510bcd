import Signals
import SignalsMVVM
import SignalsSamples
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct HotelOrderViewTests {
  @Test func showsTheViewModelWhenBound() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo"))
    #expect(view.titleLabel.text == "Meituan Hotel")
    #expect(view.nameInput.label.text == "Guest")
    #expect(view.nameInput.field.text == "Zhuo")
    #expect(view.phoneInput.field.text == nil)
    #expect(view.summaryLabel.text == "Zhuo will stay at Meituan Hotel\nPhone: ")
  }

  @Test func typingUpdatesTheViewModelAndTheSummary() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let view = HotelOrderView(viewModel: viewModel)
    view.nameInput.field.userDidType("Zhuo")
    view.phoneInput.field.userDidType("18610001000")
    #expect(viewModel.name.text.value == "Zhuo")
    #expect(viewModel.phone.isValid.value)
    #expect(view.summaryLabel.text == "Zhuo will stay at Meituan Hotel\nPhone: 18610001000")
  }

  @Test func submitShowsTheErrorThenTheConfirmation() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel"))
    view.submitButton.tap()
    #expect(view.messageArea.message == .error("Guest name must not be empty"))
    view.nameInput.field.userDidType("Zhuo")
    view.submitButton.tap()
    #expect(view.messageArea.message == .error("Phone number must not be empty"))
    view.phoneInput.field.userDidType("18610001000")
    view.submitButton.tap()
    #expect(view.messageArea.message == .info("Booked Meituan Hotel for Zhuo, phone 18610001000"))
  }

  @Test func thePhoneFieldTakesDigitsOnlyAndSaysSo() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel"))
    view.phoneInput.field.userDidType("186")
    #expect(view.phoneInput.statusLabel.text == "--")
    view.phoneInput.field.userDidType("a")
    #expect(view.phoneInput.field.text == "186")  // the field shows what the view model kept
    #expect(view.phoneInput.statusLabel.text == "-- (digits only)")
    view.phoneInput.field.userDidType("100010009")
    #expect(view.phoneInput.field.text == "18610001000")
    #expect(view.phoneInput.statusLabel.text == "ok (11 digits at most)")
    view.phoneInput.field.userDidDeleteBackward()
    #expect(view.phoneInput.statusLabel.text == "--")
    #expect(view.phoneInput.field.placeholder == "11 digits")
  }

  @Test func anErrorGoesWhenItsInputChanges() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo"))
    view.phoneInput.field.userDidType("186100")
    view.submitButton.tap()
    #expect(view.messageArea.message == .error("Phone number 186100 is not valid: use 11 digits starting 13, 15 or 18"))
    view.phoneInput.field.userDidType("01000")
    #expect(view.messageArea.message == nil)
  }

  @Test func clearEmptiesTheFieldsAndTheMessage() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo"))
    view.submitButton.tap()
    #expect(view.messageArea.message != nil)
    view.clearButton.tap()
    #expect(view.nameInput.field.text == nil)
    #expect(view.phoneInput.field.text == nil)
    #expect(view.messageArea.message == nil)
    #expect(view.summaryLabel.text == "No guest yet for Meituan Hotel\nPhone: ")
  }

  @Test func afterTheViewGoesAwayTheViewItsViewModelAndAllBindingsAreFreed() {
    var view: HotelOrderView? = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel"))
    view!.nameInput.field.userDidType("Zhuo")
    view!.submitButton.tap()
    let weakView = Weak(view!)
    let weakViewModel = Weak(view!.viewModel)
    let weakSummary = Weak(view!.viewModel.summary)
    let weakText = Weak(view!.viewModel.phone.text)
    let weakCommand = Weak(view!.viewModel.submitCommand)
    let weakField = Weak(view!.phoneInput.field)
    let weakButton = Weak(view!.submitButton)
    let weakMessages = Weak(view!.messageArea)
    view = nil
    #expect(weakView.object == nil)
    #expect(weakViewModel.object == nil)
    #expect(weakSummary.object == nil)
    #expect(weakText.object == nil)
    #expect(weakCommand.object == nil)
    #expect(weakField.object == nil)
    #expect(weakButton.object == nil)
    #expect(weakMessages.object == nil)
  }

  @Test func theViewModelOutlivingItsViewKeepsNoBindingIntoIt() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    var view: HotelOrderView? = HotelOrderView(viewModel: viewModel)
    let weakField = Weak(view!.nameInput.field)
    let weakLabel = Weak(view!.summaryLabel)
    view = nil
    #expect(weakField.object == nil)
    #expect(weakLabel.object == nil)
    viewModel.name.text.value = "Zhuo"  // reaches nothing, and does not crash
    viewModel.submitCommand.execute()
    #expect(viewModel.summary.value == "Zhuo will stay at Meituan Hotel\nPhone: ")
  }
}
