import Signals
import SignalsTestSupport
import Testing

// Which closures are `@Sendable` (Docs/Contracts.md, §14), pinned from both sides, in Swift 6 mode with plain
// `import Signals`: no `@preconcurrency`, no `nonisolated(unsafe)`.
// - `SearchModel` is a `@MainActor` view model whose closures, written on the main actor, go to the `@Sendable`
//   parameters: they capture properties and a `Sendable` service, never `self`, and compile as they are.
// - `OneEventAtATime` passes each closure the library calls one call at a time a local `var` and an object that
//   is not `Sendable`: were any of those parameters `@Sendable`, this file would not compile.
// scripts/check-compile-fail.sh checks the third side: a race through a `@Sendable` parameter does not compile.

/// A service that view models call from commands and producers: `Sendable`, as those closures require.
struct HotelCatalog: Sendable {
  let hotels: [String]

  func search(_ query: String) -> SignalProducer<[String], Never> {
    SignalProducer(value: hotels.filter { $0.hasPrefix(query) })
  }
}

/// A search screen's view model, written as an app writes one.
@MainActor final class SearchModel {
  let query = MutableProperty("")
  /// How many searches started, counted by a producer's hook: a property is safe to share.
  let searchesStarted = MutableProperty(0)
  let isValid: Property<Bool>
  let title: Property<String>
  let search: Command<Void, [String], Never>
  let results: Property<[String]>
  let suggestions: Property<[String]>
  let queryLength: Property<Int>

  init(catalog: HotelCatalog) {
    let query = self.query
    let searchesStarted = self.searchesStarted
    // A property's closures.
    isValid = query.map { !$0.isEmpty }
    queryLength = query.map(\.count)
    title = Property.combineLatest(query, isValid) { query, isValid in isValid ? "Hotels: \(query)" : "Hotels" }
      .skipRepeats { $0 == $1 }
    // A command's work.
    search = Command(enabledIf: isValid) { (_: Void) in
      catalog.search(query.value).on(starting: { searchesStarted.modify { $0 += 1 } })
    }
    results = Property(initial: [], then: search.values)
    // A producer's operators.
    suggestions = Property(
      initial: [],
      then: query.producer
        .filter { !$0.isEmpty }
        .flatMap(.latest) { catalog.search($0) }
        .map { Array($0.prefix(2)) })
  }
}

@Suite(.watchingThePool) struct SendableClosureTests {
  @MainActor @Test func aMainActorViewModelComposesPropertiesCommandsAndProducers() {
    let model = SearchModel(catalog: HotelCatalog(hotels: ["Hilton", "Hyatt", "Holiday Inn", "Marriott"]))
    #expect(model.title.value == "Hotels")
    #expect(!model.search.isEnabled.value)
    model.query.value = "H"
    #expect(model.title.value == "Hotels: H")
    #expect(model.queryLength.value == 1)
    #expect(model.suggestions.value == ["Hilton", "Hyatt"])
    model.search.execute()
    #expect(model.results.value == ["Hilton", "Hyatt", "Holiday Inn"])
    #expect(model.searchesStarted.value == 1)
  }

  @Test func closuresCalledOneEventAtATimeMayCaptureAVarAndAnObjectThatIsNotSendable() {
    final class Log {
      var lines: [String] = []
    }
    let log = Log()
    var count = 0
    let (signal, input) = Signal<Int, Never>.pipe()
    // A signal's operators and its observers.
    let mapped = signal.map { value -> Int in
      count += 1
      return value * 10
    }
    .filter { _ in log.lines.count < 100 }
    .scan(0) { total, value in
      log.lines.append("scan \(value)")
      return total + value
    }
    .on(value: { log.lines.append("on \($0)") })
    .logEvents(events: [.value]) { _, message in log.lines.append(message) }
    mapped.observeValues { log.lines.append("observed \($0)") }
    signal.flatMap(.concat) { value in SignalProducer(value: value + count) }.observeValues { _ in count += 0 }
    // A producer's start callbacks.
    SignalProducer<Int, Never>(value: 1).startWithValues { log.lines.append("started with \($0)") }
    SignalProducer<Int, Never>(value: 2).start { event in count += event.value ?? 0 }
    // A binding target, a disposal action, a lifetime's end, a scheduler's action.
    let (lifetime, token) = Lifetime.make()
    let target = BindingTarget<Int>(lifetime: lifetime) { log.lines.append("bound \($0)") }
    target <~ SignalProducer(value: 3)
    AnyDisposable { log.lines.append("disposed") }.dispose()
    lifetime.observeEnded { log.lines.append("ended") }
    ImmediateScheduler().schedule { count += 1 }
    // A property's own logger, and a transform applied once.
    let property = MutableProperty(0)
    let logged = property.logEvents(events: [.value]) { _, message in log.lines.append("property \(message)") }
    let lifted = property.lift { producer in
      count += 1
      return producer.map { $0 + 1 }
    }
    input.send(value: 1)
    token.dispose()
    #expect(
      log.lines == [
        "started with 1", "bound 3", "disposed", "property value 0", "scan 10", "on 10", "value 10", "observed 10",
        "ended",
      ])
    #expect(count == 5)
    #expect(logged.value == 0)
    #expect(lifted.value == 1)
  }
}
