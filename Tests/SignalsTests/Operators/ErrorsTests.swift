import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

private enum WrappedError: Error, Equatable {
  case wrapped(TestError)
}

@Suite(.watchingThePool) struct ErrorsTests {
  @Test func mapErrorTransformsTheFailureOnly() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    // input:    -1-X
    // mapError: -1-Y   (Y = transform(X))
    let recorder = TestRecorder(signal.mapError { WrappedError.wrapped($0) })
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.values == [1])
    #expect(recorder.error == .wrapped(.boom))
    let completing = SignalProducer<Int, TestError>([1, 2]).mapError { WrappedError.wrapped($0) }
    #expect(TestRecorder(completing).descriptions == ["1", "2", "completed"])
  }

  @Test func promoteErrorLetsANeverFailingStreamJoinAFailingOne() {
    let (search, searchInput) = Signal<String, TestError>.pipe()
    let (settings, settingsInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(search, settings.promoteError()))
    searchInput.send(value: "q")
    settingsInput.send(value: 1)
    searchInput.send(error: .boom)
    #expect(recorder.descriptions == [#"("q", 1)"#, "failed(boom)"])
    let explicit = SignalProducer<Int, Never>([1]).promoteError(TestError.self)
    #expect(TestRecorder(explicit).descriptions == ["1", "completed"])
  }

  @Test func flatMapErrorSwitchesToTheHandlersProducer() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    // source:       -1-2-X
    // handler(X):        (9|)
    // flatMapError: -1-2-(9|)
    let recorder = TestRecorder(signal.flatMapError { _ in SignalProducer<Int, Never>(value: 9) })
    input.send(value: 1)
    input.send(value: 2)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["1", "2", "9", "completed"])
  }

  @Test func flatMapErrorForwardsTheHandlersFailureAndPassesCompletionThrough() {
    let failing = SignalProducer<Int, TestError>(error: .boom)
      .flatMapError { SignalProducer<Int, WrappedError>(error: .wrapped($0)) }
    #expect(TestRecorder(failing).error == .wrapped(.boom))
    let handled = Box(false)
    let succeeding = SignalProducer<Int, TestError>(value: 1).flatMapError { _ -> SignalProducer<Int, Never> in
      handled.value = true
      return .empty
    }
    #expect(TestRecorder(succeeding).descriptions == ["1", "completed"])
    #expect(!handled.value)
  }

  @Test func disposingFlatMapErrorInterruptsTheRecoveryProducer() {
    let recovery = ProducerProbe<Int, Never>()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.flatMapError { _ in recovery.producer })
    input.send(error: .boom)
    recovery.observer?.send(value: 5)
    recorder.disposable?.dispose()
    #expect((recovery.starts, recovery.ends) == (1, 1))
    #expect(recorder.descriptions == ["5"])
  }

  @Test func mapErrorDetachesWhenDisposed() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let seen = Locked(0)
    let recorder = TestRecorder(
      signal.map { value -> Int in
        seen.withLock { $0 += 1 }
        return value
      }.mapError { WrappedError.wrapped($0) })
    input.send(value: 1)
    recorder.disposable?.dispose()
    input.send(value: 2)
    #expect(seen.withLock { $0 } == 1)
  }
}

@Suite(.watchingThePool) struct RetryTests {
  /// A producer that fails on its first `failures` starts, sending 1 before failing; then sends 1, 2 and completes.
  private func flaky(failures: Int, starts: Locked<Int>) -> SignalProducer<Int, TestError> {
    SignalProducer { observer, _ in
      let start = starts.withLock { starts -> Int in
        starts += 1
        return starts
      }
      observer.send(value: 1)
      if start <= failures {
        observer.send(error: .boom)
      } else {
        observer.send(value: 2)
        observer.sendCompleted()
      }
    }
  }

  @Test func restartsOnFailureUntilAnAttemptCompletes() {
    let starts = Locked(0)
    // each start:      -1-X, then -1-X, then -1-2|
    // retry(upTo: 2):  -1-1-1-2|
    let recorder = TestRecorder(flaky(failures: 2, starts: starts).retry(upTo: 2))
    #expect(recorder.descriptions == ["1", "1", "1", "2", "completed"])
    #expect(starts.withLock { $0 } == 3)
  }

  @Test func forwardsTheLastFailureOnceRetriesRunOut() {
    let starts = Locked(0)
    let recorder = TestRecorder(flaky(failures: 5, starts: starts).retry(upTo: 2))
    #expect(recorder.descriptions == ["1", "1", "1", "failed(boom)"])
    #expect(starts.withLock { $0 } == 3)
    #expect(TestRecorder(flaky(failures: 5, starts: Locked(0)).retry(upTo: 0)).descriptions == ["1", "failed(boom)"])
  }

  @Test func restartsAnAttemptThatFailsLater() {
    let probe = ProducerProbe<Int, TestError>()
    let recorder = TestRecorder(probe.producer.retry(upTo: 1))
    probe.observer?.send(error: .boom)
    #expect(probe.starts == 2)
    probe.observer?.send(value: 3)
    probe.observer?.sendCompleted()
    #expect(recorder.descriptions == ["3", "completed"])
  }

  @Test func disposalInterruptsTheCurrentAttemptAndStopsRetrying() {
    let probe = ProducerProbe<Int, TestError>()
    let recorder = TestRecorder(probe.producer.retry(upTo: 3))
    let first = probe.observer
    recorder.disposable?.dispose()
    first?.send(error: .boom)
    #expect((probe.starts, probe.ends) == (1, 1))
    #expect(recorder.descriptions == ["interrupted"])
  }
}

extension RetryTests {
  @Test func anInterruptedAttemptInterruptsWithoutRetrying() {
    let starts = Box(0)
    let producer = SignalProducer<Int, TestError> { observer, _ in
      starts.value += 1
      observer.send(value: starts.value)
      observer.sendInterrupted()
    }
    #expect(TestRecorder(producer.retry(upTo: 3)).descriptions == ["1", "interrupted"])
    #expect(starts.value == 1)
  }
}

extension ErrorsTests {
  @Test func flatMapErrorForwardsTheInterruptionOfItsHandlersProducer() {
    let recovery = SignalProducer<Int, Never> { observer, _ in
      observer.send(value: 9)
      observer.sendInterrupted()
    }
    let producer = SignalProducer<Int, TestError>(error: .boom).flatMapError { _ in recovery }
    #expect(TestRecorder(producer).descriptions == ["9", "interrupted"])
  }
}

extension RetryTests {
  /// A long run on a thread of its own: it computes for seconds under ThreadSanitizer.
  @Suite(.onItsOwnThread) struct LongChain {
    @Test func manySynchronousFailuresDoNotRecurse() {
      let starts = Locked(0)
      let recorder = TestRecorder(RetryTests().flaky(failures: .max, starts: starts).retry(upTo: 20_000))
      #expect(starts.withLock { $0 } == 20_001)
      #expect(recorder.error == .boom)
    }
  }
}
