import SignalsTesting

@testable import Signals

/// Keeps a canary captured by a user closure.
@inline(never)
func keep(_ canary: Canary) { withExtendedLifetime(canary) {} }

/// Every public operator of Signals, each form built over controllable inputs.
enum ContractTable {
  /// Time intervals for the time operators: well beyond `Rig.warmUp`'s one tick, well within `Rig.advance`.
  static let interval = Duration.seconds(5)

  /// A single-input operator over `Int`s that can fail, in its signal form and its producer form (`lift`).
  /// `overload`, for an operator with overloads, is a text of the shape of the one the case runs (see
  /// ``OperatorCase/overload``).
  static func unary<V, F: Error>(
    _ op: String,
    overload: String? = nil,
    _ signal: @escaping @Sendable (Signal<Int, TestError>, Rig) -> Signal<V, F>,
    _ producer: @escaping @Sendable (SignalProducer<Int, TestError>, Rig) -> SignalProducer<V, F>
  ) -> [OperatorCase] {
    [
      OperatorCase("Signal.\(op)", overload: overload) { rig in .signal(signal(rig.ints().signal, rig)) },
      OperatorCase("SignalProducer.\(op)", overload: overload) { rig in
        .producer(producer(rig.ints().producer, rig))
      },
    ]
  }

  /// A two-input operator over `Int`s that can fail, in both forms.
  static func binary<V, F: Error>(
    _ op: String,
    overload: String? = nil,
    _ signal: @escaping @Sendable (Signal<Int, TestError>, Signal<Int, TestError>, Rig) -> Signal<V, F>,
    _ producer:
      @escaping @Sendable (SignalProducer<Int, TestError>, SignalProducer<Int, TestError>, Rig) ->
      SignalProducer<V, F>
  ) -> [OperatorCase] {
    [
      OperatorCase("Signal.\(op)", overload: overload) { rig in
        .signal(signal(rig.ints().signal, rig.ints().signal, rig))
      },
      OperatorCase("SignalProducer.\(op)", overload: overload) { rig in
        .producer(producer(rig.ints().producer, rig.ints().producer, rig))
      },
    ]
  }

  /// Every case: the families of `ContractTable+Families.swift`, which scripts/contract_table.py derives from the
  /// `static let …: [OperatorCase]` declarations of ContractTable (no hand-written list to forget).
  static let all: [OperatorCase] =
    families.joined()
    .map {
      operatorCase in
      let op = operatorCase.name.drop { $0 != "." }.dropFirst()
      guard !operatorCase.name.hasPrefix("Property."),
        let ending = ownEndings.first(where: { $0.ops.contains(String(op)) })
      else { return operatorCase }
      return operatorCase.with(.ownEnding, outcome: ending.outcome, action: ending.action, rule: ending.rule)
    }

  /// How operators end by themselves, or through an input other than the first.
  static let ownEndings: [(ops: [String], outcome: String, action: @Sendable (Rig) -> Void, rule: String)] = [
    (
      ["take(first:fileID:line:)", "take(fileID:line:while:)"], "completed",
      { rig in for _ in 0..<3 { rig.inputs[0].send(.value) } },
      "Completes after its count of values, or at the first value that fails the predicate."
    ),
    (
      ["take(until:fileID:line:)"], "completed", { rig in rig.inputs[1].send(.value) },
      "The trigger's value completes it."
    ),
    (["take(during:fileID:line:)"], "completed", { rig in rig.ownEnding?() }, "The lifetime's end completes it."),
    (
      ["timeout(after:raising:on:fileID:line:)", "timeout(after:raising:on:fileID:line:) never"], "failed",
      { rig in rig.advance() },
      "Fails when the time is up."
    ),
    (
      [
        "merge(_:fileID:line:) sequence", "merge(_:fileID:line:) variadic", "merging(with:fileID:line:)",
        "combineLatest(_:_:fileID:line:)",
        "combineLatest(_:_:fileID:line:reduce:)", "combiningLatest(with:fileID:line:)",
        "combineLatest(_:fileID:line:) collection", "zip(_:_:fileID:line:)",
        "zip(_:_:fileID:line:reduce:)", "zipping(with:fileID:line:)", "zip(_:fileID:line:) collection",
      ] + arityNames
        + ["merge", "concat", "latest", "concurrent(limit: 2)", "race", "throttle", "merge of signals"].flatMap {
          ["flatMap(_:fileID:line:_:) \($0)", "flatten(_:fileID:line:) \($0)"]
        },
      "failed",
      { rig in rig.inputs[1].send(.failed) }, "The second input's (or the inner producer's) failure fails it."
    ),
    (
      [
        "sample(with:fileID:line:)", "sample(on:fileID:line:)", "sample(with:fileID:line:) failing sampler",
        "sample(on:fileID:line:) failing sampler",
      ], "completed", { rig in rig.inputs[1].send(.completed) },
      "The sampler's completion completes it."
    ),
    (
      ["withLatest(from:fileID:line:) failing signal", "withLatest(from:fileID:line:) failing producer"], "failed",
      { rig in rig.inputs[1].send(.failed) }, "The other input's failure fails it."
    ),
    (
      ["take(until:fileID:line:) failing trigger"], "failed", { rig in rig.inputs[1].send(.failed) },
      "The trigger's failure fails it."
    ),
    (
      ["flatMapError(fileID:line:_:)"], "failed",
      { rig in
        rig.inputs[0].send(.failed)
        rig.inputs[1].send(.failed)
      }, "The recovery producer, started by the failure, fails."
    ),
    (
      [
        "concat(_:fileID:line:) sequence", "concat(_:fileID:line:) variadic", "concatenating(_:fileID:line:)",
        "prefix(_:fileID:line:)",
      ], "failed",
      { rig in
        rig.inputs[0].send(.completed)
        rig.inputs[1].send(.failed)
      }, "The second producer, started when the first completes, fails."
    ),
    (
      ["dematerialize(fileID:line:)"], "completed",
      { rig in (rig.inputs[0] as? Input<Signal<Int, TestError>.Event, Never>)?.latest?.send(value: .completed) },
      "A `.completed` event value completes it."
    ),
  ]

