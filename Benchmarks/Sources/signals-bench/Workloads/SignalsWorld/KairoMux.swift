import Signals

// kairo "mux": 100 heads combined into one computed (JavaScript: an object of their entries; Signals:
// `Property.combineLatest(heads)`, an `[Int]`), split again into 100 computeds `mux[i]`, each followed by
// `+ 1` and an effect. `iter()`: 10 times, write head i to i in a batch and read split i (i + 1); then 10
// times, write head i to 2i and read split i (2i + 1). alien-signals stops each change at the 99 `mux[i]`
// that kept their value; Signals does it with `.skipRepeats()` after each `mux.map { $0[i] }`, the floor with
// the same comparison. Head 0 is written 0, its value: alien-signals ignores that write, Signals propagates it
// (every set is a change) and the skipRepeats stop it, so the effects run alike.

extension Workload {
  static let muxWidth = 100

  static func kairoMux() -> Workload {
    // Heads 1…9 change in both loops; head 0 never does. The effects, then the reads.
    let effects = (1..<10).reduce(0) { $0 + ($1 + 1) + (2 * $1 + 1) }
    let reads = (0..<10).reduce(0) { $0 + ($1 + 1) + (2 * $1 + 1) }
    return Kairo.workload(
      id: "kairo-mux",
      shape: .kairo("mux", goal: 1.5),
      checksumPerIteration: effects + reads,
      signals: { sink in
        let heads = (0..<muxWidth).map { _ in MutableProperty(0) }
        let mux = Property.combineLatest(heads)
        let split = (0..<muxWidth).map { index in mux.map { $0[index] }.skipRepeats().map { $0 &+ 1 } }
        for property in split { property.observeValues { sink.add($0) } }
        return {
          for index in 0..<10 {
            withTransaction { heads[index].value = index }
            sink.add(split[index].value)
          }
          for index in 0..<10 {
            withTransaction { heads[index].value = index &* 2 }
            sink.add(split[index].value)
          }
        }
      },
      handWritten: { sink in
        let floor = MuxFloor(sink)
        return {
          for index in 0..<10 {
            floor.set(index, to: index)
            sink.add(floor.split[index].value)
          }
          for index in 0..<10 {
            floor.set(index, to: index &* 2)
            sink.add(floor.split[index].value)
          }
        }
      })
  }
}

/// mux, by hand: a set recomputes the combined array, then each of the 100 entries, and goes on past an entry
/// only if it changed.
final class MuxFloor {
  let heads: [FloorCell<Int>]
  let mux: FloorCell<[Int]>
  let entries: [FloorCell<Int>]
  let split: [FloorCell<Int>]
  let effects: [(Int) -> Void]

  init(_ sink: Sink) {
    let heads = (0..<Workload.muxWidth).map { _ in FloorCell.source(0) }
    let mux = FloorCell { [heads] in heads.map(\.value) }
    let entries = (0..<Workload.muxWidth).map { index in FloorCell { [mux] in mux.value[index] } }
    (self.heads, self.mux, self.entries) = (heads, mux, entries)
    split = entries.map { entry in FloorCell { [entry] in entry.value &+ 1 } }
    effects = split.map { _ in { sink.add($0) } }
  }

  func set(_ index: Int, to value: Int) {
    heads[index].value = value
    mux.recompute()
    for entry in entries.indices {
      let previous = entries[entry].value
      entries[entry].recompute()
      guard entries[entry].value != previous else { continue }
      split[entry].recompute()
      effects[entry](split[entry].value)
    }
  }
}
