import Signals

// kairo "avoidable propagation": head → computed1 (= head) → computed2 (reads computed1, is always 0) →
// computed3 (busy, + 1) → computed4 (+ 2) → computed5 (+ 3), and an effect on computed5 that is busy too.
// computed2 never changes, so nothing after it should run. `iter()`: write 1, read computed5 (6); then 1,000
// times: write i in a batch, read computed5 (6). Signals stops the change with `.skipRepeats()` after
// computed2; the floor makes the same comparison. busy() adds to the sink, so a busy that runs breaks the
// checksum.

extension Workload {
  static func kairoAvoidable() -> Workload {
    Kairo.workload(
      id: "kairo-avoidable",
      shape: .kairo("avoidable propagation", goal: 20),
      checksumPerIteration: 1_001 * 6,
      signals: { sink in
        let head = MutableProperty(0)
        let computed1 = head.map { $0 }
        let computed2 = computed1.map { _ in 0 }.skipRepeats()
        let computed3 = computed2.map { value in
          busy(sink)
          return value &+ 1
        }
        let computed4 = computed3.map { $0 &+ 2 }
        let computed5 = computed4.map { $0 &+ 3 }
        computed5.observeValues { _ in busy(sink) }
        return {
          withTransaction { head.value = 1 }
          sink.add(computed5.value)
          for value in 0..<1_000 {
            withTransaction { head.value = value }
            sink.add(computed5.value)
          }
        }
      },
      handWritten: { sink in
        let floor = AvoidableFloor(sink)
        return {
          floor.set(1)
          sink.add(floor.computed5.value)
          for value in 0..<1_000 {
            floor.set(value)
            sink.add(floor.computed5.value)
          }
        }
      })
  }
}

/// avoidable propagation, by hand: a set recomputes computed1 and computed2, and goes on only if computed2
/// changed.
final class AvoidableFloor {
  let head: FloorCell<Int>
  let computed1: FloorCell<Int>
  let computed2: FloorCell<Int>
  let computed3: FloorCell<Int>
  let computed4: FloorCell<Int>
  let computed5: FloorCell<Int>
  let effect: (Int) -> Void

  init(_ sink: Sink) {
    let head = FloorCell.source(0)
    let computed1 = FloorCell { [head] in head.value }
    let computed2 = FloorCell { [computed1] in
      _ = computed1.value
      return 0
    }
    let computed3 = FloorCell { [computed2] in
      busy(sink)
      return computed2.value &+ 1
    }
    let computed4 = FloorCell { [computed3] in computed3.value &+ 2 }
    computed5 = FloorCell { [computed4] in computed4.value &+ 3 }
    (self.head, self.computed1, self.computed2, self.computed3, self.computed4) =
      (head, computed1, computed2, computed3, computed4)
    effect = { _ in busy(sink) }
    effect(computed5.value)
  }

  func set(_ value: Int) {
    head.value = value
    computed1.recompute()
    let previous = computed2.value
    computed2.recompute()
    guard computed2.value != previous else { return }
    computed3.recompute()
    computed4.recompute()
    computed5.recompute()
    effect(computed5.value)
  }
}