  // MARK: One input, values changed

  static let transforms: [OperatorCase] =
    unary(
      "map(fileID:line:_:)", overload: "(Value) -> U",
      { s, rig in
        let c = rig.canary()
        return s.map {
          keep(c); return $0 * 2
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.map {
          keep(c); return $0 * 2
        }
      })
    + unary(
      "map(_:fileID:line:) key path", overload: "KeyPath", { s, _ in s.map(\.description) },
      { p, _ in p.map(\.description) })
    + unary(
      "filter(fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.filter {
          keep(c); return $0 > 0
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.filter {
          keep(c); return $0 > 0
        }
      })
    + unary(
      "compactMap(fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.compactMap {
          keep(c); return $0
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.compactMap {
          keep(c); return $0
        }
      })
    + unary(
      "skipNil(fileID:line:)", { s, _ in s.map(Optional.some).skipNil() }, { p, _ in p.map(Optional.some).skipNil() })
    + unary("collect(fileID:line:)", { s, _ in s.collect() }, { p, _ in p.collect() })
    .map { $0.sendingOnlyAtItsEnd() }
    + unary("collect(count:fileID:line:)", { s, _ in s.collect(count: 2) }, { p, _ in p.collect(count: 2) })
    + unary("ignoreValues(fileID:line:)", { s, _ in s.ignoreValues() }, { p, _ in p.ignoreValues() })
    .map { $0.sendingOnlyAtItsEnd() }
    + unary(
      "scan(_:fileID:line:_:)", overload: "(U, Value) -> U)",
      { s, rig in
        let c = rig.canary()
        return s.scan(0) {
          keep(c); return $0 + $1
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.scan(0) {
          keep(c); return $0 + $1
        }
      })
    + unary(
      "scan(into:fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.scan(into: 0) {
          keep(c); $0 += $1
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.scan(into: 0) {
          keep(c); $0 += $1
        }
      })
    + unary(
      "reduce(_:fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.reduce(0) {
          keep(c); return $0 + $1
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.reduce(0) {
          keep(c); return $0 + $1
        }
      }
    ).map { $0.sendingOnlyAtItsEnd() }
    + unary(
      "reduce(into:fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.reduce(into: 0) {
          keep(c); $0 += $1
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.reduce(into: 0) {
          keep(c); $0 += $1
        }
      }
    ).map { $0.sendingOnlyAtItsEnd() }
    + unary("skipRepeats(fileID:line:)", { s, _ in s.skipRepeats() }, { p, _ in p.skipRepeats() })
    + unary(
      "skipRepeats(fileID:line:_:) key", overload: "(Value) -> Key",
      { s, rig in
        let c = rig.canary()
        return s.skipRepeats { value -> Int in
          keep(c); return value
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.skipRepeats { value -> Int in
          keep(c); return value
        }
      })
    + unary(
      "skipRepeats(fileID:line:_:)", overload: "(Value, Value) -> Bool)",
      { s, rig in
        let c = rig.canary()
        return s.skipRepeats {
          keep(c); return $0 == $1
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.skipRepeats {
          keep(c); return $0 == $1
        }
      })

    + throwing

  // MARK: Throwing transforms

  /// The closures never throw here: the contracts are about the inputs' ends. `ThrowingTests` throws. On a
  /// stream that can fail, the throwing transform is `attemptMap`; `map`, `scan` and `skipRepeats` throw on
  /// streams that cannot.
  static let throwing: [OperatorCase] =
    unary(
      "attemptMap(fileID:line:_:) throwing", overload: "throws(Failure) -> U",
      { s, rig in
        let c = rig.canary()
        return s.attemptMap { v throws(TestError) -> Int in
          keep(c); return v
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.attemptMap { v throws(TestError) -> Int in
          keep(c); return v
        }
      })
    + unary(
      "attemptMap(fileID:line:_:) result", overload: "Result<U, Failure>",
      { s, rig in
        let c = rig.canary()
        return s.attemptMap { v -> Result<Int, TestError> in
          keep(c); return .success(v)
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.attemptMap { v -> Result<Int, TestError> in
          keep(c); return .success(v)
        }
      })
    + [
      OperatorCase("Signal.map(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") { rig in
        .signal(rig.safeInts().signal.map { v throws(TestError) -> Int in v })
      },
      OperatorCase("SignalProducer.map(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") { rig in
        .producer(rig.safeInts().producer.map { v throws(TestError) -> Int in v })
      },
      OperatorCase("Signal.attemptMap(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") { rig in
        .signal(rig.safeInts().signal.attemptMap { v throws(TestError) -> Int in v })
      },
      OperatorCase("SignalProducer.attemptMap(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") {
        rig in
        .producer(rig.safeInts().producer.attemptMap { v throws(TestError) -> Int in v })
      },
      OperatorCase("Signal.attemptMap(fileID:line:_:) result, cannot fail", overload: "Result<U, E>") { rig in
        .signal(rig.safeInts().signal.attemptMap { v -> Result<Int, TestError> in .success(v) })
      },
      OperatorCase("SignalProducer.attemptMap(fileID:line:_:) result, cannot fail", overload: "Result<U, E>") {
        rig in
        .producer(rig.safeInts().producer.attemptMap { v -> Result<Int, TestError> in .success(v) })
      },
      OperatorCase("Signal.scan(_:fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") { rig in
        .signal(rig.safeInts().signal.scan(0) { a, v throws(TestError) -> Int in a + v })
      },
      OperatorCase("SignalProducer.scan(_:fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> U") { rig in
        .producer(rig.safeInts().producer.scan(0) { a, v throws(TestError) -> Int in a + v })
      },
      OperatorCase("Signal.skipRepeats(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> Bool") { rig in
        .signal(rig.safeInts().signal.skipRepeats { a, b throws(TestError) -> Bool in a == b })
      },
      OperatorCase("SignalProducer.skipRepeats(fileID:line:_:) throwing, cannot fail", overload: "throws(E) -> Bool") {
        rig in
        .producer(rig.safeInts().producer.skipRepeats { a, b throws(TestError) -> Bool in a == b })
      },
    ].map { $0.with(.failure, outcome: nil, rule: "The input cannot fail; only the closure could.") }

  // MARK: Errors, events, side effects

  static let errorsAndEvents: [OperatorCase] =
    unary(
      "mapError(fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        return s.mapError { _ in
          keep(c); return TestError.other
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.mapError { _ in
          keep(c); return TestError.other
        }
      })
    + unary(
      "flatMapError(fileID:line:_:)",
      { s, rig in
        let c = rig.canary()
        let recovery = rig.ints()
        return s.flatMapError { _ in
          keep(c); return recovery.producer
        }
      },
      { p, rig in
        let c = rig.canary()
        let recovery = rig.ints()
        return p.flatMapError { _ in
          keep(c); return recovery.producer
        }
      }
    ).map {
      $0.with(
        .failure, outcome: "completed",
        action: { rig in
          rig.inputs[0].send(.failed)
          rig.inputs[1].send(.completed)
        }, rule: "Failure switches to the recovery producer, which then completes."
      )
      .interrupting(1, gives: nil, rule: "The recovery producer is not started before a failure.")
    }
    + [
      OperatorCase("Signal.promoteError(_:fileID:line:)") { rig in
        .signal(rig.safeInts().signal.promoteError(TestError.self))
      },
      OperatorCase("SignalProducer.promoteError(_:fileID:line:)") { rig in
        .producer(rig.safeInts().producer.promoteError(TestError.self))
      },
    ].map { $0.with(.failure, outcome: nil, rule: "The input cannot fail.") }
    + unary("materialize(fileID:line:)", { s, _ in s.materialize() }, { p, _ in p.materialize() }).map {
      $0.with(.failure, outcome: "completed", rule: "A failure becomes a value, then the result completes.")
        .with(.interruption, outcome: "completed", rule: "An interruption becomes a value, then completed.")
        .interrupting(0, gives: "completed", rule: "")
    }
    + dematerialize
    + [
      OperatorCase("Signal.on(value:failed:completed:interrupted:terminated:disposed:fileID:line:)") { rig in
        let c = rig.canary()
        return .signal(
          rig.ints().signal.on(
            value: { _ in keep(c) }, failed: { _ in keep(c) }, completed: { keep(c) }, interrupted: { keep(c) },
            terminated: { keep(c) }, disposed: { keep(c) }))
      },
      OperatorCase(
        "SignalProducer.on(starting:started:value:failed:completed:interrupted:terminated:disposed:fileID:line:)"
      ) {
        rig in
        let c = rig.canary()
        return .producer(
          rig.ints().producer.on(
            starting: { keep(c) }, started: { keep(c) }, value: { _ in keep(c) }, failed: { _ in keep(c) },
            completed: { keep(c) }, interrupted: { keep(c) }, terminated: { keep(c) }, disposed: { keep(c) }))
      },
    ]
    + unary(
      "logEvents(identifier:events:fileID:line:logger:)",
      { s, rig in
        let c = rig.canary()
        return s.logEvents { _, _ in keep(c) }
      },
      { p, rig in
        let c = rig.canary()
        return p.logEvents { _, _ in keep(c) }
      })

  static let dematerialize: [OperatorCase] = {
    typealias Inner = Signal<Int, TestError>.Event
    let fail: @Sendable (Rig) -> Void = { rig in
      (rig.inputs[0] as? Input<Inner, Never>)?.latest?.send(value: .failed(.boom))
    }
    return [
      OperatorCase("Signal.dematerialize(fileID:line:)") { rig in
        let events: Input<Inner, Never> = rig.input(value: { .value($0) }, error: nil)
        return .signal(events.signal.dematerialize())
      },
      OperatorCase("SignalProducer.dematerialize(fileID:line:)") { rig in
        let events: Input<Inner, Never> = rig.input(value: { .value($0) }, error: nil)
        return .producer(events.producer.dematerialize())
      },
    ].map { $0.with(.failure, outcome: "failed", action: fail, rule: "The input sends a `.failed` event value.") }
  }()

  // MARK: Slicing

  static let slicing: [OperatorCase] =
    unary("take(first:fileID:line:)", { s, _ in s.take(first: 3) }, { p, _ in p.take(first: 3) })
    + unary("take(last:fileID:line:)", { s, _ in s.take(last: 2) }, { p, _ in p.take(last: 2) })
    .map { $0.sendingOnlyAtItsEnd() }
    + unary(
      "take(fileID:line:while:)",
      { s, rig in
        let c = rig.canary()
        return s.take {
          keep(c); return $0 < 3
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.take {
          keep(c); return $0 < 3
        }
      })
    + unary(
      "take(until:fileID:line:)", overload: "Trigger, Never>",
      { s, rig in s.take(until: rig.voids(warmsUp: false).signal) },
      { p, rig in
        p.take(until: rig.voids(warmsUp: false).producer)
      }
    ).map {
      $0.interrupting(
        1, gives: "completed", rule: "Any event of the trigger, an interruption too, completes the result.")
    }
    + unary(
      "take(during:fileID:line:)",
      { s, rig in
        let (lifetime, token) = Lifetime.make()
        rig.endLifetime(token)
        return s.take(during: lifetime)
      },
      { p, rig in
        let (lifetime, token) = Lifetime.make()
        rig.endLifetime(token)
        return p.take(during: lifetime)
      })
    + unary("skip(first:fileID:line:)", { s, _ in s.skip(first: 1) }, { p, _ in p.skip(first: 1) })
    + unary(
      "skip(fileID:line:while:)",
      { s, rig in
        let c = rig.canary()
        return s.skip {
          keep(c); return $0 < 0
        }
      },
      { p, rig in
        let c = rig.canary()
        return p.skip {
          keep(c); return $0 < 0
        }
      })
    + unary(
      "skip(until:fileID:line:)", overload: "Trigger, Never>", { s, rig in s.skip(until: rig.voids().signal) },
      { p, rig in
        p.skip(until: rig.voids().producer)
      }
    ).map {
      $0.interrupting(1, gives: nil, rule: "Any event of the trigger, an interruption too, only opens the gate.")
    }

  // MARK: Several inputs

  static let combining: [OperatorCase] =
    binary(
      "merge(_:fileID:line:) sequence", overload: "Sequence", { a, b, _ in Signal.merge([a, b]) },
      { a, b, _ in SignalProducer.merge([a, b]) })
    + binary(
      "merge(_:fileID:line:) variadic", overload: "Self...", { a, b, _ in Signal.merge(a, b) },
      { a, b, _ in SignalProducer.merge(a, b) })
    + binary("merging(with:fileID:line:)", { a, b, _ in a.merging(with: b) }, { a, b, _ in a.merging(with: b) })
    + binary(
      "combineLatest(_:_:fileID:line:)", { a, b, _ in Signal.combineLatest(a, b) },
      { a, b, _ in
        SignalProducer.combineLatest(a, b)
      })
    + binary(
      "combineLatest(_:_:fileID:line:reduce:)", overload: "<B, Result>",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b) {
          keep(c); return $0 + $1
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b) {
          keep(c); return $0 + $1
        }
      })
    + binary(
      "combiningLatest(with:fileID:line:)", overload: "<B>", { a, b, _ in a.combiningLatest(with: b) },
      { a, b, _ in
        a.combiningLatest(with: b)
      })
    + binary(
      "combineLatest(_:fileID:line:) collection", { a, b, _ in Signal.combineLatest([a, b]) },
      { a, b, _ in
        SignalProducer.combineLatest([a, b])
      })
    + binary("zip(_:_:fileID:line:)", { a, b, _ in Signal.zip(a, b) }, { a, b, _ in SignalProducer.zip(a, b) })
    + binary(
      "zip(_:_:fileID:line:reduce:)", overload: "<B, Result>",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b) {
          keep(c); return $0 + $1
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b) {
          keep(c); return $0 + $1
        }
      })
    + binary(
      "zipping(with:fileID:line:)", overload: "<B>", { a, b, _ in a.zipping(with: b) },
      { a, b, _ in a.zipping(with: b) })
    + binary(
      "zip(_:fileID:line:) collection", { a, b, _ in Signal.zip([a, b]) }, { a, b, _ in SignalProducer.zip([a, b]) })
    + [
      OperatorCase("Signal.withLatest(from:fileID:line:) signal", overload: "(Signal<U, Never>, StaticString, UInt)") {
        rig in
        .signal(rig.ints().signal.withLatest(from: rig.safeInts().signal))
      },
      OperatorCase(
        "Signal.withLatest(from:fileID:line:) producer", overload: "(SignalProducer<U, Never>, StaticString, UInt)"
      ) { rig in
        .signal(rig.ints().signal.withLatest(from: rig.safeInts().producer))
      }
      .startingEagerly(rule: "A signal's `withLatest(from:)` a producer starts it at once, as documented."),
      OperatorCase(
        "SignalProducer.withLatest(from:fileID:line:) signal", overload: "(Signal<U, Never>, StaticString, UInt)"
      ) { rig in
        .producer(rig.ints().producer.withLatest(from: rig.safeInts().signal))
      },
      OperatorCase(
        "SignalProducer.withLatest(from:fileID:line:) producer",
        overload: "(SignalProducer<U, Never>, StaticString, UInt)"
      ) { rig in
        .producer(rig.ints().producer.withLatest(from: rig.safeInts().producer))
      },
    ].map {
      $0.interrupting(
        1, gives: nil, rule: "`other` ending, in any way, changes nothing: its last value stays the latest.")
    }
    + [
      OperatorCase("Signal.withLatest(from:fileID:line:) property", overload: "PropertyProtocol") { rig in
        let property = MutableProperty(0)
        rig.retain(property)
        return .signal(rig.ints().signal.withLatest(from: property))
      },
      OperatorCase("SignalProducer.withLatest(from:fileID:line:) property", overload: "PropertyProtocol") { rig in
        let property = MutableProperty(0)
        rig.retain(property)
        return .producer(rig.ints().producer.withLatest(from: property))
      },
    ]
    + unary(
      "sample(with:fileID:line:)", overload: "T, Never>", { s, rig in s.sample(with: rig.safeInts().signal) },
      { p, rig in
        p.sample(with: rig.safeInts().producer)
      })
    + unary(
      "sample(on:fileID:line:)", overload: "Void, Never>", { s, rig in s.sample(on: rig.voids().signal) },
      { p, rig in
        p.sample(on: rig.voids().producer)
      })
    + failingInputs

  /// A trigger that can fail, and does not send a value as it warms up.
  static func failingTrigger(_ rig: Rig) -> Input<Int, TestError> {
    rig.input(warmsUp: false, value: { $0 }, error: TestError.boom)
  }

  /// A trigger, sampler or `other` that can fail, with the source's failure type.
  static let failingInputs: [OperatorCase] =
    unary(
      "sample(with:fileID:line:) failing sampler", overload: "T, Failure>",
      { s, rig in s.sample(with: rig.ints().signal) },
      { p, rig in
        p.sample(with: rig.ints().producer)
      })
    + unary(
      "sample(on:fileID:line:) failing sampler", overload: "Void, Failure>",
      { s, rig in s.sample(on: rig.ints().signal.map { _ in () }) },
      { p, rig in
        p.sample(on: rig.ints().producer.map { _ in () })
      })
    + [
      OperatorCase("Signal.withLatest(from:fileID:line:) failing signal", overload: "(Signal<U, Failure>, StaticString")
      {
        rig in
        .signal(rig.ints().signal.withLatest(from: rig.ints().signal))
      },
      OperatorCase(
        "Signal.withLatest(from:fileID:line:) failing producer", overload: "(SignalProducer<U, Failure>, StaticString"
      ) { rig in
        .signal(rig.ints().signal.withLatest(from: rig.ints().producer))
      }
      .startingEagerly(rule: "A signal's `withLatest(from:)` a producer starts it at once, as documented."),
      OperatorCase(
        "SignalProducer.withLatest(from:fileID:line:) failing producer",
        overload: "(SignalProducer<U, Failure>, StaticString"
      ) { rig in
        .producer(rig.ints().producer.withLatest(from: rig.ints().producer))
      },
    ].map {
      $0.interrupting(
        1, gives: nil, rule: "`other` completing or being interrupted changes nothing; its failure fails.")
    }
    + unary(
      "take(until:fileID:line:) failing trigger", overload: "Trigger, Failure>",
      { s, rig in s.take(until: failingTrigger(rig).signal) },
      { p, rig in
        p.take(until: failingTrigger(rig).producer)
      }
    ).map {
      $0.interrupting(1, gives: "completed", rule: "The trigger's value, completion or interruption completes it.")
    }
    + skipUntilFailingTrigger

  /// `skip(until:)` with a trigger that can fail. The trigger is the first input, and fires at its second value:
  /// the warm-up leaves the gate closed, so the first input's failure is the trigger's, failing the result
  /// while it skips; a second warm-up opens it (for the reentrant contract).
  static let skipUntilFailingTrigger: [OperatorCase] = [
    OperatorCase("Signal.skip(until:fileID:line:) failing trigger", overload: "Trigger, Failure>") { rig in
      let trigger = rig.ints()
      return .signal(rig.ints().signal.skip(until: trigger.signal.filter { $0 > 1 }))
    },
    OperatorCase("SignalProducer.skip(until:fileID:line:) failing trigger", overload: "Trigger, Failure>") { rig in
      let trigger = rig.ints()
      return .producer(rig.ints().producer.skip(until: trigger.producer.filter { $0 > 1 }))
    },
  ].map {
    $0.with(
      .interruption, outcome: "interrupted", action: { rig in rig.inputs[1].send(.interrupted) },
      rule: "The source's interruption interrupts it."
    )
    .interrupting(0, gives: nil, rule: "The trigger's value, completion or interruption only opens the gate.")
  }

  // MARK: Booleans

  /// An input of `Bool`s that fails with `TestError.boom`.
  static func bools(_ rig: Rig) -> Input<Bool, TestError> {
    rig.input(value: { $0.isMultiple(of: 2) }, error: TestError.boom)
  }

  static let booleans: [OperatorCase] = [
    OperatorCase("Signal.negate(fileID:line:)") { rig in .signal(bools(rig).signal.negate()) },
    OperatorCase("SignalProducer.negate(fileID:line:)") { rig in .producer(bools(rig).producer.negate()) },
    OperatorCase("Signal.and(_:fileID:line:)") { rig in .signal(bools(rig).signal.and(bools(rig).signal)) },
    OperatorCase("SignalProducer.and(_:fileID:line:)") { rig in .producer(bools(rig).producer.and(bools(rig).producer))
    },
    OperatorCase("Signal.or(_:fileID:line:)") { rig in .signal(bools(rig).signal.or(bools(rig).signal)) },
    OperatorCase("SignalProducer.or(_:fileID:line:)") { rig in .producer(bools(rig).producer.or(bools(rig).producer)) },
  ]

  // MARK: Flattening

  static let flattening: [OperatorCase] =
    [FlattenStrategy.merge, .concat, .latest, .concurrent(limit: 2), .race, .throttle].flatMap { strategy in
      unary(
        "flatMap(_:fileID:line:_:) \(strategy)", overload: "SignalProducer<U, Failure>",
        { s, rig in
          let c = rig.canary()
          let inner = rig.ints()
          return s.flatMap(strategy) { _ in
            keep(c); return inner.producer
          }
        },
        { p, rig in
          let c = rig.canary()
          let inner = rig.ints()
          return p.flatMap(strategy) { _ in
            keep(c); return inner.producer
          }
        })
        + unary(
          "flatten(_:fileID:line:) \(strategy)", overload: "== SignalProducer<U, Failure>",
          { s, rig in
            let inner = rig.ints()
            return s.map { _ in inner.producer }.flatten(strategy)
          },
          { p, rig in
            let inner = rig.ints()
            return p.map { _ in inner.producer }.flatten(strategy)
          })
    }
    // The overloads whose inners are any `SignalProducerConvertible` (here a hot signal), and a stream of signals.
    + unary(
      "flatMap(_:fileID:line:_:) merge of signals", overload: "Inner.Failure == Failure",
      { s, rig in
        let c = rig.canary()
        let inner = rig.ints()
        return s.flatMap(.merge) { _ in
          keep(c); return inner.signal
        }
      },
      { p, rig in
        let c = rig.canary()
        let inner = rig.ints()
        return p.flatMap(.merge) { _ in
          keep(c); return inner.signal
        }
      })
    + unary(
      "flatten(_:fileID:line:) merge of signals", overload: "== Signal<U, Failure>",
      { s, rig in
        let inner = rig.ints()
        return s.map { _ in inner.signal }.flatten(.merge)
      },
      { p, rig in
        let inner = rig.ints()
        return p.map { _ in inner.signal }.flatten(.merge)
      })

    + mixedFailures

  /// `flatMap` and `flatten` between an outer that cannot fail and inners that can, and the reverse.
  static let mixedFailures: [OperatorCase] =
    [
      OperatorCase("Signal.flatMap(_:fileID:line:_:) outer cannot fail", overload: "SignalProducer<U, F>)") { rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .signal(outer.signal.flatMap(.latest) { _ in inner.producer })
      },
      OperatorCase("SignalProducer.flatMap(_:fileID:line:_:) outer cannot fail", overload: "SignalProducer<U, F>)") {
        rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .producer(outer.producer.flatMap(.latest) { _ in inner.producer })
      },
      OperatorCase(
        "Signal.flatMap(_:fileID:line:_:) outer cannot fail, signals", overload: "-> Inner) Failure == Never"
      ) { rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .signal(outer.signal.flatMap(.merge) { _ in inner.signal })
      },
      OperatorCase(
        "SignalProducer.flatMap(_:fileID:line:_:) outer cannot fail, signals", overload: "-> Inner) Failure == Never"
      ) { rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .producer(outer.producer.flatMap(.merge) { _ in inner.signal })
      },
      OperatorCase("Signal.flatten(_:fileID:line:) outer cannot fail", overload: "== SignalProducer<U, F>") { rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .signal(outer.signal.map { _ in inner.producer }.flatten(.latest))
      },
      OperatorCase("SignalProducer.flatten(_:fileID:line:) outer cannot fail", overload: "== SignalProducer<U, F>") {
        rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .producer(outer.producer.map { _ in inner.producer }.flatten(.latest))
      },
      OperatorCase("Signal.flatten(_:fileID:line:) outer cannot fail, signals", overload: "== Signal<U, F>") { rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .signal(outer.signal.map { _ in inner.signal }.flatten(.merge))
      },
      OperatorCase("SignalProducer.flatten(_:fileID:line:) outer cannot fail, signals", overload: "== Signal<U, F>") {
        rig in
        let outer = rig.safeInts()
        let inner = rig.ints()
        return .producer(outer.producer.map { _ in inner.signal }.flatten(.merge))
      },
    ].map {
      $0.with(
        .failure, outcome: "failed", action: { rig in rig.inputs[1].send(.failed) },
        rule: "The outer cannot fail; the inner producer's failure fails the result.")
    }
    + unary(
      "flatMap(_:fileID:line:_:) inners cannot fail", overload: "SignalProducer<U, Never>",
      { s, rig in
        let inner = rig.safeInts()
        return s.flatMap(.concat) { _ in inner.producer }
      },
      { p, rig in
        let inner = rig.safeInts()
        return p.flatMap(.concat) { _ in inner.producer }
      })
    + unary(
      "flatten(_:fileID:line:) inners cannot fail", overload: "== SignalProducer<U, Never>",
      { s, rig in
        let inner = rig.safeInts()
        return s.map { _ in inner.producer }.flatten(.concat)
      },
      { p, rig in
        let inner = rig.safeInts()
        return p.map { _ in inner.producer }.flatten(.concat)
      })
    + unary(
      "flatten(_:fileID:line:) signals that cannot fail", overload: "== Signal<U, Never>",
      { s, rig in
        let inner = rig.safeInts()
        return s.map { _ in inner.signal }.flatten(.merge)
      },
      { p, rig in
        let inner = rig.safeInts()
        return p.map { _ in inner.signal }.flatten(.merge)
      })

  // MARK: Time

  static let time: [OperatorCase] =
    unary(
      "delay(_:on:fileID:line:)", { s, rig in s.delay(interval, on: rig.scheduler) },
      { p, rig in
        p.delay(interval, on: rig.scheduler)
      })
    + unary(
      "throttle(_:on:fileID:line:)", { s, rig in s.throttle(interval, on: rig.scheduler) },
      { p, rig in
        p.throttle(interval, on: rig.scheduler)
      })
    // A zero interval: every value is leading, so the case sends before its end, as the contracts need; the
    // dropping is `ThrottleLeadingOnlyTests`'.
    + unary(
      "throttle(_:latest:on:fileID:line:)", { s, rig in s.throttle(.zero, latest: false, on: rig.scheduler) },
      { p, rig in
        p.throttle(.zero, latest: false, on: rig.scheduler)
      })
    + unary(
      "debounce(_:on:fileID:line:)", { s, rig in s.debounce(interval, on: rig.scheduler) },
      { p, rig in
        p.debounce(interval, on: rig.scheduler)
      })
    + unary(
      "timeout(after:raising:on:fileID:line:)", overload: "(Duration, Failure,",
      { s, rig in
        s.timeout(after: .seconds(50), raising: .other, on: rig.scheduler)
      },
      { p, rig in
        p.timeout(after: .seconds(50), raising: .other, on: rig.scheduler)
      })
    + [
      OperatorCase("Signal.timeout(after:raising:on:fileID:line:) never", overload: "NewFailure") { rig in
        .signal(rig.safeInts().signal.timeout(after: .seconds(50), raising: TestError.other, on: rig.scheduler))
      },
      OperatorCase("SignalProducer.timeout(after:raising:on:fileID:line:) never", overload: "NewFailure") { rig in
        .producer(rig.safeInts().producer.timeout(after: .seconds(50), raising: TestError.other, on: rig.scheduler))
      },
    ].map { $0.with(.failure, outcome: "failed", rule: "The input cannot fail; the time runs out and fails it.") }
    + unary(
      "collect(every:on:fileID:line:)", { s, rig in s.collect(every: interval, on: rig.scheduler) },
      { p, rig in
        p.collect(every: interval, on: rig.scheduler)
      })
    + unary(
      "observe(on:fileID:line:)", { s, rig in s.observe(on: rig.scheduler) }, { p, rig in p.observe(on: rig.scheduler) }
    )
    + [
      OperatorCase("SignalProducer.start(on:fileID:line:)") { rig in
        .producer(rig.ints().producer.start(on: rig.scheduler))
      },
      OperatorCase("SignalProducer.retry(upTo:interval:on:fileID:line:)") { rig in
        .producer(rig.ints(fresh: true).producer.retry(upTo: 1, interval: interval, on: rig.scheduler))
      }.with(
        .failure, outcome: "failed",
        action: { rig in
          rig.inputs[0].send(.failed)
          rig.advance()
          rig.inputs[0].send(.failed)
        }, rule: "The first failure restarts the input after the interval; the second is forwarded."),
      OperatorCase("SignalProducer.timer(interval:on:fileID:line:)") { rig in
        .producer(SignalProducer.timer(interval: interval, on: rig.scheduler))
      }
      .with(.completion, outcome: nil, rule: "A timer has no input and never ends by itself.")
      .with(.failure, outcome: nil).with(.interruption, outcome: nil),
    ]

  // MARK: Producers only

  static let producerOnly: [OperatorCase] = [
    OperatorCase("SignalProducer.prefix(value:fileID:line:)") { rig in .producer(rig.ints().producer.prefix(value: 0))
    },
    OperatorCase("SignalProducer.retry(upTo:fileID:line:)") { rig in
      .producer(rig.ints(fresh: true).producer.retry(upTo: 1))
    }
    .with(
      .failure, outcome: "failed",
      action: { rig in
        rig.inputs[0].send(.failed)
        rig.inputs[0].send(.failed)
      }, rule: "The first failure restarts the input; the second is forwarded."),
    OperatorCase("SignalProducer.retry(when:fileID:line:)") { rig in
      let source = rig.ints(fresh: true)
      let trigger = rig.ints()
      return .producer(source.producer.retry(when: { _ in trigger.producer }))
    }
    .interrupting(1, gives: nil, rule: "The trigger is started only at the first failure.")
    .with(
      .failure, outcome: "failed",
      action: { rig in
        rig.inputs[0].send(.failed)
        rig.inputs[1].send(.failed)
      }, rule: "A failure starts the trigger, whose failure is forwarded."),
    OperatorCase("SignalProducer.share(fileID:line:)") { rig in .producer(rig.ints().producer.share()) },
    OperatorCase("SignalProducer.share(replay:fileID:line:)") { rig in .producer(rig.ints().producer.share(replay: 1))
    },
    OperatorCase("SignalProducer.replayLazily(upTo:fileID:line:)") { rig in
      .producer(rig.ints().producer.replayLazily(upTo: 1))
    }
    .sharingUntilReleased(),
    OperatorCase("SignalProducer.concat(_:fileID:line:) sequence", overload: "Sequence") { rig in
      .producer(SignalProducer.concat([rig.ints().producer, rig.ints().producer]))
    },
    OperatorCase("SignalProducer.concat(_:fileID:line:) variadic", overload: "Self...") { rig in
      .producer(SignalProducer.concat(rig.ints().producer, rig.ints().producer))
    },
    OperatorCase("SignalProducer.concatenating(_:fileID:line:)") { rig in
      .producer(rig.ints().producer.concatenating(rig.ints().producer))
    },
    OperatorCase("SignalProducer.prefix(_:fileID:line:)") { rig in
      let prefix = rig.ints()
      return .producer(rig.ints().producer.prefix(prefix.producer))
    },
  ]
  .map {
    guard $0.name.contains("concat") || $0.name.contains("prefix(_:fileID:line:)") else { return $0 }
    return $0.interrupting(1, gives: nil, rule: "The second producer is not started before the first completes.")
  }

  // MARK: Properties

  /// A property operator over properties fed by inputs that cannot fail; the case observes its `producer`.
  static func property<V>(
    _ op: String, inputs count: Int = 1, overload: String? = nil,
    _ make: @escaping @Sendable ([Property<Int>], Rig) -> Property<V>
  ) -> OperatorCase {
    OperatorCase("Property.\(op)", overload: overload) { rig in
      let sources = (0..<count).map { _ in Property(initial: 0, then: rig.safeInts().signal) }
      return .producer(make(sources, rig).producer)
    }
    .with(.failure, outcome: nil, rule: "A property cannot fail.")
    .sharingUntilReleased(
      rule: "A composed property stays attached to its sources while it or its producer is alive."
    )
    .endingWithAll(count)
  }

  static let properties: [OperatorCase] = [
    property("map(fileID:line:_:)", overload: "(Value) -> U") { sources, rig in
      let c = rig.canary()
      return sources[0].map {
        keep(c); return $0 * 2
      }
    },
    property("map(_:fileID:line:) key path", overload: "KeyPath") { sources, _ in sources[0].map(\.description) },
    property("skipRepeats(fileID:line:)") { sources, _ in sources[0].skipRepeats() },
    property("skipRepeats(fileID:line:_:)") { sources, rig in
      let c = rig.canary()
      return sources[0].skipRepeats {
        keep(c); return $0 == $1
      }
    },
    property("flatMap(_:fileID:line:_:) latest", inputs: 2) { sources, rig in
      let c = rig.canary()
      let inner = sources[1]
      return sources[0].flatMap(.latest) { _ in
        keep(c); return inner
      }
    },
    property("combineLatest(_:_:fileID:line:)", inputs: 2) { sources, _ in
      Property.combineLatest(sources[0], sources[1])
    },
    property(
      "combineLatest(_:_:fileID:line:reduce:)", inputs: 2, overload: "<B, Result>"
    ) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1]) {
        keep(c); return $0 + $1
      }
    },
    property("combineLatest(_:fileID:line:) collection", inputs: 2) { sources, _ in Property.combineLatest(sources) },
    property("combiningLatest(with:fileID:line:)", inputs: 2, overload: "<B>") { sources, _ in
      sources[0].combiningLatest(with: sources[1])
    },
    property("negate(fileID:line:)") { sources, _ in sources[0].map { $0.isMultiple(of: 2) }.negate() },
    property("and(_:fileID:line:)", inputs: 2) { sources, _ in
      sources[0].map { $0.isMultiple(of: 2) }.and(sources[1].map { $0.isMultiple(of: 3) })
    },
    property("or(_:fileID:line:)", inputs: 2) { sources, _ in
      sources[0].map { $0.isMultiple(of: 2) }.or(sources[1].map { $0.isMultiple(of: 3) })
    },
    property("observe(on:fileID:line:)") { sources, rig in sources[0].observe(on: rig.scheduler) },
    property("logEvents(identifier:events:fileID:line:logger:)") { sources, rig in
      let c = rig.canary()
      return sources[0].logEvents { _, _ in keep(c) }
    },
  ]
}

extension OperatorCase {
  /// A property case over `count` sources: it ends when all its sources have ended, interrupted or not, and
  /// its producer then completes.
  func endingWithAll(_ count: Int) -> OperatorCase {
    guard count > 1 else {
      return with(
        .interruption, outcome: "completed",
        rule: "A property ends when its source ends, interrupted or not; its producer then completes."
      )
      .interrupting(0, gives: "completed", rule: "")
    }
    var copy = with(
      .interruption, outcome: nil,
      rule: "A composed property ends when all its sources have ended, interrupted or not.")
    for index in 0..<count { copy.interruptions[index] = .some(nil) }
    return copy
  }

  /// A case whose disposed start leaves the shared work running until the producer is released.
  func sharingUntilReleased(
    rule: String = "The shared work runs until the result and every start of it are released."
  ) -> OperatorCase {
    var copy = self
    copy.detachesWhenReleased = true
    copy.rule += (copy.rule.isEmpty ? "" : " ") + rule
    return copy
  }
}
