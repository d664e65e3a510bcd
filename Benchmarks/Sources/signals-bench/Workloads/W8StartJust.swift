import OpenCombine
import Signals

// W8: start a cold producer of one value and observe it (OpenCombine: Just + sink). One operation is one
// start, including creating the producer.

extension Workload {
  static func w8StartJust() -> Workload {
    Workload(
      id: "W8", title: "start a one-value cold producer", unit: "start", fastestPeer: 612,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let sink = Sink()
            return { iterations in
              sink.reset()
              for value in 0..<iterations { SignalProducer<Int, Never>(value: value).startWithValues { sink.add($0) } }
              return sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let sink = Sink()
            return { iterations in
              sink.reset()
              for value in 0..<iterations { _ = Just(value).sink { sink.add($0) } }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}
