import Signals

// kairo "deep propagation": a chain of 50 computeds, each its predecessor + 1, and an effect on the last.
// `iter()`: write 1 in a batch; then 50 times: write i in a batch, read the last (i + 50).

extension Workload {
  static let deepLength = 50

  static func kairoDeep() -> Workload {
    let checksum = 1 + deepLength + (0..<50).reduce(0) { $0 + 2 * ($1 + deepLength) }
    return Kairo.workload(
      id: "kairo-deep",
      shape: .kairo("deep propagation", goal: 1.1),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        var current = Property(head)
        for _ in 0..<deepLength { current = current.map { $0 &+ 1 } }
        current.observeValues { sink.add($0) }
        return { [current] in
          withTransaction { head.value = 1 }
          for value in 0..<50 {
            withTransaction { head.value = value }
            sink.add(current.value)
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        var chain: [FloorCell<Int>] = []
        for _ in 0..<deepLength {
          let previous = chain.last ?? head
          chain.append(FloorCell { [previous] in previous.value &+ 1 })
        }
        let (last, effect) = (chain[deepLength - 1], { sink.add($0) } as (Int) -> Void)
        func set(_ value: Int) {
          head.value = value
          for cell in chain { cell.recompute() }
          effect(last.value)
        }
        return {
          set(1)
          for value in 0..<50 {
            set(value)
            sink.add(last.value)
          }
        }
      })
  }
}
