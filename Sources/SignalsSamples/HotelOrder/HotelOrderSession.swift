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

  /// The form as plain text, the focused control marked with `>`, and no trailing spaces. It reads the
  /// controls only, never the view model: what it draws is what the bindings set.
  public override var frame: String {
    func field(_ name: String, _ input: InputView) -> String {
      draw(name, label: input.label.text ?? "", status: input.statusLabel.text)
    }
    var lines = ["== \(view.titleLabel.text ?? "") ==", field("name", view.nameInput), field("phone", view.phoneInput)]
    lines += (view.summaryLabel.text ?? "").split(separator: "\n").map { "  | \($0)" }
    lines.append(draw("clear") + "   " + draw("submit"))
    if let message = draw(view.messageArea) { lines.append(message) }
    return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  /// Leaving a field ends its edit: the hint beside it (`(digits only)`) goes.
  public override func focusDidLeave(_ name: String) {
    switch name {
    case "name": view.nameInput.viewModel.endEditing()
    case "phone": view.phoneInput.viewModel.endEditing()
    default: break
    }
  }

  /// The marks beside the fields.
  public override var legend: String? {
    "Beside a field: ok = ready to submit, -- = not yet (Submit says why)"
  }
}
