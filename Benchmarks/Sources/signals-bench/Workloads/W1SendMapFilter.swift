import OpenCombine
import Signals

// W1: send → map → filter → observer on a hot pipe. One operation is one send; half the values pass the filter.

extension Workload {
  static func w1SendMapFilter() -> Workload {
    Workload(
      id: "W1", title: "send → map → filter → observer", unit: "send", fastestPeer: 278,
      expected: { iterations in
        var sum = 0
        for value in 0..<iterations where (value &* 3) & 1 == 0 { sum &+= value &* 3 }
        return sum
      },
      implementations: [
        Implementation(
          .signals,
          make: {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()
            signal.map { $0 &* 3 }.filter { $0 & 1 == 0 }.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { input.send(value: value) }
              return sink.value
            }
          },
          subscription: {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sink = Sink()  // made outside the counted attach
            return SubscriptionProbe(
              attach: { signal.map { $0 &* 3 }.filter { $0 & 1 == 0 }.observeValues { sink.add($0) } as Any },
              detach: { token in withExtendedLifetime(input) { (token as? (any Disposable)?)??.dispose() } }
            )
          },
          frames: { signalsFrames() }
        ),
        Implementation(
          .openCombine,
          make: {
            let subject = PassthroughSubject<Int, Never>()
            let sink = Sink()
            let cancellable = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.sink { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { subject.send(value) }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          },
          subscription: {
            let subject = PassthroughSubject<Int, Never>()
            let sink = Sink()  // made outside the counted attach
            return SubscriptionProbe(
              attach: { subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.sink { sink.add($0) } },
              detach: { token in (token as? AnyCancellable)?.cancel() }
            )
          },
          frames: { openCombineFrames() }
        ),
        Implementation(
          .closures,
          make: {
            let pipe = ClosurePipe<Int>()
            let sink = Sink()
            pipe.observe(w1Closures { sink.add($0) })
            return { iterations in
              sink.reset()
              for value in 0..<iterations { pipe.send(value) }
              return sink.value
            }
          },
          subscription: {
            let pipe = ClosurePipe<Int>()
            let sink = Sink()  // made outside the counted attach
            return SubscriptionProbe(
              attach: { pipe.observe(w1Closures { sink.add($0) }) },
              detach: { token in pipe.remove(token as! Int) }
            )
          },
          frames: { closuresFrames() }
        ),
      ]
    )
  }

  /// map and filter written by hand as closures around the observer.
  private static func w1Closures(_ observer: @escaping (Int) -> Void) -> (Int) -> Void {
    let filtered: (Int) -> Void = { value in if value & 1 == 0 { observer(value) } }
    return { value in filtered(value &* 3) }
  }

  @inline(never)
  private static func signalsFrames() -> FrameProbe {
    let (signal, input) = Signal<Int, Never>.pipe()
    var observed: [UnsafeMutableRawPointer?] = []
    let disposable = signal.map { $0 &* 3 }.filter { $0 & 1 == 0 }.observeValues { _ in observed = stackAddresses() }
    let baseline = stackAddresses()
    input.send(value: 2)
    disposable?.dispose()
    return FrameProbe(observed: observed, baseline: baseline)
  }

  @inline(never)
  private static func openCombineFrames() -> FrameProbe {
    let subject = PassthroughSubject<Int, Never>()
    var observed: [UnsafeMutableRawPointer?] = []
    let cancellable = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.sink { _ in observed = stackAddresses() }
    let baseline = stackAddresses()
    subject.send(2)
    cancellable.cancel()
    return FrameProbe(observed: observed, baseline: baseline)
  }

  @inline(never)
  private static func closuresFrames() -> FrameProbe {
    let pipe = ClosurePipe<Int>()
    var observed: [UnsafeMutableRawPointer?] = []
    pipe.observe(w1Closures { _ in observed = stackAddresses() })
    let baseline = stackAddresses()
    pipe.send(2)
    return FrameProbe(observed: observed, baseline: baseline)
  }
}
