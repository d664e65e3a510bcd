import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `expectReleased` fails a spec whose view model is not released, and lists what is still attached to its
/// streams, with the lines that attached it (Docs/Debugging.md, "A view model that is never released").
@Suite(.watchingThePool) struct LeakCheckTests {
  struct SubmitError: Error {}

  /// A sign-up view model; `leaks` plants the classic bug: it observes its own command's errors with a
  /// closure that captures it strongly.
  final class SignUpViewModel: @unchecked Sendable {
    let email = MutableProperty("")
    let title = MutableProperty("Sign up")
    let submit: Command<Void, Int, SubmitError>
    var lastError = ""
    var shownTitle = ""

    init(leaks: Bool) {
      submit = Command { _ in SignalProducer(error: SubmitError()) }
      if leaks {
        submit.errors.observeValues { _ in self.lastError = "failed" }
        title.producer.startWithValues { self.shownTitle = $0 }
      } else {
        submit.errors.observeValues { [weak self] _ in self?.lastError = "failed" }
      }
    }
  }

  @Test func aViewModelThatObservesItsOwnStreamsCapturingItselfIsReportedWithTheLinesThatAttached() async throws {
    let reported = try await issues {
      expectReleased({ SignUpViewModel(leaks: true) }) { viewModel in
        viewModel.submit.execute()
      }
    }
    let report = try #require(reported.first)
    #expect(reported.count == 1)
    #expect(report.contains("SignUpViewModel was not released: something still holds it."))
    #expect(report.contains("submit.errors: 1 observer, attached at LeakCheckTests.swift:23"))
    // A property made in the spec shows where it was made (debug builds), then the line that attached.
    #expect(report.contains("title (made at LeakCheckTests.swift:15): 1 observer, attached at LeakCheckTests.swift:24"))
    #expect(report.contains("capture [weak self]"))
    #expect(!report.contains("email"))
  }

  @Test func aViewModelThatCapturesItselfWeaklyPasses() async throws {
    let reported = try await issues {
      expectReleased({ SignUpViewModel(leaks: false) }) { viewModel in
        viewModel.email.value = "ann@example.com"
        viewModel.submit.execute()
      }
    }
    #expect(reported.isEmpty)
  }

  @Test func anObjectHeldFromOutsideItsStreamsIsReportedWithoutStreams() async throws {
    let keeper = Keeper()
    let reported = try await issues {
      expectReleased({ Holder() }) { holder in keeper.keep(holder) }
    }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("None of its streams has an observer") == true)
  }

  @Test func anObserverAttachedByABindingIsCountedWithoutALine() async throws {
    let label = MutableProperty("")
    let reported = try await issues {
      expectReleased({ Holder() }) { holder in
        label <~ holder.name
        holder.keepSelf = holder
      }
    }
    let report = try #require(reported.first)
    #expect(
      report.contains(
        "name (made at LeakCheckTests.swift:133): 1 observer, attached by the library for a binding (<~), its own "
          + "wiring"),
      "\(report)")
  }

  @Test func theLibrarysOwnWiringIsSaidSoAndListedAfterTheRealCulprit() async throws {
    let reported = try await issues {
      expectReleased({ SignUpForm() }) { form in form.submit.execute() }
    }
    let report = try #require(reported.first)
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(report)")
    #expect(
      lines.dropFirst(2).first
        == "  submit.errors: 1 observer, attached at LeakCheckTests.swift:\(SignUpForm.culpritLine)")
    #expect(
      lines.dropFirst(3).first
        == "  canSubmit (made at LeakCheckTests.swift:\(SignUpForm.canSubmitLine)): 1 observer, attached by the library "
        + "for its command's enabledIf, its own wiring")
  }

  @Test func aStreamMadeByAnOperatorIsReportedWithItsOperatorAndLine() async throws {
    let reported = try await issues {
      expectReleased({ ErrorsViewModel() }) { viewModel in viewModel.submit.execute() }
    }
    let report = try #require(reported.first)
    // The stream still observed, the operator and line that made it, and the line that attached the observer.
    #expect(
      report.contains(
        "errorText (made by map at LeakCheckTests.swift:145): 1 observer, attached at LeakCheckTests.swift:148"),
      "\(report)")
    // skipNil is built on compactMap inside the library: the stream keeps the line of the user's skipNil.
    #expect(
      report.contains(
        "firstError (made by skipNil at LeakCheckTests.swift:146): 1 observer, attached at LeakCheckTests.swift:149"),
      "\(report)")
  }

  @Test func aViewModelObservedWithoutTheCheckIsNotSlowedByIt() {
    // No check running: an observe call records nothing, and the observer counts as usual.
    let viewModel = SignUpViewModel(leaks: false)
    let observer = viewModel.title.signal.observeValues { _ in }
    #expect(viewModel.title.observerCount == 1)
    observer?.dispose()
    #expect(viewModel.title.observerCount == 0)
  }
}

