import Signals

// W13: a transaction of 10 sets under one derived property. Ten `MutableProperty` inputs (a form's fields) are
// combined into one property with one observer; each operation sets all ten inside `withTransaction`, and the
// observer receives one value. OpenCombine has neither transactions nor combineLatest. The closures store ten
// values and call the observer once with their sum. The checksum is the last value received (the sum of the
// last transaction's values), so that a version without transactions, which delivers every set, passes too
// (scripts/bench-against.sh runs this workload on such a baseline).

extension Workload {
  static let transactionWidth = 10

  static func w13Transaction() -> Workload {
    Workload(
      id: "W13", title: "transaction of 10 sets, 1 derived property", unit: "transaction", fastestPeer: nil,
      expected: { iterations in
        iterations == 0 ? 0 : (iterations - 1) * transactionWidth + (0..<transactionWidth).reduce(0, &+)
      },
      implementations: [
        Implementation(
          .signals,
          make: {
            let fields = (0..<transactionWidth).map { _ in MutableProperty(0) }
            let sum = Property.combineLatest(fields).map { $0.reduce(0, &+) }
            let sink = Sink()
            sum.signal.observeValues { sink.store($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations {
                withTransaction {
                  for (index, field) in fields.enumerated() { field.value = value &+ index }
                }
              }
              return sink.value
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let form = ClosureForm(width: transactionWidth)
            let sink = Sink()
            form.observer = { sink.store($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { form.set { value &+ $0 } }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}

/// A form written by hand: ten stored values set together, then one call with their sum.
final class ClosureForm {
  var fields: [Int]
  var observer: (Int) -> Void = { _ in }

  init(width: Int) { fields = Array(repeating: 0, count: width) }

  func set(_ values: (Int) -> Int) {
    for index in fields.indices { fields[index] = values(index) }
    observer(fields.reduce(0, &+))
  }
}
