import Signals
import SignalsMVVM

/// A reusable label-and-text-field row, bound to any ``InputViewModel``.
///
/// The label shows the view model's label; the field's text is bound both ways to the view model's text,
/// the view model's text winning when the binding is made. The view holds its view model; nothing holds the
/// view.
public final class InputView {
  /// The view model it shows.
  public let viewModel: InputViewModel
  /// The label beside the field.
  public let label: Label
  /// The text field.
  public let field: TextField
  /// Says whether the text can be submitted, `ok` or `--`, then what the input refused of the last edit, if
  /// anything: `-- (digits only)`.
  public let statusLabel = Label()

  /// A row showing `viewModel`.
  public init(viewModel: InputViewModel) {
    self.viewModel = viewModel
    label = Label(viewModel.label)
    field = TextField(placeholder: viewModel.placeholder)
    field.reactive.textTerminal <~> viewModel.text
    statusLabel.reactive.text
      <~ Property.combineLatest(viewModel.isValid, viewModel.notice) { isValid, notice in
        (isValid ? "ok" : "--") + (notice.map { " (\($0))" } ?? "")
      }
  }
}
