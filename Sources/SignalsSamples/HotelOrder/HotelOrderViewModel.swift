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
///   (command binding), and ``submitCommand``'s `values` and `errors` (error binding).
///
/// It imports no view code: everything a view shows is a property or a signal here.
public final class HotelOrderViewModel {
  /// The hotel's name.
  public let title: Property<String>
  /// The guest-name input.
  public let name: NameInputViewModel
  /// The phone input.
  public let phone: PhoneInputViewModel
  /// `"<name> will stay at <title>\nPhone: <phone>"`, an empty input shown as empty; it follows all three.
  public let summary: Property<String>
  /// Empties both inputs, as one change: ``summary`` and the view that shows it are updated once per clear.
  public let clearCommand: Command<Void, Void, Never>
  /// Submits the order: it sends the order, or fails with the first input's error (name, then phone).
  public let submitCommand: Command<Void, HotelOrder, InputError>

  /// A form for the hotel `title`, with the inputs' initial texts.
  public init(title: String, guestName: String? = nil, phone: String? = nil) {
    let title = Property(value: title)
    let name = NameInputViewModel(text: guestName)
    let phone = PhoneInputViewModel(text: phone)
    self.title = title
    self.name = name
    self.phone = phone
    summary = Property.combineLatest(title, name.text, phone.text) { title, name, phone in
      "\(name ?? "") will stay at \(title)\nPhone: \(phone ?? "")"
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
  }
}
