import Observation
import Signals
import SignalsTestSupport
import Testing

// Written as application code would be: plain `import Signals`, Swift 6 mode, no `@preconcurrency`,
// no `nonisolated(unsafe)`, no `MainActor.assumeIsolated`.

@MainActor @Observable final class GreetingModel {
  var name = ""
  var greeting = ""
  let submit: Command<String, String, Never>

  init() {
    submit = Command(awaiting: { (name: String) async in
      await Task.yield()
      return "Hello, \(name)!"
    })
  }
}

@MainActor final class GreetingView {
  let model: GreetingModel
  private(set) var label = ""
  private(set) var isBusy = false
  private let token: Lifetime.Token

  init(model: GreetingModel) {
    self.model = model
    let (lifetime, token) = Lifetime.make()
    self.token = token
    lifetime += model.bindingTarget(for: \.greeting, on: MainScheduler.shared)
      <~ model.submit.values.observe(on: MainScheduler.shared)
    lifetime += model.submit.isExecuting.producer.startWithValuesOnMain { [weak self] busy in self?.isBusy = busy }
    lifetime += SignalProducer(observing: model, \.greeting, on: MainScheduler.shared)
      .startWithValuesOnMain { [weak self] text in self?.label = text }
  }

  func tapSubmit() {
    model.submit.execute(model.name)
  }
}

@Suite(.watchingThePool) struct ConcurrencyMainActorUsageTests {
  @MainActor @Test func aMainActorViewBindsToItsModelAndExecutesItsCommand() async throws {
    let model = GreetingModel()
    let view = GreetingView(model: model)
    model.name = "Ada"
    view.tapSubmit()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while view.label != "Hello, Ada!" && clock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(view.label == "Hello, Ada!")
    #expect(!view.isBusy)
  }

  @MainActor @Test func valuesSentOffTheMainActorReachAMainActorObserver() async throws {
    final class Seen { var values: [Int] = [] }
    let seen = Seen()
    let (signal, input) = Signal<Int, Never>.pipe()
    let observation = signal.observeValuesOnMain { value in seen.values.append(value) }
    await Task.detached {
      for value in 1...100 { input.send(value: value) }
    }.value
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while seen.values.count < 100 && clock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(seen.values == Array(1...100))
    observation?.dispose()
  }
}
