import Signals

// kairo "unstable": `double = head × 2` and `inverse = -head`; `current` reads head and then, 20 times, double
// when head is odd and inverse when it is even (its dependencies change with head's parity), with an effect.
// In Signals, `head.flatMap(.latest) { $0 % 2 != 0 ? double : inverse }.map { $0 * 20 }`: flatMap is the
// graph's dynamic dependency. `iter()`: write 1 in a batch, read current (40); then 100 times: write i in a
// batch. The public benchmark's check inside that loop is commented out (it is wrong); the effects' values
// check it here: 40i for an odd i, -20i for an even one. The floor computes the one of double and inverse that
// current reads.

extension Workload {
  static func kairoUnstable() -> Workload {
    let checksum = 2 * 40 + (0..<100).reduce(0) { $0 + ($1 % 2 != 0 ? 40 * $1 : -20 * $1) }
    return Kairo.workload(
      id: "kairo-unstable",
      shape: .kairo("unstable", goal: 30),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        let double = head.map { $0 &* 2 }
        let inverse = head.map { 0 &- $0 }
        let current = head.flatMap(.latest) { $0 % 2 != 0 ? double : inverse }.map { $0 &* 20 }
        current.observeValues { sink.add($0) }
        return {
          withTransaction { head.value = 1 }
          sink.add(current.value)
          for value in 0..<100 {
            withTransaction { head.value = value }
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        let double = FloorCell { [head] in head.value &* 2 }
        let inverse = FloorCell { [head] in 0 &- head.value }
        let current = FloorCell { [head] in (head.value % 2 != 0 ? double : inverse).value &* 20 }
        let effect: (Int) -> Void = { sink.add($0) }
        func set(_ value: Int) {
          head.value = value
          (value % 2 != 0 ? double : inverse).recompute()
          current.recompute()
          effect(current.value)
        }
        return {
          set(1)
          sink.add(current.value)
          for value in 0..<100 { set(value) }
        }
      })
  }
}