/// Keeps objects alive, from outside them.
private final class Keeper: @unchecked Sendable {
  private var kept: [AnyObject] = []
  func keep(_ object: AnyObject) { kept.append(object) }
}

/// An object that keeps itself alive, and whose property is bound elsewhere.
private final class Holder: @unchecked Sendable {
  let name = MutableProperty("Ann")
  var keepSelf: Holder?
}

/// A view model that observes streams made by operators from its command's errors, capturing itself.
private final class ErrorsViewModel: @unchecked Sendable {
  let submit = Command<Void, Int, LeakCheckTests.SubmitError> { _ in SignalProducer(error: .init()) }
  let errorText: Signal<String, Never>
  let firstError: Signal<String, Never>
  var shown = ""

  init() {
    errorText = submit.errors.map { _ in "Sign-up failed" }
    firstError = submit.errors.map { _ in String?.some("Failed") }.skipNil()
    // The planted bug: both observers capture self strongly.
    errorText.observeValues { self.shown = $0 }
    firstError.observeValues { self.shown = $0 }
  }
}

/// A sign-up form whose command is enabled by `canSubmit`, and which observes the command's errors capturing
/// itself: the culprit is that observer, not the command's own observer of `canSubmit`.
private final class SignUpForm: @unchecked Sendable {
  static let canSubmitLine = 164
  static let culpritLine = 167
  let email = MutableProperty("")
  let canSubmit: Property<Bool>
  let submit: Command<Void, Int, LeakCheckTests.SubmitError>
  var shown = ""

  init() {
    canSubmit = email.map { $0.contains("@") }
    submit = Command(enabledIf: canSubmit) { _ in SignalProducer(error: .init()) }
    // The planted bug: the observer captures self strongly.
    submit.errors.observeValues { _ in self.shown = "failed" }
  }
}

/// `observeValues` on a derived property, and a binding from it: observers of its node, listed with it.
extension LeakCheckTests {
  @Test func anObserverOfADerivedPropertyAndABindingFromItAreReportedAsTheirStreamsAre() async throws {
    let label = MutableProperty("")
    let reported = try await issues {
      expectReleased({ SelfObservingGreeting() }) { viewModel in
        label <~ viewModel.greeting
        viewModel.observeItself()
      }
    }
    let report = try #require(reported.first)
    #expect(
      report.contains(
        "greeting (made at LeakCheckTests.swift:\(SelfObservingGreeting.greetingLine)): 2 observers, attached at "
          + "LeakCheckTests.swift:\(SelfObservingGreeting.culpritLine); 1 attached by the library for a binding (<~), "
          + "its own wiring"),
      "\(report)")
  }
}

/// A view model that observes its own derived property with `observeValues`, capturing itself.
private final class SelfObservingGreeting: @unchecked Sendable {
  static let greetingLine = 199
  static let culpritLine = 202
  let name = MutableProperty("Ann")
  let greeting: Property<String>
  var shown = ""

  init() { greeting = name.map { "Hello, \($0)" } }

  func observeItself() {
    greeting.observeValues { self.shown = $0 }
  }
}

/// A property's first observer is held in its node; one that took the place of a disposed one is listed alone.
extension LeakCheckTests {
  @Test func anObserverThatTookThePlaceOfADisposedFirstObserverIsListedAlone() async throws {
    let reported = try await issues {
      expectReleased({ ReobservingGreeting() }) { $0.observeTwice() }
    }
    let report = try #require(reported.first)
    let greeting = "greeting (made at LeakCheckTests.swift:\(ReobservingGreeting.greetingLine))"
    #expect(
      report.contains("\(greeting): 1 observer, attached at LeakCheckTests.swift:\(ReobservingGreeting.culpritLine)"),
      "\(report)")
    #expect(!report.contains("LeakCheckTests.swift:\(ReobservingGreeting.disposedLine)"), "\(report)")
  }
}

/// A view model that observes its derived property once, disposes that, then observes it capturing itself.
private final class ReobservingGreeting: @unchecked Sendable {
  static let greetingLine = 230
  static let disposedLine = 233
  static let culpritLine = 234
  let name = MutableProperty("Ann")
  let greeting: Property<String>
  var shown = ""

  init() { greeting = name.map { "Hello, \($0)" } }

  func observeTwice() {
    greeting.observeValues { _ in }?.dispose()
    greeting.observeValues { self.shown = $0 }
  }
}
