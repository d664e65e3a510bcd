import Signals
import SignalsTesting

// W11: debounce on the TestScheduler. One operation is one value sent and the virtual time advanced past
// the debounce interval, so every value is delivered. Signals only: the point is the cost of a ViewModel
// spec's virtual time, not a comparison.

extension Workload {
  static func w11DebounceTestScheduler() -> Workload {
    Workload(
      id: "W11", title: "debounce on the TestScheduler", unit: "value", fastestPeer: nil,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let scheduler = TestScheduler()
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            signal.debounce(.milliseconds(300), on: scheduler).observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations {
                input.send(value: value)
                scheduler.advance(by: .milliseconds(300))
              }
              return sink.value
            }
          }
        )
      ]
    )
  }
}
