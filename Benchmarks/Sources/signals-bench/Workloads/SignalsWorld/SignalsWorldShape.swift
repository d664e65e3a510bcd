// The js-reactivity-benchmark shapes (issue 21): milomg/js-reactivity-benchmark's "kairo" suite, cellx, and two
// of reactively's graphs, written against Signals' public API with the public benchmark's sizes, iteration
// counts and result checks, each beside a hand-written Swift floor (plain stored values and closures, no
// library, recomputing exactly what changes) in the same run.
//
// The translation, decided for issue 21:
// - `signal` → `MutableProperty`; `computed` → `map`, or `Property.combineLatest` (its pack form for a fixed
//   small count, its list form `Property.combineLatest([…]).map` for a list); `effect` →
//   `property.observeValues { … }`, which like an effect runs at once, then after each change (the observers
//   add what they receive to the run's `Sink`, which a run empties before it starts).
// - `withBatch { }` → `withTransaction { }`, literally, also around a single write; a read inside a batch →
//   `.value` inside `withTransaction` (Signals computes it from the transaction's values).
// - Where alien-signals relies on equality to stop a change, the Signals version has `.skipRepeats()` where a
//   Signals user would put it, and the floor makes the same comparison (Signals compares nothing otherwise:
//   Contracts §16, "Equal values").
// - The kairo files followed are the public benchmark's newest (packages/core/src/benches/kairo, and
//   src/benches/kairo for the four not moved there): each write in its own batch, the asserting read after it.
//
// Every result check of the public benchmark is kept, as a checksum: the values the effects receive and the
// values the checks read are added up, and the run's sum must equal the sum computed independently.

/// How the signals-world section reports a shape.
struct SignalsWorldShape {
  /// The public benchmark's name for the shape ("deep propagation", "cellx 1,000 layers").
  let name: String
  /// Operations per reported figure: the public benchmark times 1,000 `iter()` calls of a kairo shape, 10
  /// cellx runs, one run of a reactively graph.
  let operationsPerFigure: Int
  /// What the figure is ("1,000 iterations").
  let figure: String
  /// The goal, from issue 32: Signals ÷ hand-written at most this, in the same run (about half alien-signals'
  /// own ratio to the same kind of floor, measured elsewhere; alien-signals itself is not run here).
  let goal: Double?

  static func kairo(_ name: String, goal: Double?) -> SignalsWorldShape {
    SignalsWorldShape(name: name, operationsPerFigure: 1_000, figure: "1,000 iterations", goal: goal)
  }
}

/// A hand-written cell of a floor: a stored value and the closure that recomputes it from its inputs.
final class FloorCell<Value> {
  var value: Value
  let compute: () -> Value

  init(_ compute: @escaping () -> Value) {
    self.compute = compute
    value = compute()
  }

  /// A source: set, never computed.
  static func source(_ value: Value) -> FloorCell {
    FloorCell { value }
  }

  @inline(__always) func recompute() { value = compute() }
}
