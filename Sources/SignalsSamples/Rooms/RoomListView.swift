import Signals
import SignalsMVVM

/// The room list: headless controls bound to a ``RoomListViewModel``.
///
/// It holds its view model and nothing holds the view: releasing the view releases the view model, which
/// cancels the request in flight, and ends every binding.
public final class RoomListView {
  /// The view model it shows.
  public let viewModel: RoomListViewModel
  /// The state of the list: loading, up to date, or saved rooms.
  public let statusLabel = Label()
  /// The rooms, one ``Room/listing`` per line.
  public let roomsLabel = Label()
  /// Runs the refresh command; disabled while a load runs.
  public let refreshButton = Button("Refresh")
  /// Shows why the last load failed, above the rooms it kept.
  public let messageArea = MessageArea()

  /// The list, bound to `viewModel`.
  public init(viewModel: RoomListViewModel) {
    self.viewModel = viewModel
    statusLabel.reactive.text <~ viewModel.status
    roomsLabel.reactive.text <~ viewModel.rooms.map { rooms in rooms.map(\.listing).joined(separator: "\n") }
    // Enabled from the view model's output, which changes on the view's scheduler, rather than from the
    // command (`refreshButton.command`), whose state changes on the thread the repository answers on.
    refreshButton.reactive.isEnabled <~ viewModel.canRefresh
    refreshButton.taps.observeValues { [weak viewModel] in viewModel?.refresh.execute() }
    messageArea.reactive.message <~ viewModel.error.map { error in error.map { .error($0.message) } }
  }
}
