import Observation
import OpenCombine
import Signals

// W5: set a MutableProperty that has one observer (OpenCombine: CurrentValueSubject). One operation is one set.
// Observation, as SwiftUI uses it (ObservationRender.swift): an `@Observable` model with one stored `value`; the
// observer is a render reading `value` under `withObservationTracking`, run again after each set.

extension Workload {
  static func w5PropertySet() -> Workload {
    Workload(
      id: "W5", title: "MutableProperty set, 1 observer", unit: "set", fastestPeer: 305,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let property = MutableProperty(0)
            let sink = Sink()
            property.signal.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { property.value = value }
              return sink.value
            }
          }
        ),
        Implementation(
          .openCombine,
          make: {
            let subject = CurrentValueSubject<Int, Never>(0)
            let sink = Sink()
            let cancellable = subject.sink { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { subject.value = value }
              return withExtendedLifetime(cancellable) { sink.value }
            }
          }
        ),
        Implementation(
          .observation,
          selfTimed: {
            let model = ObservableValue()
            let sink = Sink()
            let view = ObservedRender { sink.add(model.value) }
            return observationRun(
              reset: {
                model.value = -1
                view.update()
              },
              { iterations in
                sink.reset()
                for value in 0..<iterations {
                  model.value = value
                  view.update()
                }
                return sink.value
              })
          }
        ),
        Implementation(
          .closures,
          make: {
            let property = ClosureProperty(0)
            let sink = Sink()
            property.observer = { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { property.value = value }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}

/// A property written by hand: a stored value whose `didSet` calls one closure.
final class ClosureProperty<Value> {
  var observer: (Value) -> Void = { _ in }
  var value: Value {
    didSet { observer(value) }
  }

  init(_ value: Value) { self.value = value }
}

/// W5's Observation model: one stored value.
@Observable final class ObservableValue {
  var value = 0
}
