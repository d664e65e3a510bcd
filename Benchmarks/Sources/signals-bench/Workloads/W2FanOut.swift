import OpenCombine
import Signals

// W2: fan-out, one source to 100 observers. One operation is one delivery (a send is 100 operations).

extension Workload {
  static func w2FanOut() -> Workload {
    let observers = 100
    return Workload(
      id: "W2", title: "fan-out, 1 source → 100 observers", unit: "delivery", operationsPerIteration: observers,
      fastestPeer: 102,
      expected: { iterations in observers &* (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            for _ in 0..<observers { signal.observeValues { sink.add($0) } }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { input.send(value: value) }
              return sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let subject = PassthroughSubject<Int, Never>()
            let sink = Sink()
            let cancellables = (0..<observers).map { _ in subject.sink { sink.add($0) } }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { subject.send(value) }
              return withExtendedLifetime(cancellables) { sink.value }
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let pipe = ClosurePipe<Int>()
            let sink = Sink()
            for _ in 0..<observers { pipe.observe { sink.add($0) } }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { pipe.send(value) }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}
