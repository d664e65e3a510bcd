// For the self-test of scripts/check-compile-fail.sh: a program that does not compile, but not because of a
// race. The checker must not take this failure for the race it looks for.
import Signals

func startedFromTwoTasks() async {
  let producer = SignalProducer<Int, Never>(value: 1)
  await withTaskGroup(of: Void.self) { group in
    group.addTask { producer.strat() }
    group.addTask { producer.start() }
  }
}
