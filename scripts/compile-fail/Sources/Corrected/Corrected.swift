// Must compile, with no warning (scripts/check-compile-fail.sh): Race.swift with a counter that is safe to share.
// Below the marker the two files are identical, so Race.swift can fail for its races only. Its
// `running(_:from:_:)` keeps the state of each start in a `LockedState`, where Race.swift has a `var`.
import Signals
import Synchronization

/// A counter that is safe to share: `Sendable`, its count behind a lock.
final class Counter: Sendable {
  private let count = Mutex(0)

  func add(_ value: Int) -> Int {
    count.withLock { count in
      count += value
      return count
    }
  }
}

/// A producer's generic state, per start, in a `LockedState` that `map`'s `@Sendable` closure changes.
func running<State: Sendable, Mutation: Sendable>(
  _ mutations: SignalProducer<Mutation, Never>, from initial: State,
  _ reduce: @escaping @Sendable (State, Mutation) -> State
) -> SignalProducer<State, Never> {
  SignalProducer { observer, lifetime in
    let state = LockedState(initial)
    lifetime += mutations.map { mutation in
      state.withLock { state in
        state = reduce(state, mutation)
        return state
      }
    }.start(observer)
  }
}

// THE TWINS ARE IDENTICAL BELOW THIS LINE

/// A producer whose start closure uses the counter, started from two tasks at once.
func startedFromTwoTasks() async {
  let counter = Counter()
  let producer = SignalProducer<Int, Never> { observer, _ in
    observer.send(value: counter.add(1))
    observer.sendCompleted()
  }
  await withTaskGroup(of: Void.self) { group in
    group.addTask { producer.start() }
    group.addTask { producer.start() }
  }
}

/// A producer operator's closure: each start runs it again, on the starting thread.
func mappedFromTwoTasks() async {
  let counter = Counter()
  let producer = SignalProducer<Int, Never>(value: 1).map { value in counter.add(value) }
  await withTaskGroup(of: Void.self) { group in
    group.addTask { producer.start() }
    group.addTask { producer.start() }
  }
}

/// A command's work, executed from two tasks at once: a concurrent command runs both executions.
func executedFromTwoTasks() async {
  let counter = Counter()
  let command = Command<Int, Int, Never>(policy: .concurrent, work: { value in counter.add(value) })
  await withTaskGroup(of: Void.self) { group in
    group.addTask { command.execute(1) }
    group.addTask { command.execute(2) }
  }
}

/// A property's closure: a transaction computes the property on its own thread, so two compute it at once.
func computedFromTwoTasks() async {
  let counter = Counter()
  let source = MutableProperty(0)
  let total = source.map { value in counter.add(value) }
  await withTaskGroup(of: Void.self) { group in
    group.addTask {
      withTransaction {
        source.value = 1; _ = total.value
      }
    }
    group.addTask {
      withTransaction {
        source.value = 2; _ = total.value
      }
    }
  }
}

/// A feedback loop's states, started from two tasks at once: each start reduces the mutations from the initial
/// state.
func reducedFromTwoTasks() async {
  let totals = running(SignalProducer<Int, Never>([1, 2, 3]), from: 0) { total, value in total + value }
  await withTaskGroup(of: Void.self) { group in
    group.addTask { totals.start() }
    group.addTask { totals.start() }
  }
}
