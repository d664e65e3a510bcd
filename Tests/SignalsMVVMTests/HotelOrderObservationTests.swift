import Signals
import SignalsSamples
import SignalsTestSupport
import SignalsTesting
import Testing

/// The hotel order view model, unchanged, read through Observation the way a SwiftUI view reads it
/// (`Docs/SwiftUI.md`): an `ObservationRenderer` renders a frame from its outputs and renders again only when
/// something it read changed. The five bindings of the demo work, and each user action costs one render.
@Suite(.watchingThePool) struct HotelOrderObservationTests {
  /// The view: its only state is the last error shown, as a SwiftUI view would keep it in `@State`.
  final class HotelOrderScreen {
    let viewModel = HotelOrderViewModel(title: "Meituan Hotel")
    let name: (get: @Sendable () -> String, set: @Sendable (String) -> Void)
    let lastError: Property<String>
    lazy var renderer = ObservationRenderer { [unowned self] in body }

    init() {
      let text = viewModel.name.text.editing
      name = ({ text.get() ?? "" }, { text.set($0.isEmpty ? nil : $0) })
      lastError = Property(initial: "", then: viewModel.submitCommand.errors.map(\.message))
      _ = renderer  // the first frame
    }

    /// What a view's `body` reads: one-way (title), collection (summary), two-way (name), command (clear's
    /// state), errors (submit's).
    var body: String {
      """
      \(viewModel.title.value)
      Name: [\(name.get())] \(viewModel.name.validationError.value?.message ?? "ok")
      Phone: [\(viewModel.phone.text.value ?? "")]
      \(viewModel.summary.value)
      [Clear\(viewModel.clearCommand.isEnabled.value ? "" : " (busy)")] [Submit\(viewModel.submitCommand.isExecuting.value ? "…" : "")]
      \(lastError.value)
      """
    }
  }

  @Test func theFirstFrameShowsEveryOutput() {
    let screen = HotelOrderScreen()
    #expect(screen.renderer.renderCount == 1)
    #expect(screen.renderer.frame.hasPrefix("Meituan Hotel\nName: [] "))
    #expect(screen.renderer.frame.contains("No guest yet for Meituan Hotel\nPhone: "))
  }

  @Test func typingIsOneRenderPerKeystroke() {
    let screen = HotelOrderScreen()
    for text in ["Z", "Zh", "Zhu", "Zhuo"] {
      screen.name.set(text)  // the text field's binding
      #expect(screen.renderer.flush())
    }
    #expect(screen.renderer.renderCount == 5)
    #expect(screen.renderer.frame.contains("Name: [Zhuo] ok"))
    #expect(screen.renderer.frame.contains("Zhuo will stay at Meituan Hotel"))
  }

  @Test func clearIsOneRender() {
    let screen = HotelOrderScreen()
    screen.name.set("Zhuo")
    screen.viewModel.phone.text.value = "18610001000"
    screen.renderer.flush()
    let before = screen.renderer.renderCount
    screen.viewModel.clearCommand.execute()
    #expect(screen.renderer.flush())
    #expect(screen.renderer.renderCount == before + 1)
    #expect(screen.renderer.frame.contains("Name: [] "))
    #expect(screen.renderer.frame.contains("Phone: []"))
  }

  @Test func submitWithAnErrorShowsItInOneRender() {
    let screen = HotelOrderScreen()
    screen.name.set("Zhuo")
    screen.viewModel.phone.text.value = "123"
    screen.renderer.flush()
    let before = screen.renderer.renderCount
    screen.viewModel.submitCommand.execute()
    #expect(screen.renderer.flush())
    #expect(screen.renderer.renderCount == before + 1)
    #expect(screen.renderer.frame.hasSuffix("\n" + (screen.viewModel.phone.validationError.value?.message ?? "?")))
  }

  @Test func nothingChangedMeansNoRender() {
    let screen = HotelOrderScreen()
    #expect(!screen.renderer.flush())
    screen.name.set("Zhuo")
    #expect(screen.renderer.flush())
    #expect(!screen.renderer.flush())  // changes made before a render are in it
    #expect(screen.renderer.renderCount == 2)
  }

  @Test func theScreenAndItsViewModelAreFreedWithTheView() {
    weak var released: HotelOrderViewModel?
    do {
      let screen = HotelOrderScreen()
      released = screen.viewModel
      screen.name.set("Zhuo")
      screen.renderer.flush()
    }
    #expect(released == nil)
  }
}
