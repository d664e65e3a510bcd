import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// The hotel order form's exhaustive spec: every output the form has — the five kinds of binding a view makes
/// to it — stated after every step, so a change nobody wrote down fails. `HotelOrderViewModelTests` holds its
/// recorder specs; `Docs/Testing.md` opens its view-model section with `typeSubmitAndClear`.
@Suite(.watchingThePool) struct HotelOrderViewModelSpec {
  // TESTING-GUIDE-BEGIN
  @Test func typeSubmitAndClear() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let spec = ViewModelSpec(of: viewModel)

    spec.step("type the name") {
      viewModel.name.text.value = "Zhuo"
    } expect: {
      $0.name.text = "Zhuo"
      $0.name.validationError = nil
      $0.name.isValid = true
      $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: "
    }
    spec.step("submit without a phone") {
      viewModel.submitCommand.execute()
    } expect: {
      $0.submitCommand.executedOnce()
      $0.submitCommand.errors = [InputError("Phone number must not be empty")]
      $0.message = .error("Phone number must not be empty")
    }
    spec.step("type the phone") {
      viewModel.phone.text.value = "18610001000"
    } expect: {
      $0.phone.text = "18610001000"
      $0.phone.validationError = nil
      $0.phone.isValid = true
      $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: 18610001000"
      $0.message = nil
    }
    spec.step("submit") {
      viewModel.submitCommand.execute()
    } expect: {
      $0.submitCommand.executedOnce()
      $0.submitCommand.values = [HotelOrder(hotel: "Meituan Hotel", guestName: "Zhuo", phone: "18610001000")]
      $0.message = .confirmation("Booked Meituan Hotel for Zhuo, phone 18610001000")
    }
    spec.step("clear") {
      viewModel.clearCommand.execute()
    } expect: {
      $0.clearCommand.executedOnce()
      $0.clearCommand.values = [()]
      $0.name.text = nil
      $0.name.validationError = InputError("Guest name must not be empty")
      $0.name.isValid = false
      $0.phone.text = nil
      $0.phone.validationError = InputError("Phone number must not be empty")
      $0.phone.isValid = false
      $0.summary = "No guest yet for Meituan Hotel\nPhone: "
      $0.message = nil
    }
    spec.finish()
  }
  // TESTING-GUIDE-END

  // Docs/Testing.md shows the failure this prints: the step "type the phone" without `$0.message = nil`.
  @Test func aStepThatLeavesOutAChangeFailsWithTheTimeline() async throws {
    let issues = try await capturedIssues {
      let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
      let spec = ViewModelSpec(of: viewModel)
      spec.step("type the name") {
        viewModel.name.text.value = "Zhuo"
      } expect: {
        $0.name.text = "Zhuo"
        $0.name.validationError = nil
        $0.name.isValid = true
        $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: "
      }
      spec.step("submit without a phone") {
        viewModel.submitCommand.execute()
      } expect: {
        $0.submitCommand.executedOnce()
        $0.submitCommand.errors = [InputError("Phone number must not be empty")]
        $0.message = .error("Phone number must not be empty")
      }
      spec.step("type the phone") {
        viewModel.phone.text.value = "18610001000"
      } expect: {
        $0.phone.text = "18610001000"
        $0.phone.validationError = nil
        $0.phone.isValid = true
        $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: 18610001000"
      }
      spec.finish()
    }
    #expect(issues.count == 1)
    let message = try #require(issues.first?.message)
    #expect(
      message.hasPrefix(
        """
        Step 3, "type the phone": 1 output is not as the step says:
          ✗ message changed, and the step does not say so:
              error("Phone number must not be empty") → nil
        """))
  }

  @Test func aRefusedLetterIsShownThenSetBack() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel", guestName: "Zhuo")
    let spec = ViewModelSpec(of: viewModel)

    // The phone takes digits only: the letter is shown, then set back, and the notice says why.
    spec.step("type a letter in the phone") {
      viewModel.phone.text.value = "186a"
    } expect: {
      $0.changes(of: \.phone.text, ["186a", "186"])
      $0.changes(
        of: \.phone.validationError,
        [
          InputError("Phone number 186a is not valid: use 11 digits starting 13, 15 or 18"),
          InputError("Phone number 186 is not valid: use 11 digits starting 13, 15 or 18"),
        ])
      $0.phone.notice = "digits only"
      $0.changes(
        of: \.summary,
        ["Zhuo will stay at Meituan Hotel\nPhone: 186a", "Zhuo will stay at Meituan Hotel\nPhone: 186"])
    }
    spec.step("type a digit") {
      viewModel.phone.text.value = "1861"
    } expect: {
      $0.phone.text = "1861"
      $0.phone.validationError = InputError("Phone number 1861 is not valid: use 11 digits starting 13, 15 or 18")
      $0.phone.notice = nil
      $0.summary = "Zhuo will stay at Meituan Hotel\nPhone: 1861"
    }
    spec.finish()
  }

  @Test func anErrorStaysWhileAnotherInputIsEdited() {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let spec = ViewModelSpec(of: viewModel, exhaustivity: .partial)

    // Partial: only the message and the errors are checked here; the inputs' own outputs pass unsaid.
    spec.step("submit the empty form") {
      viewModel.submitCommand.execute()
    } expect: {
      $0.submitCommand.errors = [InputError("Guest name must not be empty")]
      $0.message = .error("Guest name must not be empty")
    }
    spec.step("type a phone") { viewModel.phone.text.value = "186" }
    spec.step("type the name") {
      viewModel.name.text.value = "Zhuo"
    } expect: {
      $0.message = nil
    }
    #expect(spec.skippedChanges.contains { $0.hasPrefix("step 2 \"type a phone\": phone.text: nil → \"186\"") })
    spec.finish()
  }
}
