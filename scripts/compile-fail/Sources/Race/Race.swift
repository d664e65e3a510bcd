// Must NOT compile (scripts/check-compile-fail.sh): each function below runs one closure from two tasks at once,
// and the closure mutates a counter that nothing guards. Every one is a data race, and Swift 6 rejects each,
// because the closures that Signals may run on two threads at once are `@Sendable` (Docs/Contracts.md, §14).
// Corrected.swift is this file with a counter that is safe to share; below the marker the two are identical.
//
// Above the marker, `running(_:from:_:)` is the Swift 6 pattern of Docs/Migrating.md ("A worked port: a
// feedback loop in Swift 6") written naively: a producer keeps a generic state per start in a `var` that an
// operator's closure mutates, as an RxSwift `deferred` or `Observable.create` did. Each start has its own `var`
// there, so it is not a race, but the compiler cannot know that the closure runs one value at a time: a
// producer operator's closure is `@Sendable`. It rejects the `var`; Corrected.swift keeps the state in a
// `LockedState`.
import Signals
import Synchronization

/// A counter that nothing guards: not `Sendable`.
final class Counter {
  private var count = 0

  func add(_ value: Int) -> Int {
    count += value
    return count
  }
}

/// A producer's generic state, per start, in a `var` that `map`'s `@Sendable` closure mutates.
func running<State: Sendable, Mutation: Sendable>(
  _ mutations: SignalProducer<Mutation, Never>, from initial: State,
  _ reduce: @escaping @Sendable (State, Mutation) -> State
) -> SignalProducer<State, Never> {
  SignalProducer { observer, lifetime in
    var state = initial
    lifetime += mutations.map { mutation in
      state = reduce(state, mutation)
      return state
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
