import Observation
import Signals

// W12: a property diamond. `a` is set; `b = a.map(+1)` and `c = a.map(×2)` are combined into `d`, which has one
// observer (`d.observeValues`, attached to the property itself). One operation is one set of `a`; the observer
// receives one value per set (glitch-free).
// OpenCombine 0.14 has no combineLatest, so it does not run. The closures compute b, c and d in a `didSet`.
// Observation, as SwiftUI uses it (ObservationRender.swift): an `@Observable` model whose `b`, `c` and `d` are
// computed properties (`var d: Int { b + c }`); the render reads `d` under `withObservationTracking` (which
// registers `a`) and runs again after each set.

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
            d.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { a.value = value }
              return sink.value
            }
          },
          frames: { signalsFrames() }
        ),
        Implementation(
          .observation,
          selfTimed: {
            let model = DiamondModel()
            let sink = Sink()
            let view = ObservedRender { sink.add(model.d) }
            return observationRun(
              reset: {
                model.a = -1
                view.update()
              },
              { iterations in
                sink.reset()
                for value in 0..<iterations {
                  model.a = value
                  view.update()
                }
                return sink.value
              })
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
          },
          frames: { closuresFrames() }
        ),
      ]
    )
  }

  // The frames from a property set to the observer of the diamond's end, beside W1's for a stream (issue 23: a
  // person debugging a view model reads this stack).
  @inline(never)
  private static func signalsFrames() -> FrameProbe {
    let a = MutableProperty(0)
    let d = Property.combineLatest(a.map { $0 &+ 1 }, a.map { $0 &* 2 }) { $0 &+ $1 }
    var observed: [UnsafeMutableRawPointer?] = []
    let disposable = d.observeValues { _ in observed = stackAddresses() }
    let baseline = stackAddresses()
    a.value = 2
    disposable?.dispose()
    return FrameProbe(observed: observed, baseline: baseline)
  }

  @inline(never)
  private static func closuresFrames() -> FrameProbe {
    let a = ClosureProperty(0)
    var observed: [UnsafeMutableRawPointer?] = []
    a.observer = { value in
      let (b, c) = (value &+ 1, value &* 2)
      if b &+ c >= 0 { observed = stackAddresses() }
    }
    let baseline = stackAddresses()
    a.value = 2
    return FrameProbe(observed: observed, baseline: baseline)
  }
}

/// W12's Observation model: `a` stored, `b`, `c` and `d` computed from it.
@Observable final class DiamondModel {
  var a = 0
  var b: Int { a &+ 1 }
  var c: Int { a &* 2 }
  var d: Int { b &+ c }
}
