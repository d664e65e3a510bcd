@testable import Signals

/// A command whose executions the test ends by hand: each execution's work is a ``ProbedProducer`` start, and
/// `work` counts how often the work closure was called.
final class ManualCommand: @unchecked Sendable {
  let probe = ProbedProducer<Int, TestError>()
  private(set) var workCalls: [Int] = []
  let command: Command<Int, Int, TestError>

  init(policy: ExecutionPolicy = .serial, enabledIf: (any PropertyProtocol<Bool>)? = nil) {
    let box = Box<(Int) -> Void>({ _ in })
    let probe = self.probe
    command = Command(policy: policy, enabledIf: enabledIf) { input in
      box.value(input)
      return probe.producer
    }
    box.value = { [unowned self] input in self.workCalls.append(input) }
  }

  /// The observer of the latest execution's work.
  var latest: Signal<Int, TestError>.Observer { probe.input }
}
