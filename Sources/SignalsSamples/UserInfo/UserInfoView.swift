import Signals
import SignalsMVVM

/// The user-info view: three labels bound one way to a ``UserInfoViewModel``.
public final class UserInfoView {
  /// The view model it shows.
  public let viewModel: UserInfoViewModel
  /// The user's name.
  public let nameLabel = Label()
  /// The user's age.
  public let ageLabel = Label()
  /// The user's city.
  public let cityLabel = Label()

  /// The view, bound to `viewModel`.
  public init(viewModel: UserInfoViewModel) {
    self.viewModel = viewModel
    nameLabel.reactive.text <~ viewModel.name
    ageLabel.reactive.text <~ viewModel.age
    cityLabel.reactive.text <~ viewModel.city
  }
}
