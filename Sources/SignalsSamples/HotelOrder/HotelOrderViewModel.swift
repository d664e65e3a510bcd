import Signals

/// A submitted hotel order.
public struct HotelOrder: Equatable, Sendable {
  /// The hotel's name.
  public let hotel: String
  /// The guest's name.
  public let guestName: String
  /// The guest's phone number.
  public let phone: String

  /// An order of `hotel` for `guestName`, reachable at `phone`.
  public init(hotel: String, guestName: String, phone: String) {
    self.hotel = hotel
    self.guestName = guestName
    self.phone = phone
  }

  /// The confirmation shown once the order is submitted.
  public var confirmation: String { "Booked \(hotel) for \(guestName), phone \(phone)" }
}

/// The hotel order form's view model (Meituan's sample), with all five kinds of binding a view makes to it.
///
/// - Inputs: the texts of ``name`` and ``phone`` (bound both ways), ``clearCommand`` and ``submitCommand``.
/// - Outputs: ``title`` (one-way), ``summary`` (combined from three inputs), the commands' `isEnabled`
///   (command binding), ``submitCommand``'s `values` and `errors`, and ``message``, what the form says about
///   the last submission for as long as it applies (error binding).
///
/// It imports no view code: everything a view shows is a property or a signal here.
public final class HotelOrderViewModel {
  /// The hotel's name.
  public let title: Property<String>
  /// The guest-name input.
  public let name: NameInputViewModel
  /// The phone input.
  public let phone: PhoneInputViewModel
  /// `"<name> will stay at <title>\nPhone: <phone>"`, or `"No guest yet for <title>\nPhone: <phone>"` while the
  /// name is empty; an empty phone is shown as empty. It follows all three.
  public let summary: Property<String>
  /// Empties both inputs, as one change: ``summary`` and the view that shows it are updated once per clear.
  public let clearCommand: Command<Void, Void, Never>
  /// Submits the order: it sends the order, or fails with the first input's error (name, then phone).
  public let submitCommand: Command<Void, HotelOrder, InputError>
  /// What the form says about the last submission, `nil` when nothing applies:
  /// - the order's confirmation, until an input changes (it describes the order as it was sent);
  /// - why the submission failed, until the input it is about changes (a phone error stays while the name is
  ///   edited, and goes as soon as the phone is);
  /// - nothing once the form is cleared.
  public let message: Property<FormMessage?>

  /// A form for the hotel `title`, with the inputs' initial texts.
  public init(title: String, guestName: String? = nil, phone: String? = nil) {
    let title = Property(value: title)
    let name = NameInputViewModel(text: guestName)
    let phone = PhoneInputViewModel(text: phone)
    self.title = title
    self.name = name
    self.phone = phone
    summary = Property.combineLatest(title, name.text, phone.text) { title, name, phone in
      let guest = name.flatMap { $0.isEmpty ? nil : "\($0) will stay at \(title)" } ?? "No guest yet for \(title)"
      return "\(guest)\nPhone: \(phone ?? "")"
    }
    clearCommand = Command(work: { (_: Void) in
      // One transaction, so that the summary never shows a half-cleared form and is rendered once, not once
      // per field.
      withTransaction {
        name.clear()
        phone.clear()
      }
    })
    submitCommand = Command(work: { (_: Void) throws(InputError) -> HotelOrder in
      if let error = name.validationError.value ?? phone.validationError.value { throw error }
      return HotelOrder(hotel: title.value, guestName: name.text.value ?? "", phone: phone.text.value ?? "")
    })
    let changes = Signal.merge(
      submitCommand.values.map { MessageChange.submitted($0) },
      // The submission failed with the first input's error: the name's if it has one, else the phone's.
      submitCommand.errors.map { error in .failed(error, about: name.validationError.value == error ? .name : .phone) },
      name.text.signal.map { _ in .edited(.name) },
      phone.text.signal.map { _ in .edited(.phone) },
      clearCommand.completed.map { .cleared }
    )
    message = Property(initial: nil, then: changes.scan(MessageState()) { $0.after($1) }.map(\.message))
      .skipRepeats()
    // Submitted: the inputs' hints about the last edits (`digits only`) are no longer news.
    submitCommand.values.observeValues { _ in
      name.endEditing()
      phone.endEditing()
    }
  }
}

/// What changes the hotel form's ``HotelOrderViewModel/message``.
private enum MessageChange {
  enum Input { case name, phone }

  case submitted(HotelOrder)
  case failed(InputError, about: Input)
  case edited(Input)
  case cleared
}

/// The hotel form's message, and the input an error is about.
private struct MessageState {
  var message: FormMessage?
  var errorInput: MessageChange.Input?

  func after(_ change: MessageChange) -> MessageState {
    switch change {
    case .submitted(let order): return MessageState(message: .confirmation(order.confirmation))
    case .failed(let error, let input): return MessageState(message: .error(error.message), errorInput: input)
    case .edited(let input) where message == nil || (errorInput != nil && errorInput != input): return self
    case .edited, .cleared: return MessageState()
    }
  }
}
