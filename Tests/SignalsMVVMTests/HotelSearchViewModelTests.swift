import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// A `@MainActor` view model built on Signals, specified the way a SwiftUI screen uses it: outputs read through
/// Observation (an `ObservationRenderer` for the view's `body`), changed only on the view's scheduler (a
/// `TestScheduler` standing in for the main one), and a catalog that answers later.
@MainActor
@Suite(.watchingThePool) struct HotelSearchViewModelTests {
  let main = TestScheduler()
  let network = TestScheduler()

  func makeViewModel(failing: Bool = false) -> HotelSearchViewModel {
    let network = self.network
    return HotelSearchViewModel(
      catalog: { query in
        failing
          ? SignalProducer(error: SearchError("No connection")).delay(.seconds(1), on: network)
          : SignalProducer(value: ["\(query) Grand", "\(query) Inn"]).delay(.seconds(1), on: network)
      },
      viewScheduler: main)
  }

  /// The screen's `body`.
  func render(_ viewModel: HotelSearchViewModel) -> String {
    let state = viewModel.isSearching.value ? "searching" : viewModel.errorMessage.value ?? "ready"
    return "\(viewModel.query.value) | \(state) | \(viewModel.results.value.joined(separator: ", "))"
  }

  @Test func aSearchShowsItsResultsOnTheViewsScheduler() {
    let viewModel = makeViewModel()
    let screen = ObservationRenderer { render(viewModel) }
    viewModel.query.editing.set("Bund")
    screen.flush()
    viewModel.search.execute()
    main.advance()
    #expect(screen.flush())
    #expect(screen.frame == "Bund | searching | ")
    network.advance(by: .seconds(1))  // the catalog answers, off the view's scheduler
    #expect(!screen.needsRender)  // nothing the view reads has changed yet
    main.advance()
    #expect(screen.flush())
    #expect(screen.frame == "Bund | ready | Bund Grand, Bund Inn")
    #expect(screen.renderCount == 4)  // first frame, typing, searching, results
  }

  @Test func aBlankQueryCannotBeSearched() {
    let viewModel = makeViewModel()
    #expect(!viewModel.search.isEnabled.value)
    viewModel.query.value = "  "
    #expect(!viewModel.search.isEnabled.value)
    viewModel.query.value = "Bund"
    #expect(viewModel.search.isEnabled.value)
  }

  @Test func aSearchStartedWhileOneRunsIsRefused() {
    let viewModel = makeViewModel()
    viewModel.query.value = "Bund"
    viewModel.search.execute()
    let refused = TestRecorder(viewModel.search.apply(()))
    #expect(refused.events.last?.error == .disabled)
  }

  @Test func aFailedSearchShowsItsErrorAndKeepsTheResults() {
    let viewModel = makeViewModel(failing: true)
    let screen = ObservationRenderer { render(viewModel) }
    viewModel.query.value = "Bund"
    viewModel.search.execute()
    network.advance(by: .seconds(1))
    main.advance()
    screen.flush()
    #expect(screen.frame == "Bund | No connection | ")
  }

  @Test func aQueryTypedOnAnotherThreadIsStillReadOnTheMainActor() async {
    let viewModel = makeViewModel()
    let query = viewModel.query
    await Task.detached { query.value = "Bund" }.value
    #expect(viewModel.query.value == "Bund")
    #expect(viewModel.search.isEnabled.value)
  }

  @Test func theSwiftUIGuidesRenderSpec() {
    // Docs/SwiftUI.md, "Testing renders without a screen", as written there.
    let main = TestScheduler()
    let viewModel = HotelSearchViewModel(
      catalog: { query in SignalProducer(value: ["\(query) Grand"]) }, viewScheduler: main)
    let screen = ObservationRenderer {
      "\(viewModel.isSearching.value ? "…" : "") \(viewModel.results.value.joined(separator: ", "))"
    }
    viewModel.query.editing.set("Bund")
    viewModel.search.execute()
    main.advance()
    #expect(screen.flush())
    #expect(screen.frame == " Bund Grand")
    #expect(screen.renderCount == 2)
  }
}
