import Signals

// W10: a two-way Channel round trip. A value sent into the leading terminal reaches the following side,
// which sends it back; the leading side observes it. One operation is one round trip.
// OpenCombine has no two-way binding; the closures column is two closures calling each other once.

extension Workload {
  static func w10ChannelRoundTrip() -> Workload {
    Workload(
      id: "W10", title: "two-way Channel round trip", unit: "round trip", fastestPeer: nil,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let channel = Channel<Int>()
            let following = channel.followingTerminal
            let sink = Sink()
            following.observeValues { following.send(value: $0) }
            channel.leadingTerminal.observeValues { sink.add($0) }
            let leading = channel.leadingTerminal
            return { iterations in
              sink.reset()
              for value in 0..<iterations { leading.send(value: value) }
              return withExtendedLifetime(channel) { sink.value }
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let sink = Sink()
            var back: (Int) -> Void = { _ in }
            back = { sink.add($0) }
            let forth: (Int) -> Void = { back($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { forth(value) }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}
