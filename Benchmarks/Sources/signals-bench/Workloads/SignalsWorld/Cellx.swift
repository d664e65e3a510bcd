import BenchSupport
import Signals

// cellx (js-reactivity-benchmark's cellxBench.ts, after Riim/cellx's perf page): four sources, then `layers`
// layers of four computeds, each reading the layer before (`prop1 = prop2`, `prop2 = prop1 - prop3`,
// `prop3 = prop2 + prop4`, `prop4 = prop3`), each with an effect, each read as it is built. A run builds a fresh
// graph (untimed), then times reading the last layer, one batch writing the four sources (4, 3, 2, 1), and
// reading the last layer again; the public benchmark reports the total of 10 runs, in ms, and checks the two
// readings: for 1,000 layers [-3, -6, -2, 2] then [-2, -4, 2, 3], for 5,000 [2, 4, -1, -6] then
// [-2, 1, -4, -4]. One operation here is one run (self-timed), 10 per sample (1 with `--quick`). In Signals
// the two-input computeds are `Property.combineLatest`'s pack form, the effects `observeValues` (the current
// value at once, then each change, as an effect runs). The floor recomputes every cell of every layer in order (every one changes; Signals compares nothing) and calls
// its observer. The graph is released after the run, untimed.
//
// Memory (cellx 5,000): heap bytes held by a built graph, divided by its 20,000 derived properties (each with
// its observer): glibc's count of bytes in use after building minus before.

extension Workload {
  static func cellx(layers: Int) -> Workload {
    precondition(layers == 1_000 || layers == 5_000, "the public benchmark gives expected values for these")
    let (before, after) =
      layers == 1_000 ? ([-3, -6, -2, 2], [-2, -4, 2, 3]) : ([2, 4, -1, -6], [-2, 1, -4, -4])
    let checksum = cellxChecksum(before, after)
    let perDerived = Double(4 * layers)
    func implementation<Graph>(_ library: Library, build: @escaping (Int, Sink) -> Graph) -> Implementation
    where Graph: CellxGraph {
      Implementation(
        library,
        selfTimed: {
          let sink = Sink()
          return { iterations in
            var (checksum, elapsed): (Int, UInt64) = (0, 0)
            for _ in 0..<iterations {
              let graph = build(layers, sink)
              let start = nanoseconds()
              let before = graph.readEnd()
              graph.writeSources()
              let after = graph.readEnd()
              elapsed += nanoseconds() - start
              checksum &+= cellxChecksum(before, after)
            }
            return (checksum, Double(elapsed) / 1e9)
          }
        },
        heapBytes: layers == 5_000
          ? {
            let sink = Sink()
            let before = heap_bytes_in_use()
            let graph = build(layers, sink)
            let after = heap_bytes_in_use()
            return withExtendedLifetime(graph) { (Double(after) - Double(before)) / perDerived }
          } : nil)
    }
    var workload = Workload(
      id: "cellx-\(layers)", title: "cellx, \(grouped(layers)) layers", unit: "run", fastestPeer: nil,
      expected: { $0 &* checksum },
      implementations: [
        implementation(.signals, build: SignalsCellx.init),
        implementation(.closures, build: CellxFloor.init),
      ])
    workload.group = .signalsWorld(
      SignalsWorldShape(
        name: "cellx \(grouped(layers)) layers", operationsPerFigure: 10, figure: "10 runs",
        goal: layers == 1_000 ? 3 : 4))
    workload.fixedIterations = (full: 10, quick: 1)
    workload.countedIterations = 0
    return workload
  }
}

/// One run's check: the two readings of the last layer, folded into one number.
func cellxChecksum(_ before: [Int], _ after: [Int]) -> Int {
  (before + after).reduce(0) { $0 &* 31 &+ $1 }
}

/// A built cellx graph: the timed part of a run.
protocol CellxGraph {
  /// The last layer's four values.
  func readEnd() -> [Int]
  /// The batch: the four sources set to 4, 3, 2, 1.
  func writeSources()
}

/// cellx on Signals.
struct SignalsCellx: CellxGraph {
  let start: [MutableProperty<Int>]
  let end: [Property<Int>]
  /// Every derived property's `Property`, with `keepingHandles` (`--memory-kept-handles`); empty otherwise.
  let kept: [Property<Int>]

  init(layers: Int, sink: Sink) {
    self.init(layers: layers, sink: sink, keepingHandles: false)
  }

  init(layers: Int, sink: Sink, keepingHandles: Bool) {
    var kept: [Property<Int>] = []
    if keepingHandles { kept.reserveCapacity(4 * layers) }
    start = (1...4).map { MutableProperty($0) }
    var layer = start.map { Property($0) }
    for _ in 0..<layers {
      let previous = layer
      layer = [
        previous[1].map { $0 },
        Property.combineLatest(previous[0], previous[2]) { $0 &- $1 },
        Property.combineLatest(previous[1], previous[3]) { $0 &+ $1 },
        previous[2].map { $0 },
      ]
      // An effect runs at once, then after each change: `observeValues` replays the current value, then delivers.
      for property in layer { property.observeValues { sink.add($0) } }
      if keepingHandles { kept += layer }
    }
    end = layer
    self.kept = kept
  }

  func readEnd() -> [Int] { end.map(\.value) }

  func writeSources() {
    withTransaction {
      start[0].value = 4
      start[1].value = 3
      start[2].value = 2
      start[3].value = 1
    }
  }
}

/// cellx by hand: cells in the order they were built, each recomputed and observed in turn after the batch.
struct CellxFloor: CellxGraph {
  let start: [FloorCell<Int>]
  let cells: [FloorCell<Int>]
  let observers: [(Int) -> Void]
  let end: [FloorCell<Int>]

  init(layers: Int, sink: Sink) {
    start = (1...4).map { FloorCell.source($0) }
    var (cells, observers, layer) = ([FloorCell<Int>](), [(Int) -> Void](), start)
    cells.reserveCapacity(4 * layers)
    observers.reserveCapacity(4 * layers)
    for _ in 0..<layers {
      let (prop1, prop2, prop3, prop4) = (layer[0], layer[1], layer[2], layer[3])
      layer = [
        FloorCell { [prop2] in prop2.value },
        FloorCell { [prop1, prop3] in prop1.value &- prop3.value },
        FloorCell { [prop2, prop4] in prop2.value &+ prop4.value },
        FloorCell { [prop3] in prop3.value },
      ]
      for cell in layer {
        cells.append(cell)
        observers.append { sink.add($0) }
        sink.add(cell.value)
      }
    }
    (self.cells, self.observers, end) = (cells, observers, layer)
  }

  func readEnd() -> [Int] { end.map(\.value) }

  func writeSources() {
    for (cell, value) in zip(start, [4, 3, 2, 1]) { cell.value = value }
    for index in cells.indices {
      cells[index].recompute()
      observers[index](cells[index].value)
    }
  }
}
