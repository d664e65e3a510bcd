import Signals

/// An observer that keeps every event it receives and checks them with `assert…` methods, in the style of
/// ReactiveSwift view-model specs' `TestObserver`, so that such specs move unchanged:
/// ```swift
/// let isLoading = TestObserver<Bool, Never>()
/// viewModel.outputs.isLoading.observe(isLoading.observer)
/// viewModel.inputs.saveTapped()
/// isLoading.assertValues([true])
/// scheduler.advance()
/// isLoading.assertValues([true, false])
/// ```
/// A failed assertion fails the test at the caller's line, with `message` and what was received, under Swift
/// Testing and XCTest alike. Thread-safe; it holds no stream, and once released ignores what its observer is
/// sent. The events are kept by a ``TestRecorder``, ``recorder``, with its marbles and `expect` methods.
public final class TestObserver<Value, Failure: Error>: @unchecked Sendable {
  /// The events of the stream.
  public typealias Event = Signal<Value, Failure>.Event

  /// The recorder that keeps the events.
  public let recorder = TestRecorder<Value, Failure>()

  /// An observer with nothing received yet.
  public init() {}

  /// The observer to observe a signal with (`signal.observe(testObserver.observer)`), or to start a
  /// producer with (`producer.start(testObserver.observer)`).
  public var observer: Signal<Value, Failure>.Observer {
    Signal<Value, Failure>.Observer { [weak self] event in
      self?.recorder.record(event)
    }
  }

  /// Every event received, in order.
  public var events: [Event] { recorder.events }

  /// The values received, in order.
  public var values: [Value] { events.compactMap(\.value) }

  /// The latest value received, if any.
  public var lastValue: Value? { values.last }

  /// The error of a `failed` event, if one was received.
  public var failedError: Failure? { events.lazy.compactMap(\.error).first }

  /// Whether `completed` was received.
  public var didComplete: Bool { events.contains { $0.isCompleted } }

  /// Whether `failed` was received.
  public var didFail: Bool { events.contains { $0.isFailed } }

  /// Whether `interrupted` was received.
  public var didInterrupt: Bool { events.contains { $0.isInterrupted } }

  /// Whether a terminal event was received.
  public var didTerminate: Bool { events.contains { $0.isTerminating } }

  /// Whether a value was received.
  public var didEmitValue: Bool { !values.isEmpty }

  /// Fails the test unless `completed` was received.
  public func assertDidComplete(
    _ message: String = "Should have completed.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(didComplete, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test if `completed` was received.
  public func assertDidNotComplete(
    _ message: String = "Should not have completed.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(!didComplete, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test unless `failed` was received.
  public func assertDidFail(
    _ message: String = "Should have failed.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(didFail, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test if `failed` was received.
  public func assertDidNotFail(
    _ message: String = "Should not have failed.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(!didFail, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test unless `interrupted` was received.
  public func assertDidInterrupt(
    _ message: String = "Should have been interrupted.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(didInterrupt, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test if `interrupted` was received.
  public func assertDidNotInterrupt(
    _ message: String = "Should not have been interrupted.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(!didInterrupt, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test unless a terminal event was received.
  public func assertDidTerminate(
    _ message: String = "Should have terminated.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(didTerminate, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test if a terminal event was received.
  public func assertDidNotTerminate(
    _ message: String = "Should not have terminated.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(!didTerminate, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test unless a value was received.
  public func assertDidEmitValue(
    _ message: String = "Should have emitted a value.", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(didEmitValue, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test if a value was received.
  public func assertDidNotEmitValue(
    _ message: String = "Should not have emitted a value.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(!didEmitValue, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails the test unless exactly `count` values were received.
  public func assertValueCount(
    _ count: Int, _ message: String = "Wrong number of values.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(
      values.count == count, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      expected: "\(count) values")
  }

  private func check(_ holds: Bool, _ message: String, _ site: CallSite, expected: String? = nil) {
    guard !holds else { return }
    let wanted = expected.map { "\n  expected: \($0)" } ?? ""
    reportFailure("\(message)\(wanted)\n  received: [\(recorder.descriptions.joined(separator: ", "))]", at: site)
  }
}

extension TestObserver where Value: Equatable {
  /// Fails the test unless exactly one value was received, and it is `expected` (ReactiveExtensions'
  /// `assertValue`); the count and the value are reported apart. For the latest of several values, use
  /// ``assertLastValue(_:_:fileID:filePath:line:column:)``.
  public func assertValue(
    _ expected: Value, _ message: String? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    check(values.count == 1, "A single value should have been emitted.", site, expected: "1 value")
    check(
      lastValue == expected, message ?? "A single value of \(expected) should have been emitted.", site,
      expected: "\(expected)")
  }

  /// Fails the test unless the values received are `expected`, in order.
  public func assertValues(
    _ expected: [Value], _ message: String = "Wrong values.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(
      values == expected, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      expected: "\(expected)")
  }

  /// Fails the test unless the latest value received is `expected`.
  public func assertLastValue(
    _ expected: Value, _ message: String = "Wrong last value.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(
      lastValue == expected, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      expected: "last value \(expected)")
  }
}

extension TestObserver where Failure: Equatable {
  /// Fails the test unless `failed` was received with `expected`.
  public func assertFailed(
    _ expected: Failure, _ message: String = "Wrong failure.", fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    check(
      failedError == expected, message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      expected: "failed(\(expected))")
  }

  /// ``assertFailed(_:_:fileID:filePath:line:column:)`` in ReactiveExtensions' spelling, whose `message:` has no
  /// default, so that `assertFailed(error)` names one method.
  public func assertFailed(
    _ expected: Failure, message: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assertFailed(expected, message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
