import Signals

// kairo "triangle": a chain of 10 from head (each + 1); the first 10 of the chain (head included) summed by one
// computed, with an effect on the sum; the chain's 11th is made and not used, as in the public benchmark.
// `iter()`: write 1 in a batch, read the sum (55); then 100 times: write i in a batch, read the sum
// (45 + 10i). The sum of a list is `Property.combineLatest`'s list form, then `map`.

extension Workload {
  static let triangleWidth = 10

  static func kairoTriangle() -> Workload {
    let checksum = 2 * (55 + (0..<100).reduce(0) { $0 + 45 + 10 * $1 })
    return Kairo.workload(
      id: "kairo-triangle",
      shape: .kairo("triangle", goal: 2),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        var current = Property(head)
        var list: [Property<Int>] = []
        for _ in 0..<triangleWidth {
          list.append(current)
          current = current.map { $0 &+ 1 }
        }
        let sum = Property.combineLatest(list).map { $0.reduce(0, &+) }
        sum.observeValues { sink.add($0) }
        return {
          withTransaction { head.value = 1 }
          sink.add(sum.value)
          for value in 0..<100 {
            withTransaction { head.value = value }
            sink.add(sum.value)
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        var list = [head]
        for _ in 1..<triangleWidth {
          let previous = list[list.count - 1]
          list.append(FloorCell { [previous] in previous.value &+ 1 })
        }
        let chain = list.dropFirst()
        let sum = FloorCell { [list] in list.reduce(0) { $0 &+ $1.value } }
        let effect: (Int) -> Void = { sink.add($0) }
        func set(_ value: Int) {
          head.value = value
          for cell in chain { cell.recompute() }
          sum.recompute()
          effect(sum.value)
        }
        return {
          set(1)
          sink.add(sum.value)
          for value in 0..<100 {
            set(value)
            sink.add(sum.value)
          }
        }
      })
  }
}
