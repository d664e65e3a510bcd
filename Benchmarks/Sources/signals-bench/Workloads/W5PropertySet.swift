import OpenCombine
import Signals

// W5: set a MutableProperty that has one observer (OpenCombine: CurrentValueSubject). One operation is one set.

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
