import Dispatch
import SignalsTestSupport
import Synchronization
import Testing

@testable import Signals

/// Bindings that explain themselves (debug builds): the graph dump lists each property's bindings and why an
/// ended one ended, and a binding whose target's lifetime ends in the call that made it is warned about.
@Suite(.watchingThePool) struct BindingExplanationTests {
  /// Collects the binding warnings that mention `marker`.
  final class Warnings: Sendable {
    private let warnings = Mutex<[String]>([])
    init(mentioning marker: String) {
      BindingRegistry.listeners.withLock { listeners in
        listeners.append { [weak self] message in
          guard message.contains(marker) else { return }
          self?.warnings.withLock { $0.append(message) }
        }
      }
    }
    var all: [String] { warnings.withLock { $0 } }
  }

  @Test func theDumpListsALiveBindingOnBothSides() {
    let line = UInt(#line + 1)
    let title = MutableProperty("Seaside").named("title")
    let label = MutableProperty("").named("label")
    label <~ title
    let dump = PropertyGraphDump(["title": title, "label": label])
    let site = { CreationSite(fileID: #fileID, line: line + $0) }
    #expect(dump.nodes[0].bindings == [.init(direction: .into, other: "label", endReason: nil, otherSite: site(1))])
    #expect(dump.nodes[1].bindings == [.init(direction: .from, other: "title", endReason: nil, otherSite: site(0))])
    #expect(
      dump.description.contains(
        "title: MutableProperty<String> = \"Seaside\"  \(site(0))  1 observer  bound into label [\(site(1))]"))
    #expect(dump.dot.contains("style=dashed, label=\"<~\""))
  }

  @Test func aBindingFromAStreamNamesTheOperatorAndTheLineThatMadeIt() {
    let (errors, input) = Signal<Int, Never>.pipe()
    let line = UInt(#line + 1)
    let text = errors.map { "error \($0)" }
    let label = MutableProperty("").named("errorLabel")
    label <~ text
    let binding = PropertyGraphDump(["label": label]).nodes[0].bindings
    let site = CreationSite(fileID: #fileID, line: line)
    #expect(binding == [.init(direction: .from, other: "(map) Signal<String, Never>", endReason: nil, otherSite: site)])
    #expect(
      PropertyGraphDump(["label": label]).description.contains(
        "bound from (map) Signal<String, Never> [BindingExplanationTests.swift:\(line)]"))
    input.sendCompleted()
  }

  @Test func aLoggedStreamIsShownWithTheLineThatCalledLogEvents() {
    let (values, input) = Signal<Int, Never>.pipe()
    let line = UInt(#line + 1)
    let logged = values.logEvents(identifier: "values") { _, _ in }
    let label = MutableProperty(0)
    label <~ logged
    let binding = PropertyGraphDump(["label": label]).nodes[0].bindings.first
    #expect(binding?.other == "(logEvents(identifier:events:logger:)) Signal<Int, Never>")
    #expect(binding?.otherSite == CreationSite(fileID: #fileID, line: line))
    // The producer form: each start's signal carries the line.
    let producerLine = UInt(#line + 1)
    let producer = SignalProducer<Int, Never>(value: 1).logEvents(identifier: "one") { _, _ in }
    var started: Signal<Int, Never>?
    producer.startWithSignal { signal, _ in started = signal }
    #expect(started.map { DebugInfo.site(of: $0.core) } == CreationSite(fileID: #fileID, line: producerLine))
    input.sendCompleted()
  }

  @Test func aStreamOperatorBuiltOnAnotherKeepsTheUsersLineAndAProducerOperatorMarksEachStart() {
    let (values, input) = Signal<Int?, Never>.pipe()
    let line = UInt(#line + 1)
    let present = values.skipNil()  // compactMap inside the library: the site is still this line
    let named = values.skipNil().named("present")
    let label = MutableProperty(0)
    label <~ present
    let other = MutableProperty(0)
    other <~ named
    #expect(
      PropertyGraphDump(["label": label]).nodes[0].bindings.first?.other == "(skipNil) Signal<Int, Never>")
    #expect(
      PropertyGraphDump(["label": label]).nodes[0].bindings.first?.otherSite
        == CreationSite(fileID: #fileID, line: line))
    // A name wins over the operator; the site is kept.
    #expect(
      PropertyGraphDump(["other": other]).description.contains(
        "bound from present [BindingExplanationTests.swift:\(line + 1)]"))

    // A producer operator records its line on the signal of each start.
    let producerLine = UInt(#line + 1)
    let doubled = SignalProducer<Int, Never>(value: 2).map { $0 * 2 }
    var started: Signal<Int, Never>?
    doubled.startWithSignal { signal, _ in started = signal }
    #expect(started.map { DebugInfo.site(of: $0.core) } == CreationSite(fileID: #fileID, line: producerLine))
    #expect(started.map { DebugInfo.operatorName(of: $0.core) } == "map")
    input.sendCompleted()
  }

  @Test func anEndedBindingSaysWhyItEnded() {
    let source = MutableProperty(0).named("why-source")
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let target = BindingTarget<Int>(lifetime: lifetime) { _ in }
    target <~ source
    let disposedTarget = MutableProperty(0).named("why-disposed")
    let disposable = disposedTarget <~ source
    let completedTarget = MutableProperty(0).named("why-completed")
    completedTarget <~ Property(value: 1)

    token = nil
    disposable?.dispose()

    let reasons = PropertyGraphDump(["source": source]).nodes[0].bindings.map(\.endReason)
    #expect(reasons == ["its target's lifetime ended", "its disposable was disposed"])
    let completed = PropertyGraphDump(["completed": completedTarget]).nodes[0].bindings
    #expect(completed.map(\.endReason) == ["its source completed"])
    #expect(PropertyGraphDump(["source": source]).description.contains("(ended: its disposable was disposed)"))
    _ = (lifetime, token)
  }

  @Test func aBindingIntoATargetWhoseTokenWasNotStoredIsWarnedAbout() {
    let marker = "unstored-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let source = MutableProperty("").named(marker)
    let target = BindingTarget<String>(lifetime: Lifetime.make().lifetime) { _ in }

    let disposable = target <~ source

    #expect(disposable == nil)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("ended in the call that made it: its target's lifetime ended") == true)
    #expect(warnings.all.first?.hasPrefix("Signals: warning: the binding BindingTarget<String> <~ \(marker)") == true)
  }

  @MainActor @Test func onTheMainThreadATargetReleasedInTheCallThatBoundItIsWarnedAbout() {
    let marker = "same-turn-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let source = MutableProperty("").named(marker)
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    BindingTarget<String>(lifetime: lifetime) { _ in } <~ source

    token = nil

    #expect(warnings.all.count == 1)
    _ = (lifetime, token)
  }

  @MainActor @Test func aTargetReleasedInALaterCallIsNotWarnedAbout() async {
    let marker = "later-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let source = MutableProperty("").named(marker)
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    BindingTarget<String>(lifetime: lifetime) { _ in } <~ source

    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    token = nil

    #expect(warnings.all.isEmpty)
    #expect(PropertyGraphDump(["s": source]).nodes[0].bindings.first?.endReason == "its target's lifetime ended")
    _ = (lifetime, token)
  }

  @Test func aSourceThatCompletesAtOnceIsNotWarnedAbout() {
    let marker = "constant-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let target = MutableProperty("").named(marker)
    target <~ Property(value: "fixed")
    #expect(target.value == "fixed")
    #expect(warnings.all.isEmpty)
  }
}
