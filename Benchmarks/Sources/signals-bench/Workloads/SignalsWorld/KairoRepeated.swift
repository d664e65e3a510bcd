import Signals

// kairo "repeated observers": one computed reading head 30 times (a `map` whose closure adds its input 30
// times) and an effect. `iter()`: write 1 in a batch, read (30); then 100 times: write i in a batch, read
// (30i).

extension Workload {
  static let repeatedSize = 30

  static func kairoRepeated() -> Workload {
    let checksum = 2 * (repeatedSize + (0..<100).reduce(0) { $0 + repeatedSize * $1 })
    return Kairo.workload(
      id: "kairo-repeated",
      shape: .kairo("repeated observers", goal: 20),
      checksumPerIteration: checksum,
      signals: { sink in
        let head = MutableProperty(0)
        let current = head.map(repeatedSum)
        current.observeValues { sink.add($0) }
        return {
          withTransaction { head.value = 1 }
          sink.add(current.value)
          for value in 0..<100 {
            withTransaction { head.value = value }
            sink.add(current.value)
          }
        }
      },
      handWritten: { sink in
        let head = FloorCell.source(0)
        let current = FloorCell { [head] in repeatedSum(head.value) }
        let effect: (Int) -> Void = { sink.add($0) }
        func set(_ value: Int) {
          head.value = value
          current.recompute()
          effect(current.value)
        }
        return {
          set(1)
          sink.add(current.value)
          for value in 0..<100 {
            set(value)
            sink.add(current.value)
          }
        }
      })
  }
}

/// The repeated computed's closure: its input added 30 times.
func repeatedSum(_ value: Int) -> Int {
  var result = 0
  for _ in 0..<Workload.repeatedSize { result &+= value }
  return result
}
