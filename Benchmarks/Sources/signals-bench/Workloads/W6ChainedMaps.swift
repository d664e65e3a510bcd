import OpenCombine
import Signals

// W6: 20 chained maps. One operation is one send through all 20. Written as users write it; note that
// OpenCombine, like Combine, fuses `map` after `map` into a single Map with a composed closure.

extension Workload {
  static func w6ChainedMaps() -> Workload {
    Workload(
      id: "W6", title: "20 chained maps", unit: "send", fastestPeer: 2_518,
      expected: { iterations in (0..<iterations).reduce(0) { $0 &+ $1 &+ 20 } },
      implementations: [
        Implementation(
          .signals,
          make: {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            signal
              .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
              .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
              .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
              .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
              .observeValues { sink.add($0) }
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
            // In four statements only so that the type checker copes; the chain is the same.
            let five = subject.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let ten = five.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let fifteen = ten.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let cancellable = fifteen.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
              .sink { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { subject.send(value) }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let pipe = ClosurePipe<Int>()
            let sink = Sink()
            var chain: (Int) -> Void = { sink.add($0) }
            for _ in 0..<20 {
              let next = chain
              chain = { next($0 &+ 1) }
            }
            pipe.observe(chain)
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
