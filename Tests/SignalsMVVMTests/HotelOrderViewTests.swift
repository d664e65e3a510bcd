import Signals
import SignalsMVVM
import SignalsSamples
import Testing

@Suite struct HotelOrderViewTests {
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

  @Test func clearEmptiesTheFieldsAndTheMessage() {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo"))
    view.submitButton.tap()
    #expect(view.messageArea.message != nil)
    view.clearButton.tap()
    #expect(view.nameInput.field.text == nil)
    #expect(view.phoneInput.field.text == nil)
    #expect(view.messageArea.message == nil)
    #expect(view.summaryLabel.text == " will stay at Meituan Hotel\nPhone: ")
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
