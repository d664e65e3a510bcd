import Signals

// W12: a property diamond. `a` is set; `b = a.map(+1)` and `c = a.map(×2)` are combined into `d`, which has one
// observer. One operation is one set of `a`; the observer receives one value per set (glitch-free).
// OpenCombine 0.14 has no combineLatest, so it does not run. The closures compute b, c and d in a `didSet`.

extension Workload {
  static func w12PropertyDiamond() -> Workload {
    Workload(
      id: "W12", title: "property diamond: map, map, combineLatest", unit: "set", fastestPeer: nil,
      expected: { iterations in (0..<iterations).reduce(0) { $0 &+ ($1 &+ 1) &+ $1 &* 2 } },
      implementations: [
        Implementation(
          .signals,
          make: {
            let a = MutableProperty(0)
            let d = Property.combineLatest(a.map { $0 &+ 1 }, a.map { $0 &* 2 }) { $0 &+ $1 }
            let sink = Sink()
            d.signal.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { a.value = value }
              return sink.value
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let a = ClosureProperty(0)
            let sink = Sink()
            a.observer = { value in
              let (b, c) = (value &+ 1, value &* 2)
              sink.add(b &+ c)
            }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { a.value = value }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}
