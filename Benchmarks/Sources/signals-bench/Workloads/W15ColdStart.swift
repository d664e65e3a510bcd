import OpenCombine
import Signals

// W15: the cold start users make all day: a producer made from a start closure that sends one value and
// completes, started and observed (OpenCombine: Deferred { Just(value) } + sink, a publisher made by a closure
// for each subscription). One operation is one start, including making the producer. Unlike W8, the producer is
// not a constant: its start closure runs for each start.

extension Workload {
  static func w15ColdStart() -> Workload {
    Workload(
      id: "W15", title: "start a producer made from a start closure", unit: "start", fastestPeer: nil,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let sink = Sink()
            return { iterations in
              sink.reset()
              for value in 0..<iterations {
                SignalProducer<Int, Never> { observer, _ in
                  observer.send(value: value)
                  observer.sendCompleted()
                }
                .startWithValues { sink.add($0) }
              }
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
              for value in 0..<iterations { _ = Deferred { Just(value) }.sink { sink.add($0) } }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}
