import Signals

// W9: execute a Command whose work is synchronous; one operation is one execution, its value observed.
// OpenCombine has no command; the closures column is a flag set around a function call.

extension Workload {
  static func w9CommandExecute() -> Workload {
    Workload(
      id: "W9", title: "Command execute, synchronous work", unit: "execute", fastestPeer: nil,
      expected: { iterations in (0..<iterations).reduce(0, &+) },
      implementations: [
        Implementation(
          .signals,
          make: {
            let command = Command<Int, Int, Never>(work: { $0 })
            let sink = Sink()
            command.values.observeValues { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { command.execute(value) }
              return sink.value
            }
          }
        ),
        Implementation(
          .closures,
          make: {
            let command = ClosureCommand { $0 }
            let sink = Sink()
            command.onValue = { sink.add($0) }
            return { iterations in
              sink.reset()
              for value in 0..<iterations { command.execute(value) }
              return sink.value
            }
          }
        ),
      ]
    )
  }
}

/// A command written by hand: refuses to run while running, and reports its value.
final class ClosureCommand {
  let work: (Int) -> Int
  var isExecuting = false
  var onValue: (Int) -> Void = { _ in }

  init(work: @escaping (Int) -> Int) { self.work = work }

  func execute(_ input: Int) {
    guard !isExecuting else { return }
    isExecuting = true
    onValue(work(input))
    isExecuting = false
  }
}
