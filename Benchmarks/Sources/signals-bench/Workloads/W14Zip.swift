import OpenCombine
import Signals

// W14: zip of 3, sends round-robin to the three inputs. One operation is one send; every third send completes
// a triple, which is emitted. A run that stops mid-triple sends zeros to complete it, so that no value waits
// into the next run (the padding is at most two sends, not counted).

extension Workload {
  static func w14Zip() -> Workload {
    Workload(
      id: "W14", title: "zip of 3, round-robin sends", unit: "send", fastestPeer: nil,
      expected: { iterations in
        var sum = 0
        var triple = 0
        while triple * 3 < iterations {
          let value = { (position: Int) in position < iterations ? position : 0 }
          sum &+= value(triple * 3) &+ value(triple * 3 + 1) &* 2 &+ value(triple * 3 + 2) &* 3
          triple += 1
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
            Signal.zip(a, b, c).observeValues { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) }
            let inputs = [inputA, inputB, inputC]
            return { iterations in
              sink.reset()
              for value in 0..<iterations { inputs[value % 3].send(value: value) }
              for position in iterations..<((iterations + 2) / 3 * 3) { inputs[position % 3].send(value: 0) }
              return sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let inputs = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
            let sink = Sink()
            let cancellable = inputs[0].zip(inputs[1], inputs[2]).sink { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { inputs[value % 3].send(value) }
              for position in iterations..<((iterations + 2) / 3 * 3) { inputs[position % 3].send(0) }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let zipper = ClosureZip3()
            let sink = Sink()
            zipper.observer = { x, y, z in sink.add(x &+ y &* 2 &+ z &* 3) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { zipper.send(value, to: value % 3) }
              for position in iterations..<((iterations + 2) / 3 * 3) { zipper.send(0, to: position % 3) }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}

/// zip of three written by hand: a queue per input, and a closure called whenever all three have a value.
final class ClosureZip3 {
  var observer: (Int, Int, Int) -> Void = { _, _, _ in }
  private var a: [Int] = [], b: [Int] = [], c: [Int] = []
  private var paired = 0

  func send(_ value: Int, to input: Int) {
    switch input {
    case 0: a.append(value)
    case 1: b.append(value)
    default: c.append(value)
    }
    guard paired < a.count, paired < b.count, paired < c.count else { return }
    let (x, y, z) = (a[paired], b[paired], c[paired])
    paired += 1
    if paired == a.count, paired == b.count, paired == c.count {
      a.removeAll(keepingCapacity: true)
      b.removeAll(keepingCapacity: true)
      c.removeAll(keepingCapacity: true)
      paired = 0
    }
    observer(x, y, z)
  }
}
