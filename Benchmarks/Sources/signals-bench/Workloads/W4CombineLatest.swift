import Signals

// W4: combineLatest of 3, sends round-robin to the three inputs. One operation is one send (each emits one
// combination once all three have a value, which they have before timing starts). OpenCombine 0.14 has no
// combineLatest, so only Signals and hand-written closures run.

extension Workload {
  static func w4CombineLatest() -> Workload {
    Workload(
      id: "W4", title: "combineLatest of 3, round-robin sends", unit: "send", fastestPeer: 1_089,
      expected: { iterations in
        var latest = (0, 0, 0)
        var sum = 0
        for value in 0..<iterations {
          switch value % 3 {
          case 0: latest.0 = value
          case 1: latest.1 = value
          default: latest.2 = value
          }
          sum &+= latest.0 &+ latest.1 &* 2 &+ latest.2 &* 3
        }
        return sum
      },
      implementations: [
        Implementation(
          .signals,
          make: {
            let (a, inputA) = Signal<Int, Never>.pipe()
            let (b, inputB) = Signal<Int, Never>.pipe()
            let (c, inputC) = Signal<Int, Never>.pipe()
            let sink = Sink()
            Signal.combineLatest(a, b, c).observeValues { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) }
            inputA.send(value: 0)
            inputB.send(value: 0)
            inputC.send(value: 0)
            return { iterations in
              // Every run starts from (0, 0, 0), as the expected checksum does.
              inputA.send(value: 0)
              inputB.send(value: 0)
              inputC.send(value: 0)
              sink.reset()
              for value in 0..<iterations {
                switch value % 3 {
                case 0: inputA.send(value: value)
                case 1: inputB.send(value: value)
                default: inputC.send(value: value)
                }
              }
              return sink.value
            }
          },
          subscription: {
            let (a, inputA) = Signal<Int, Never>.pipe()
            let (b, inputB) = Signal<Int, Never>.pipe()
            let (c, inputC) = Signal<Int, Never>.pipe()
            let sink = Sink()  // made outside the counted attach
            return SubscriptionProbe(
              attach: {
                Signal.combineLatest(a, b, c).observeValues { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) } as Any
              },
              detach: { token in
                withExtendedLifetime((inputA, inputB, inputC)) { (token as? (any Disposable)?)??.dispose() }
              }
            )
          }
        ),
        Implementation(
          .closures,
          make: {
            let combiner = ClosureCombineLatest3()
            let sink = Sink()
            combiner.observer = { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) }
            combiner.sendA(0)
            combiner.sendB(0)
            combiner.sendC(0)
            return { iterations in
              combiner.sendA(0)
              combiner.sendB(0)
              combiner.sendC(0)
              sink.reset()
              for value in 0..<iterations {
                switch value % 3 {
                case 0: combiner.sendA(value)
                case 1: combiner.sendB(value)
                default: combiner.sendC(value)
                }
              }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}

/// combineLatest of three written by hand: the latest of each, and a closure called once all have one.
final class ClosureCombineLatest3 {
  var observer: (Int, Int, Int) -> Void = { _, _, _ in }
  private var a: Int?
  private var b: Int?
  private var c: Int?

  func sendA(_ value: Int) {
    a = value
    emit()
  }
  func sendB(_ value: Int) {
    b = value
    emit()
  }
  func sendC(_ value: Int) {
    c = value
    emit()
  }
  private func emit() {
    if let a, let b, let c { observer(a, b, c) }
  }
}
