import OpenCombine
import Signals

// W3: subscribe and dispose on a hot source. One operation is one subscribe + dispose. The checksum counts
// the subscriptions made, then one value sent afterwards must reach nobody (the disposals really detached).

extension Workload {
  static func w3SubscribeDispose() -> Workload {
    Workload(
      id: "W3", title: "subscribe + dispose on a hot source", unit: "sub+dispose", fastestPeer: 1_591,
      expected: { iterations in iterations },
      implementations: [
        Implementation(
          .signals,
          make: {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            return { iterations in
              sink.reset()
              var count = 0
              for _ in 0..<iterations {
                guard let disposable = signal.observeValues({ sink.add($0) }) else { continue }
                count &+= 1
                disposable.dispose()
              }
              input.send(value: 1)
              return count &+ sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let subject = PassthroughSubject<Int, Never>()
            let sink = Sink()
            return { iterations in
              sink.reset()
              var count = 0
              for _ in 0..<iterations {
                let cancellable = subject.sink { sink.add($0) }
                count &+= 1
                cancellable.cancel()
              }
              subject.send(1)
              return count &+ sink.value
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let pipe = ClosurePipe<Int>()
            let sink = Sink()
            return { iterations in
              sink.reset()
              var count = 0
              for _ in 0..<iterations {
                let id = pipe.observe { sink.add($0) }
                count &+= 1
                pipe.remove(id)
              }
              pipe.send(1)
              return count &+ sink.value
            }
          }
        ),
      ]
    )
  }
}
