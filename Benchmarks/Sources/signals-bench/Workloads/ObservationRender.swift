import BenchSupport
import Observation
import Synchronization

// Apple's Observation as SwiftUI uses it (W5, W12, W13): the model is an `@Observable` class; the observer is a
// view's render, which reads the model inside `withObservationTracking { … } onChange: { … }`. The first change
// of anything the render read calls `onChange` once, which marks the view dirty (SwiftUI schedules a new
// body); when the view updates it renders again, reading the new values and registering anew. Here the view
// updates after each set (W5, W12) or after each group of ten sets (W13: SwiftUI coalesces the sets made
// before it renders).

/// A view's dirty flag, marked from `onChange` (which may run on any thread, so it is atomic).
final class DirtyFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  func mark() { flag.store(true, ordering: .releasing) }

  /// Whether it was marked since the last call; clears it.
  func take() -> Bool { flag.exchange(false, ordering: .acquiringAndReleasing) }
}

/// A render as SwiftUI drives it: `body` reads the model under observation tracking; `update()` renders again
/// if a change of what it read marked it dirty.
final class ObservedRender {
  private let dirty = DirtyFlag()
  private let body: () -> Void

  /// Renders once, as a view appears.
  init(_ body: @escaping () -> Void) {
    self.body = body
    render()
  }

  private func render() {
    let dirty = dirty
    withObservationTracking(body) { dirty.mark() }
  }

  /// Renders again if the model changed since the last render.
  @inline(__always)
  func update() {
    if dirty.take() { render() }
  }
}

/// The timed run of an Observation workload. An `@Observable` property skips the set of an equal value (it
/// notifies nobody), as SwiftUI relies on; every run sets the same values, so before each run `reset` puts the
/// model in a state no run sets, and renders: untimed and not counted, so that every set of the run is a
/// change, as it is for Signals.
func observationRun(
  reset: @escaping () -> Void,
  _ run: @escaping (Int) -> Int
) -> (Int) -> (checksum: Int, seconds: Double) {
  { iterations in
    let counting = malloc_counter_suspend()
    reset()
    malloc_counter_restore(counting)
    return timed(run, iterations)
  }
}
