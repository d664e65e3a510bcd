import SignalsMVVM

/// The hotel order form as a ``FormSession``: a ``HotelOrderView`` bound to a fresh ``HotelOrderViewModel``,
/// with the controls `name`, `phone`, `clear` and `submit`.
public final class HotelOrderSession: FormSession {
  /// The form.
  public let view: HotelOrderView

  /// A session on an empty form for `hotel`.
  public init(hotel: String = "Meituan Hotel") {
    let view = HotelOrderView(viewModel: HotelOrderViewModel(title: hotel))
    self.view = view
    super.init(controls: [
      ("name", .field(view.nameInput.field)), ("phone", .field(view.phoneInput.field)),
      ("clear", .button(view.clearButton)), ("submit", .button(view.submitButton)),
    ])
  }

  /// The focused control.
  public var focus: HotelOrderView.Focus { HotelOrderView.Focus(rawValue: focusIndex)! }

  /// The form as plain text, the focused control marked with `>`.
  public override var frame: String { view.render(focus: focus) }

  /// The marks beside the fields.
  public override var legend: String? {
    "Beside a field: ok = ready to submit, -- = not yet (Submit says why)"
  }
}
