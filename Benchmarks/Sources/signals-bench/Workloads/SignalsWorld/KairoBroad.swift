import Signals

// kairo "broad propagation": 50 columns under one head, each `current = head + i`, `current2 = current + 1`
// and an effect on current2. `iter()`: write 1 in a batch; then 50 times: write i in a batch, read the last
// column's current2 (i + 50).

extension Workload {
  static let broadWidth = 50

  static func kairoBroad() -> Workload {
    var checksum = (0..<broadWidth).reduce(0) { $0 + 1 + $1 + 1 }
    for value in 0..<broadWidth {
      checksum += (0..<broadWidth).reduce(0) { $0 + value + $1 + 1 } + value + broadWidth
    }
    return Kairo.workload(
      id: "kairo-broad",
      shape: .kairo("broad propagation", goal: 1.5),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        var last = Property(head)
        for column in 0..<broadWidth {
          let current = head.map { $0 &+ column }
          let current2 = current.map { $0 &+ 1 }
          current2.observeValues { sink.add($0) }
          last = current2
        }
        return { [last] in
          withTransaction { head.value = 1 }
          for value in 0..<broadWidth {
            withTransaction { head.value = value }
            sink.add(last.value)
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        let columns = (0..<broadWidth).map { column in
          let current = FloorCell { [head] in head.value &+ column }
          let current2 = FloorCell { [current] in current.value &+ 1 }
          return (current: current, current2: current2, effect: { sink.add($0) } as (Int) -> Void)
        }
        let last = columns[broadWidth - 1].current2
        func set(_ value: Int) {
          head.value = value
          for column in columns {
            column.current.recompute()
            column.current2.recompute()
            column.effect(column.current2.value)
          }
        }
        return {
          set(1)
          for value in 0..<broadWidth {
            set(value)
            sink.add(last.value)
          }
        }
      })
  }
}
