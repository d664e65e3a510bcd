import Signals

// A change-password form in the inputs/outputs style of ReactiveSwift apps, ported to Signals. The port
// changed, from the ReactiveSwift original: `import ReactiveSwift` → `import Signals`; `DateScheduler` →
// `TimeScheduler`; `TimeInterval` (0.3, 1.0) → `Duration` (`.milliseconds(300)`, `.seconds(1)`); the
// `Error` generic parameter of its operator extensions (EventExtensions.swift) → `Failure`. The rest is
// ReactiveSwift code as it was. `Docs/Migrating.md` walks through it.

/// Why the server refused a change of password.
enum ChangePasswordError: Error, Equatable {
  case incorrectCurrentPassword
  case offline

  var message: String {
    switch self {
    case .incorrectCurrentPassword: return "The current password is incorrect."
    case .offline: return "Something went wrong. Please try again."
    }
  }
}

/// What the form needs from the network.
protocol ChangePasswordService {
  func changePassword(current: String, new: String) -> SignalProducer<Void, ChangePasswordError>
}

protocol ChangePasswordViewModelInputs {
  /// The current password field changed.
  func currentPasswordChanged(_ password: String)
  /// The new password field changed.
  func newPasswordChanged(_ password: String)
  /// The confirmation field changed.
  func confirmationChanged(_ password: String)
  /// The save button was tapped.
  func saveButtonTapped()
}

protocol ChangePasswordViewModelOutputs {
  /// Whether the save button is enabled: every field filled in and the new password valid.
  var saveButtonIsEnabled: Signal<Bool, Never> { get }
  /// What is wrong with the new password, once the user has stopped typing for 0.3 s; "" when nothing is.
  var validationErrorMessage: Signal<String, Never> { get }
  /// Whether the activity indicator shows: from the tap until the request ends.
  var activityIndicatorShouldShow: Signal<Bool, Never> { get }
  /// Why the change failed, to show in an alert.
  var errorMessage: Signal<String, Never> { get }
  /// The password was changed.
  var passwordUpdated: Signal<Void, Never> { get }
}

protocol ChangePasswordViewModelType {
  var inputs: ChangePasswordViewModelInputs { get }
  var outputs: ChangePasswordViewModelOutputs { get }
}

final class ChangePasswordViewModel: ChangePasswordViewModelType, ChangePasswordViewModelInputs,
  ChangePasswordViewModelOutputs
{
  static let minimumLength = 6

  init(service: ChangePasswordService, scheduler: TimeScheduler, apiDelay: Duration = .seconds(1)) {
    let fields = Signal.combineLatest(
      currentPasswordProperty.signal, newPasswordProperty.signal, confirmationProperty.signal)

    saveButtonIsEnabled =
      fields
      .map { current, new, confirmation in
        !current.isEmpty && new.count >= ChangePasswordViewModel.minimumLength && new == confirmation
      }
      .skipRepeats()

    validationErrorMessage =
      fields
      .debounce(.milliseconds(300), on: scheduler)
      .map { _, new, confirmation in
        if !new.isEmpty && new.count < ChangePasswordViewModel.minimumLength {
          return "Your password must be at least \(ChangePasswordViewModel.minimumLength) characters."
        }
        if !confirmation.isEmpty && new != confirmation { return "The new passwords don't match." }
        return ""
      }
      .skipRepeats()

    let submitted = fields.sample(on: saveButtonTappedProperty.signal)

    let request =
      submitted
      .flatMap(.latest) { current, new, _ in
        service.changePassword(current: current, new: new)
          .delay(apiDelay, on: scheduler)
          .materialize()
      }

    activityIndicatorShouldShow = Signal.merge(
      submitted.map { _ in true },
      request.filter { $0.isTerminating }.map { _ in false }
    )
    errorMessage = request.errors().map { $0.message }
    passwordUpdated = request.filter { $0.isCompleted }.map { _ in () }
  }

  private let currentPasswordProperty = MutableProperty("")
  func currentPasswordChanged(_ password: String) { currentPasswordProperty.value = password }

  private let newPasswordProperty = MutableProperty("")
  func newPasswordChanged(_ password: String) { newPasswordProperty.value = password }

  private let confirmationProperty = MutableProperty("")
  func confirmationChanged(_ password: String) { confirmationProperty.value = password }

  private let saveButtonTappedProperty = MutableProperty(())
  func saveButtonTapped() { saveButtonTappedProperty.value = () }

  let saveButtonIsEnabled: Signal<Bool, Never>
  let validationErrorMessage: Signal<String, Never>
  let activityIndicatorShouldShow: Signal<Bool, Never>
  let errorMessage: Signal<String, Never>
  let passwordUpdated: Signal<Void, Never>

  var inputs: ChangePasswordViewModelInputs { self }
  var outputs: ChangePasswordViewModelOutputs { self }
}
