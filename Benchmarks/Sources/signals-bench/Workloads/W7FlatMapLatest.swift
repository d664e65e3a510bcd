import OpenCombine
import Signals

// W7: flatMap(.latest) to cold inners of 10 synchronous values (OpenCombine: map + switchToLatest over a
// sequence publisher). W7b: the same over hot inner pipes. One operation is one inner value.

extension Workload {
  static func w7FlatMapLatestCold() -> Workload {
    Workload(
      id: "W7", title: "flatMap(.latest), cold inners of 10 values", unit: "inner value",
      operationsPerIteration: 10, fastestPeer: 1_024,
      expected: innerChecksum,
      implementations: [
        Implementation(
          .signals,
          make: {
            let (outer, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            outer.flatMap(.latest) { value in SignalProducer(value..<value &+ 10) }.observeValues { sink.add($0) }
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
            let cancellable = subject.map { value in (value..<value &+ 10).publisher }.switchToLatest()
              .sink { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { subject.send(value) }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          }
        ),
      ]
    )
  }

  static func w7bFlatMapLatestHot() -> Workload {
    Workload(
      id: "W7b", title: "flatMap(.latest), hot inner pipes", unit: "inner value",
      operationsPerIteration: 10, fastestPeer: 599,
      expected: innerChecksum,
      implementations: [
        Implementation(
          .signals,
          make: {
            // Two inner pipes, used in turn: each outer value switches to the other one, then 10 values are
            // sent into it.
            let inners = [Signal<Int, Never>.pipe(), Signal<Int, Never>.pipe()]
            let (outer, input) = Signal<Signal<Int, Never>, Never>.pipe()
            let sink = Sink()
            outer.flatMap(.latest) { SignalProducer($0) }.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations {
                let inner = inners[value & 1]
                input.send(value: inner.output)
                for offset in 0..<10 { inner.input.send(value: value &+ offset) }
              }
              return sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
            let subject = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let sink = Sink()
            let cancellable = subject.switchToLatest().sink { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations {
                let inner = inners[value & 1]
                subject.send(inner)
                for offset in 0..<10 { inner.send(value &+ offset) }
              }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          }
        ),
      ]
    )
  }

  /// The sum of `value + 0 … value + 9` over every outer value.
  private static func innerChecksum(_ iterations: Int) -> Int {
    var sum = 0
    for value in 0..<iterations { sum &+= 10 &* value &+ 45 }
    return sum
  }
}
