import Signals
import SignalsMVVM

/// The hotel order form: headless controls bound to a ``HotelOrderViewModel`` (``HotelOrderSession`` draws
/// them as plain text).
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
}
