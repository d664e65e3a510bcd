import Observation
import Signals

// W13: a transaction of 10 sets under one derived property. Ten `MutableProperty` inputs (a form's fields) are
// combined into one property with one observer; each operation sets all ten inside `withTransaction`, and the
// observer receives one value. OpenCombine has neither transactions nor combineLatest. The closures store ten
// values and call the observer once with their sum. The checksum is the last value received (the sum of the
// last transaction's values), so that a version without transactions, which delivers every set, passes too
// (scripts/bench-against.sh runs this workload on such a baseline). Observation, as SwiftUI uses it
// (ObservationRender.swift): an `@Observable` model of ten stored fields and a computed `sum` over them; the
// render reads `sum` under `withObservationTracking`; each operation sets the ten fields and then the view
// updates once (SwiftUI coalesces the sets made before it renders).

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
            sum.observeValues { sink.store($0) }
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
          .observation,
          selfTimed: {
            let model = FormModel()
            let sink = Sink()
            let view = ObservedRender { sink.store(model.sum) }
            return observationRun(
              reset: {
                model.set { _ in -1 }
                view.update()
              },
              { iterations in
                sink.reset()
                for value in 0..<iterations {
                  model.set { value &+ $0 }
                  view.update()
                }
                return sink.value
              })
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

/// W13's Observation model: ten stored fields (a form's) and their sum, computed.
@Observable final class FormModel {
  var field0 = 0
  var field1 = 0
  var field2 = 0
  var field3 = 0
  var field4 = 0
  var field5 = 0
  var field6 = 0
  var field7 = 0
  var field8 = 0
  var field9 = 0

  var sum: Int {
    field0 &+ field1 &+ field2 &+ field3 &+ field4 &+ field5 &+ field6 &+ field7 &+ field8 &+ field9
  }

  /// Sets field `i` to `values(i)`, one field after the other.
  @inline(__always)
  func set(_ values: (Int) -> Int) {
    field0 = values(0)
    field1 = values(1)
    field2 = values(2)
    field3 = values(3)
    field4 = values(4)
    field5 = values(5)
    field6 = values(6)
    field7 = values(7)
    field8 = values(8)
    field9 = values(9)
  }
}
