extension Signal {
  /// Each time `sampler` sends a value, sends the source's latest value together with it.
  /// ```
  /// input:    -a--b----|
  /// sampler:  --x---yz---
  /// result:   --p---qr-|     (p = (a, x), q = (b, y), r = (b, z))
  /// ```
  /// - Emits: `(latest, sample)` for each sampler value once the source has sent one, repeating a value until
  ///   a new one arrives (as ReactiveSwift; RxSwift sends each at most once).
  /// - Completes: when the source or the sampler completes. **Fails:** when the source fails.
  /// - Interruption and disposal: an interrupted source or sampler interrupts the result. Ending detaches
  ///   from both.
  public func sample<T>(
    with sampler: Signal<T, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, T), Failure> {
    madeAt(sampling(with: sampler.core) { never in never }, #function, fileID, line)
  }

  /// The source's latest value at each value of `samplerCore`, whose failure, mapped by `failure`, fails it.
  func sampling<T, F>(
    with samplerCore: SignalCore<T, F>, failure: @escaping (F) -> Failure
  ) -> Signal<(Value, T), Failure> {
    let upstream = core
    return Signal<(Value, T), Failure>(deriving: { downstream in
      let coordinator = Coordinator(Value?.none, downstream: downstream)
      let disposables = CompositeDisposable()
      disposables += samplerCore.observe { event in
        coordinator.update { latest, outbox in
          switch event {
          case .value(let sample):
            if let latest { outbox.append(.value((latest, sample))) }
          case .failed(let error): outbox.append(.failed(failure(error)))
          case .completed: outbox.append(.completed)
          case .interrupted: outbox.append(.interrupted)
          }
        }
      }
      disposables += upstream.observe { event in
        coordinator.update { latest, outbox in
          switch event {
          case .value(let value): latest = value
          case .failed(let error): outbox.append(.failed(error))
          case .completed: outbox.append(.completed)
          case .interrupted: outbox.append(.interrupted)
          }
        }
      }
      return disposables
    })
  }

  /// Each time `sampler` sends a value, sends the source's latest value: ``sample(with:fileID:line:)`` without
  /// the sampler's value.
  /// ```
  /// input:    -a--b----|
  /// sampler:  --x---yz---
  /// result:   --a---bb-|
  /// ```
  public func sample(on sampler: Signal<Void, Never>, fileID: StaticString = #fileID, line: UInt = #line) -> Signal {
    madeAt(sample(with: sampler).map { $0.0 }, #function, fileID, line)
  }
}

extension SignalProducer {
  /// Samples every start with a start of `sampler`; see ``Signal/sample(with:fileID:line:)``. `sampler` starts first.
  public func sample<T>(
    with sampler: SignalProducer<T, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, T), Failure> {
    lifting(#function, fileID, line, sampler) { $0.sample(with: $1) }
  }

  /// Samples every start with a start of `sampler`; see ``Signal/sample(on:fileID:line:)``. `sampler` starts first.
  public func sample(
    on sampler: SignalProducer<Void, Never>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer {
    lifting(#function, fileID, line, sampler) { $0.sample(on: $1) }
  }
}

// A sampler that can fail, with the source's failure type, as RxSwift's (ReactiveSwift's cannot fail).
// Declared on the protocols so that where neither can fail the forms above win (see Throwing.swift).

extension SignalProtocol {
  /// Each time `sampler` sends a value, sends the source's latest value with it; the sampler's failure fails
  /// the result.
  /// ```
  /// input:    -a--b----|
  /// sampler:  --x---yX
  /// result:   --p---qX       (p = (a, x), q = (b, y))
  /// ```
  /// - Emits, completes, interruption and disposal: as ``Signal/sample(with:fileID:line:)``.
  /// - Fails: when the source or the sampler fails, with its error.
  public func sample<T>(
    with sampler: Signal<T, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<(Value, T), Failure> {
    madeAt(signal.sampling(with: sampler.core) { $0 }, #function, fileID, line)
  }

  /// The failing ``sample(with:fileID:line:)`` without the sampler's value.
  public func sample(
    on sampler: Signal<Void, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, Failure> {
    madeAt(signal.sampling(with: sampler.core) { $0 }.map { $0.0 }, #function, fileID, line)
  }
}

extension SignalProducerProtocol {
  /// Samples every start with a start of `sampler`, which can fail; see the failing
  /// ``SignalProtocol/sample(with:fileID:line:)``. `sampler` starts first.
  public func sample<T>(
    with sampler: SignalProducer<T, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<(Value, T), Failure> {
    producer.lifting(#function, fileID, line, sampler) { $0.sample(with: $1) }
  }

  /// Samples every start with a start of `sampler`, which can fail; see the failing
  /// ``SignalProtocol/sample(on:fileID:line:)``. `sampler` starts first.
  public func sample(
    on sampler: SignalProducer<Void, Failure>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> SignalProducer<Value, Failure> {
    producer.lifting(#function, fileID, line, sampler) { $0.sample(on: $1) }
  }
}
