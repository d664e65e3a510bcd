import Observation
import Signals

/// Renders a view's frame the way SwiftUI does, for specs: it reads a view model's outputs inside
/// `withObservationTracking`, and renders again only when something it read has changed.
/// ```swift
/// let renderer = ObservationRenderer { "\(viewModel.summary.value)" }  // renders once, now
/// viewModel.clearCommand.execute()
/// renderer.flush()                    // the update a run loop would make
/// #expect(renderer.renderCount == 2)  // one render for the clear
/// ```
/// `render` plays a SwiftUI view's `body`: every property whose `value` it reads is tracked (`Docs/SwiftUI.md`),
/// and a change marks the renderer out of date; changes until the next ``flush()`` are one render, as one turn
/// of the main run loop is one update, so ``renderCount`` counts renders per action. The spec drives it, on its
/// thread; a change may come from any thread.
public final class ObservationRenderer<Frame>: @unchecked Sendable {
  private let render: () -> Frame
  private let outOfDate = Locked(false)
  /// Every frame rendered, the first one made by `init`.
  public private(set) var frames: [Frame] = []

  /// Renders the first frame at once.
  public init(_ render: @escaping () -> Frame) {
    self.render = render
    renderNow()
  }

  /// The last frame rendered.
  public var frame: Frame { frames[frames.count - 1] }

  /// How many frames were rendered, the first one included.
  public var renderCount: Int { frames.count }

  /// Whether something the last render read has changed since.
  public var needsRender: Bool { outOfDate.withLock { $0 } }

  /// Renders again if something the last render read has changed since; returns whether it did.
  @discardableResult
  public func flush() -> Bool {
    let due = outOfDate.withLock { state -> Bool in
      defer { state = false }
      return state
    }
    if due { renderNow() }
    return due
  }

  private func renderNow() {
    let outOfDate = self.outOfDate
    frames.append(withObservationTracking(render) { outOfDate.withLock { $0 = true } })
  }
}
