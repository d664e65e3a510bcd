import Signals
import SignalsMVVM

/// The hotel order form: headless controls bound to a ``HotelOrderViewModel``, and drawn as plain text.
///
/// It makes the five kinds of binding: the title (one-way), the inputs (two-way, through ``InputView``), the
/// summary (combined), the buttons (command), and the message area (the view model's message: an error or the
/// confirmation, until it no longer applies).
public final class HotelOrderView {
  /// The view model it shows.
  public let viewModel: HotelOrderViewModel
  /// The hotel's name.
  public let titleLabel = Label()
  /// The guest-name row.
  public let nameInput: InputView
  /// The phone row.
  public let phoneInput: InputView
  /// The summary of the order.
  public let summaryLabel = Label()
  /// Runs the clear command.
  public let clearButton = Button("Clear")
  /// Runs the submit command.
  public let submitButton = Button("Submit")
  /// Shows the submission's error or confirmation.
  public let messageArea = MessageArea()

  /// The form, bound to `viewModel`.
  public init(viewModel: HotelOrderViewModel) {
    self.viewModel = viewModel
    nameInput = InputView(viewModel: viewModel.name)
    phoneInput = InputView(viewModel: viewModel.phone)
    titleLabel.reactive.text <~ viewModel.title
    summaryLabel.reactive.text <~ viewModel.summary
    clearButton.command = viewModel.clearCommand
    submitButton.command = viewModel.submitCommand
    messageArea.reactive.message
      <~ viewModel.message.map { message in
        switch message {
        case .confirmation(let text)?: return .info(text)
        case .error(let text)?: return .error(text)
        case nil: return nil
        }
      }
  }

  /// The focusable controls, in Tab order.
  public enum Focus: Int, CaseIterable, Sendable {
    /// The guest-name field.
    case name
    /// The phone field.
    case phone
    /// The clear button.
    case clear
    /// The submit button.
    case submit

    /// The next control in Tab order, wrapping around.
    public var next: Focus { Focus(rawValue: (rawValue + 1) % Focus.allCases.count)! }
  }

  /// The form as plain text, with `focus` marked by `>`, and no trailing spaces. It reads the controls only,
  /// never the view model: what it draws is what the bindings set.
  public func render(focus: Focus) -> String {
    func marker(_ control: Focus) -> String { control == focus ? ">" : " " }
    func field(_ input: InputView, _ control: Focus) -> String {
      let text = input.field.text.flatMap { $0.isEmpty ? nil : $0 }
      let shown = text ?? "(\(input.field.placeholder ?? ""))"
      return "\(marker(control)) \(input.label.text ?? ""): [\(shown)] \(input.statusLabel.text ?? "")"
    }
    func button(_ button: Button, _ control: Focus) -> String {
      "\(marker(control)) [ \(button.title) ]\(button.isEnabled ? "" : " (disabled)")"
    }
    var lines = ["== \(titleLabel.text ?? "") =="]
    lines.append(field(nameInput, .name))
    lines.append(field(phoneInput, .phone))
    lines.append(contentsOf: (summaryLabel.text ?? "").split(separator: "\n").map { "  | \($0)" })
    lines.append(button(clearButton, .clear) + "   " + button(submitButton, .submit))
    switch messageArea.message {
    case .info(let text)?: lines.append("  ✓ \(text)")
    case .error(let text)?: lines.append("  ✗ \(text)")
    case nil: break
    }
    return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }
}
