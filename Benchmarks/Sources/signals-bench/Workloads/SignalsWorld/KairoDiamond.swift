import Signals

// kairo "diamond": five computeds `head + 1` summed by one computed, with an effect on the sum. `iter()`: write
// 1 in a batch, read the sum (10); then 500 times: write i in a batch, read the sum (5 × (i + 1)). The sum of
// five is `Property.combineLatest`'s pack form.

extension Workload {
  static func kairoDiamond() -> Workload {
    let checksum = 2 * (10 + (0..<500).reduce(0) { $0 + 5 * ($1 + 1) })
    return Kairo.workload(
      id: "kairo-diamond",
      shape: .kairo("diamond", goal: 2.5),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        let current = (0..<5).map { _ in head.map { $0 &+ 1 } }
        let sum = Property.combineLatest(current[0], current[1], current[2], current[3], current[4]) {
          $0 &+ $1 &+ $2 &+ $3 &+ $4
        }
        sum.observeValues { sink.add($0) }
        return {
          withTransaction { head.value = 1 }
          sink.add(sum.value)
          for value in 0..<500 {
            withTransaction { head.value = value }
            sink.add(sum.value)
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        let current = (0..<5).map { _ in FloorCell { [head] in head.value &+ 1 } }
        let sum = FloorCell { [current] in current.reduce(0) { $0 &+ $1.value } }
        let effect: (Int) -> Void = { sink.add($0) }
        func set(_ value: Int) {
          head.value = value
          for cell in current { cell.recompute() }
          sum.recompute()
          effect(sum.value)
        }
        return {
          set(1)
          sink.add(sum.value)
          for value in 0..<500 {
            set(value)
            sink.add(sum.value)
          }
        }
      })
  }
}
