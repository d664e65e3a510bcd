import Dispatch
import SignalsTestSupport
import Synchronization
import Testing

@testable import Signals

/// Bindings that explain themselves (debug builds): the graph dump lists each property's bindings and why an
/// ended one ended, and a binding made into a target whose lifetime had already ended is warned about (and no
/// other).
@Suite(.watchingThePool) struct BindingExplanationTests {
  /// Collects the binding warnings that mention `marker`: they are expected, so none is written to standard
  /// error (the log of `swift test` must have no `Signals: warning:` line; see `.ci/run`).
  final class Warnings: Sendable {
    private let warnings = Mutex<[String]>([])
    init(mentioning marker: String) {
      BindingRegistry.listeners.withLock { listeners in
        listeners.append { [weak self] message in
          guard message.contains(marker), let self else { return false }
          warnings.withLock { $0.append(message) }
          return true
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

  @Test func aBindingIntoATargetWhoseTokenWasNotStoredIsWarnedAboutWithTheLineThatMadeItsSource() {
    let marker = "unstored-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let line = UInt(#line + 1)
    let source = MutableProperty("").named(marker)
    let target = BindingTarget<String>(lifetime: Lifetime.make().lifetime) { _ in }

    let disposable = target <~ source

    #expect(disposable == nil)
    #expect(
      warnings.all == [
        "Signals: warning: the binding BindingTarget<String> <~ \(marker) (made at BindingExplanationTests.swift:\(line)) "
          + "can never deliver a value: its target's lifetime had already ended when it was made. Was the target's "
          + "Lifetime.Token (or the object that owns it) released at once, as `let (lifetime, _) = Lifetime.make()` "
          + "does?"
      ])
  }

  @MainActor @Test func aTargetReleasedInTheCallThatBoundItIsNotWarnedAbout() {
    let marker = "same-turn-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let source = MutableProperty("").named(marker)
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    BindingTarget<String>(lifetime: lifetime) { _ in } <~ source

    token = nil  // a view torn down at once, or at exit, in a program that never turns its main queue

    #expect(warnings.all.isEmpty)
    #expect(PropertyGraphDump(["s": source]).nodes[0].bindings.first?.endReason == "its target's lifetime ended")
    _ = (lifetime, token)
  }

  @MainActor @Test func aBindingMadeInAFunctionWhoseScopeEndsIsNotWarnedAbout() {
    let marker = "scope-\(UInt64.random(in: 0...UInt64.max))"
    let warnings = Warnings(mentioning: marker)
    let name = MutableProperty("Li Lei").named(marker)
    final class Screen {
      var title = ""
      let (lifetime, token) = Lifetime.make()
    }
    var shown: [String] = []
    func show() {
      let screen = Screen()
      BindingTarget(on: screen, lifetime: screen.lifetime, keyPath: \.title) <~ name.map { "Hello, \($0)" }
      shown.append(screen.title)
    }

    show()
    show()

    #expect(shown == ["Hello, Li Lei", "Hello, Li Lei"])
    #expect(warnings.all.isEmpty)
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
