import Dispatch
import SignalsTestSupport
import Synchronization
import Testing

@testable import Signals

/// "Why did this change": `traceChanges` and `PropertyChange.traceAll` report each change of a property, its
/// value, whether it equals the previous one, and the sets that caused it (Docs/Debugging.md).
@Suite(.watchingThePool) struct ChangeTraceTests {
  /// Collects the changes a trace reports.
  final class Changes: Sendable {
    private let changes = Mutex<[PropertyChange]>([])
    var all: [PropertyChange] { changes.withLock { $0 } }
    func log(_ change: PropertyChange) { changes.withLock { $0.append(change) } }
    var logger: @Sendable (PropertyChange) -> Void { { self.log($0) } }
  }

  @Test func aDerivedChangeNamesTheSourceThatWasSetAndThePathItTook() {
    let price = MutableProperty(120).named("price")
    let nights = MutableProperty(1).named("nights")
    let doubledSite = "ChangeTraceTests.swift:\(#line + 1)"
    let doubled = nights.map { $0 * 2 }
    let total = Property.combineLatest(price, doubled) { $0 * $1 / 2 }.named("total")
    let changes = Changes()
    let trace = total.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    nights.value = 3

    let change = try! #require(changes.all.first)
    #expect(changes.all.count == 1)
    #expect(change.property == "total")
    #expect(change.value == "360")
    #expect(change.previousValue == "120")
    #expect(change.isEqualToPrevious == false)
    #expect(change.sources == ["nights"])
    // A property without a name shows its operator, its type and the line that made it (a debug build).
    #expect(change.path == ["nights", "(map) Property<Int> at \(doubledSite)", "total"])
    #expect(change.setBy == .user)
    #expect(change.causedBy.isEmpty)
    #expect(
      change.description
        == "total = 360 (was 120), because nights was set: nights → (map) Property<Int> at \(doubledSite) → total")
    #expect(change.site?.description == "ChangeTraceTests.swift:\(#line - 21)")
  }

  @Test func anEqualValueIsReportedAsEqualAndAValueThatIsNotEquatableAsUnknown() {
    let count = MutableProperty(1).named("count")
    let isOdd = count.map { $0 % 2 == 1 }.named("isOdd")
    let boxed = count.map { NotEquatable(number: $0) }.named("boxed")
    let changes = Changes()
    let traces = [isOdd.traceChanges(logger: changes.logger), boxed.traceChanges(logger: changes.logger)]
    defer { traces.forEach { $0.dispose() } }

    count.value = 3

    let odd = try! #require(changes.all.first { $0.property == "isOdd" })
    #expect(odd.isEqualToPrevious == true)
    #expect(odd.description.contains("(was true, an equal value)"))
    let box = try! #require(changes.all.first { $0.property == "boxed" })
    #expect(box.isEqualToPrevious == nil)
  }

  @Test func aTransactionIsOneChangeCausedByEverySourceItSet() {
    let first = MutableProperty("Ann").named("first")
    let last = MutableProperty("Lee").named("last")
    let unrelated = MutableProperty(0).named("unrelated")
    let full = Property.combineLatest(first, last) { "\($0) \($1)" }.named("full")
    let changes = Changes()
    let trace = full.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    withTransaction {
      first.value = "Bo"
      last.value = "Kim"
      unrelated.value = 1
    }

    #expect(changes.all.count == 1)
    #expect(changes.all.first?.sources == ["first", "last"])
    #expect(changes.all.first?.value == "\"Bo Kim\"")
    #expect(changes.all.first?.changesInThisCall == 1)
  }

  @MainActor @Test func severalSetsInOneCallOnTheMainActorAreCountedAndNameWithTransaction() {
    let a = MutableProperty(0).named("a")
    let b = MutableProperty(0).named("b")
    let c = MutableProperty(0).named("c")
    let sum = Property.combineLatest(a, b, c) { $0 + $1 + $2 }.named("sum")
    let changes = Changes()
    let trace = sum.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    a.value = 1
    b.value = 2
    c.value = 3

    #expect(changes.all.map(\.changesInThisCall) == [1, 2, 3])
    #expect(changes.all.map(\.sources) == [["a"], ["b"], ["c"]])
    #expect(!changes.all[0].description.contains("withTransaction"))
    #expect(changes.all[2].description.contains("sum changed 3 times in one call"))
    #expect(changes.all[2].description.contains("withTransaction"))
  }

  @MainActor @Test func setsInSeparateTurnsOfTheMainQueueAreSeparateCalls() async {
    let a = MutableProperty(0).named("a")
    let changes = Changes()
    let trace = a.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    a.value = 1
    await yieldTheMainQueue()
    a.value = 2

    #expect(changes.all.map(\.changesInThisCall) == [1, 1])
  }

  @Test func changesFarApartOnAnotherThreadAreSeparateCalls() async throws {
    let a = MutableProperty(0).named("a")
    let changes = Changes()
    let trace = a.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    a.value = 1
    try await Task.sleep(for: .milliseconds(20))
    a.value = 2

    #expect(changes.all.map(\.changesInThisCall) == [1, 1])
  }

  @Test func aChangeMadeByABindingNamesTheBindingAndTheChangeThatLedToIt() {
    let typed = MutableProperty("").named("typed")
    let normalized = MutableProperty("").named("normalized")
    let isValid = normalized.map { !$0.isEmpty }.named("isValid")
    normalized <~ typed.map { $0.lowercased() }
    let changes = Changes()
    let trace = isValid.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    typed.value = "ANN"

    let change = try! #require(changes.all.first)
    #expect(change.setBy == .binding)
    #expect(change.sources == ["normalized"])
    #expect(change.path == ["normalized", "isValid"])
    #expect(change.causedBy.contains("typed"))
    #expect(change.description.contains("because normalized was set by a binding"))
    #expect(change.description.contains("after a change of"))
  }

  @Test func aMutablePropertyNobodyComputesFromIsTracedToo() {
    let name = MutableProperty("Ann").named("name")
    let changes = Changes()
    let trace = name.traceChanges(logger: changes.logger)
    defer { trace.dispose() }

    name.value = "Bo"
    name.modify { $0 += "b" }

    #expect(changes.all.map(\.value) == ["\"Bo\"", "\"Bob\""])
    #expect(changes.all.first?.path == ["name"])
    #expect(changes.all.first?.description.hasPrefix("name = \"Bo\" (was \"Ann\"), because name was set") == true)
  }

  @Test func disposingTheTraceStopsItAndAPropertyThatIsGoneEndsIt() {
    let changes = Changes()
    let source = MutableProperty(0).named("source")
    var doubled: Property<Int>? = source.map { $0 * 2 }
    let trace = doubled!.traceChanges(logger: changes.logger)
    source.value = 1
    trace.dispose()
    source.value = 2
    #expect(changes.all.count == 1)

    weak let weakDoubled = doubled
    _ = doubled!.traceChanges(logger: changes.logger)
    doubled = nil
    #expect(weakDoubled == nil)
    source.value = 3
    #expect(changes.all.count == 1)
  }

  @Test func anObserverSeesTheDeliveryInFlight() {
    let a = MutableProperty(1).named("a")
    let b = a.map { $0 + 1 }.named("b")
    let cLine = UInt(#line + 1)
    let c = a.map { $0 * 2 }
    let d = Property.combineLatest(b, c) { $0 + $1 }.named("d")
    let seen = Changes()
    let observer = d.signal.observeValues { _ in PropertyChange.inFlight().forEach(seen.log) }
    defer { observer?.dispose() }

    a.value = 5

    #expect(seen.all.map(\.property) == ["a", "b", "(map) Property<Int> at ChangeTraceTests.swift:\(cLine)", "d"])
    let lines: [UInt?] = [cLine - 3, cLine - 2, cLine, cLine + 1]
    #expect(seen.all.map { $0.site?.line } == lines)
    #expect(seen.all.map(\.value) == ["5", "6", "10", "16"])
    #expect(seen.all.map(\.previousValue) == ["1", "2", "2", "4"])
    #expect(seen.all.last?.path == ["a", "b", "d"])
    #expect(PropertyChange.inFlight().isEmpty)
  }

  @Test func aTraceOfEverythingReportsNamedAndObservedPropertiesOnly() {
    let unique = "everything-\(UInt64.random(in: 0...UInt64.max))"
    let source = MutableProperty(0).named("\(unique).source")
    let hidden = source.map { $0 + 1 }
    let named = hidden.map { $0 * 10 }.named("\(unique).named")
    let observedLine = #line + 1
    let observed = source.map { -$0 }
    let lifetime = Lifetime.make()
    observed.producer.take(during: lifetime.lifetime).startWithValues { _ in }
    let changes = Changes()
    let trace = PropertyChange.traceAll(logger: changes.logger)
    defer { trace.dispose() }

    source.value = 1

    let mine = changes.all.filter { $0.sources == ["\(unique).source"] }
    // The source (named), the named map, the observed map; not the map in between.
    #expect(
      Set(mine.map(\.property)) == [
        "\(unique).source", "\(unique).named", "(map) Property<Int> at ChangeTraceTests.swift:\(observedLine)",
      ])
    #expect(mine.count == 3)
    #expect(mine.first { $0.property == "\(unique).named" }?.path.count == 3)
    _ = named
  }
}

/// A value whose type is not `Equatable`.
private struct NotEquatable {
  var number: Int
}

/// Lets the main queue run what was enqueued on it, a turn marker among them.
@MainActor private func yieldTheMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
