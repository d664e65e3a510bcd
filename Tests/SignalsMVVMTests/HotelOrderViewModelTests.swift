import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct HotelOrderViewModelTests {
  // The seed's "verify phone" test, in our API.
  @Test func verifyPhone() {
    let phone = PhoneInputViewModel()
    let channel = Channel<String?>()
    channel.leadingTerminal <~> phone.text

    let validity = TestRecorder(phone.isValid.signal)
    channel.followingTerminal.send(value: "18612345678")
    #expect(validity.values.first == true)

    phone.text.value = "13810001000"
    let following = TestRecorder(channel.followingTerminal.producer)
    #expect(following.values.first == "13810001000")
  }

  // The seed's "clear command" test, in our API.
  @Test func clearCommand() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")
    viewModel.clearCommand.execute()
    #expect(viewModel.name.text.value == nil)
    #expect(viewModel.phone.text.value == nil)
  }

  @Test func summaryFollowsEveryInputShowingNilAsEmpty() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let summary = TestRecorder(viewModel.summary)
    viewModel.name.text.value = "Zhuo"
    viewModel.phone.text.value = "18610001000"
    viewModel.clearCommand.execute()  // one change: both inputs at once
    summary.expect(values: [
      "No guest yet for Meituan Hotel\nPhone: ",
      "Zhuo will stay at Meituan Hotel\nPhone: ",
      "Zhuo will stay at Meituan Hotel\nPhone: 18610001000",
      "No guest yet for Meituan Hotel\nPhone: ",
    ])
  }

  @Test func clearIsOneChangeSoTheSummaryIsRenderedOnce() {
    // The command clears both inputs in one transaction: the summary, which the view renders, changes once,
    // straight to the empty form.
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")
    let renders = TestRecorder(viewModel.summary.signal)
    viewModel.clearCommand.execute()
    renders.expect(values: ["No guest yet for Meituan Hotel\nPhone: "])

    // The same two clears without a transaction: two renders, the first of a half-cleared form.
    let unbatched = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")
    let unbatchedRenders = TestRecorder(unbatched.summary.signal)
    unbatched.name.clear()
    unbatched.phone.clear()
    unbatchedRenders.expect(values: [
      "No guest yet for Meituan Hotel\nPhone: 18610001000",
      "No guest yet for Meituan Hotel\nPhone: ",
    ])
  }

  @Test(arguments: [
    ("13810001000", true), ("15012345678", true), ("15312345678", true), ("18612345678", true),
    ("18012345678", true), ("15412345678", false), ("18112345678", true), ("18312345678", false),
    ("18412345678", false), ("17012345678", false),
    ("1381000100", false), ("138100010001", false), ("23810001000", false), ("1381000100a", false),
  ])
  func phoneValidity(number: String, isValid: Bool) {
    #expect(PhoneInputViewModel.isValidPhoneNumber(number) == isValid)
    #expect(PhoneInputViewModel(text: number).isValid.value == isValid)
  }

  @Test func submittingWithoutANameFailsWithTheNameMessage() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "", phone: nil)
    let errors = TestRecorder(viewModel.submitCommand.errors)
    viewModel.submitCommand.execute()
    errors.expect(values: [InputError("Guest name must not be empty")])
  }

  @Test func submittingWithoutAPhoneFailsWithThePhoneMessage() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: nil)
    let errors = TestRecorder(viewModel.submitCommand.errors)
    viewModel.submitCommand.execute()
    viewModel.phone.text.value = ""
    viewModel.submitCommand.execute()
    errors.expect(values: [InputError("Phone number must not be empty"), InputError("Phone number must not be empty")])
  }

  @Test func submittingAnInvalidPhoneSaysWhy() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "12345")
    let errors = TestRecorder(viewModel.submitCommand.errors)
    viewModel.submitCommand.execute()
    #expect(errors.values.map(\.message) == ["Phone number 12345 is not valid: use 11 digits starting 13, 15 or 18"])
  }

  @Test func aValidSubmissionSendsTheOrderAndItsConfirmation() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")
    let orders = TestRecorder(viewModel.submitCommand.values)
    let errors = TestRecorder(viewModel.submitCommand.errors)
    viewModel.submitCommand.execute()
    orders.expect(values: [HotelOrder(hotel: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")])
    #expect(orders.values.first?.confirmation == "Booked Meituan Hotel for Zhuo, phone 18610001000")
    #expect(errors.values.isEmpty)
  }

  @Test func theSummaryNamesNoGuestWhileTheNameIsEmpty() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "", phone: "18610001000")
    #expect(viewModel.summary.value == "No guest yet for Meituan Hotel\nPhone: 18610001000")
    viewModel.name.text.value = "Zhuo"
    #expect(viewModel.summary.value == "Zhuo will stay at Meituan Hotel\nPhone: 18610001000")
  }

  @Test func anErrorGoesAsSoonAsTheInputItIsAboutChanges() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let message = TestRecorder(viewModel.message)
    viewModel.submitCommand.execute()  // no name
    viewModel.phone.text.value = "186100"  // another input: the name error still applies
    viewModel.name.text.value = "Zhuo"  // the input it is about: it goes
    viewModel.submitCommand.execute()  // the phone is not valid
    viewModel.name.text.value = "Zhuo Li"  // another input: the phone error still applies
    viewModel.phone.text.value = "18610001000"  // fixed: it goes
    message.expect(values: [
      nil, .error("Guest name must not be empty"), nil,
      .error("Phone number 186100 is not valid: use 11 digits starting 13, 15 or 18"), nil,
    ])
  }

  @Test func aConfirmationGoesWhenAnyInputChangesAndClearingEmptiesTheMessage() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")
    let message = TestRecorder(viewModel.message)
    viewModel.submitCommand.execute()
    viewModel.name.text.value = "Li"  // the confirmation was of the order as it was sent
    viewModel.submitCommand.execute()
    viewModel.clearCommand.execute()
    message.expect(values: [
      nil, .confirmation("Booked Meituan Hotel for Zhuo, phone 18610001000"), nil,
      .confirmation("Booked Meituan Hotel for Li, phone 18610001000"), nil,
    ])
  }

  @Test(arguments: [
    ("186", "186", nil), ("186a", "186", "digits only"), ("1８6", "16", "digits only"),
    ("卓186", "186", "digits only"), ("18610001000", "18610001000", nil),
    ("18610001000123", "18610001000", "11 digits at most"), ("", "", nil),
  ])
  func thePhoneKeepsItsDigitsOnly(typed: String, kept: String, notice: String?) {
    let accepted = PhoneInputViewModel.acceptDigits(typed)
    #expect(accepted.text == kept)
    #expect(accepted.notice == notice)
  }

  @Test func aRefusedEditIsSetBackAndSaysWhyUntilTheNextEditItTakes() {
    let phone = PhoneInputViewModel()
    let texts = TestRecorder(phone.text)
    let notices = TestRecorder(phone.notice)
    phone.text.value = "186"
    phone.text.value = "186a"
    phone.text.value = "1861"
    texts.expect(values: [nil, "186", "186a", "186", "1861"])
    notices.expect(values: [nil, nil, "digits only", nil])
    #expect(phone.text.value == "1861")
  }

  @Test func validityFollowsTheTextOverTime() {
    let scheduler = TestScheduler()
    let phone = PhoneInputViewModel()
    let typing = scheduler.hotSignal("-a-b-c", values: ["a": "138", "b": "13810001000", "c": ""])
    phone.text <~ typing.map { Optional($0) }
    let validity = TestRecorder(phone.isValid, scheduler: scheduler)
    scheduler.advance(ticks: 6)
    validity.expect(marble: "ff-t-f", values: ["f": false, "t": true])
  }
}
