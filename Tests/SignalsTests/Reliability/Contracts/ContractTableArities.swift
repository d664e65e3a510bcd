import SignalsTesting

@testable import Signals

// The contract cases of the fixed-arity overloads of combineLatest and zip, as tuples and with a closure, and of
// combiningLatest(with:) and zipping(with:) (three to six inputs; the two-input ones are the cases in
// ContractTable.swift), and of the parameter-pack forms, which take seven inputs or more. The stream forms repeat
// their two controllable inputs (`a, b, a, …`): an input observed twice is two inputs to the operator.

extension ContractTable {
  /// The names of the cases below, for the table of cases whose own end is the second input's failure.
  static let arityNames: [String] =
    ["combineLatest", "zip"].flatMap { op in
      (3...6).flatMap { n in
        let labels = String(repeating: "_:", count: n)
        let others = String(repeating: "_:", count: n - 2)
        return [
          "\(op)(\(labels)fileID:line:)", "\(op)(\(labels)fileID:line:reduce:)",
          "\(op == "zip" ? "zipping" : "combiningLatest")(with:\(others)fileID:line:)",
        ]
      }
    } + [
      "combineLatest(_:_:_:_:_:_:_:_:fileID:line:) pack", "combineLatest(_:_:_:_:_:_:_:_:fileID:line:reduce:) pack",
      "combiningLatest(with:fileID:line:) pack", "zip(_:_:_:_:_:_:_:_:fileID:line:) pack",
      "zip(_:_:_:_:_:_:_:_:fileID:line:reduce:) pack", "zipping(with:fileID:line:) pack",
    ]

  static let arities: [OperatorCase] =
    binary(
      "combineLatest(_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b, a) {
          keep(c); return $0 + $1 + $2
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b, a) {
          keep(c); return $0 + $1 + $2
        }
      })
    + binary(
      "combiningLatest(with:_:fileID:line:)", { a, b, _ in a.combiningLatest(with: b, a) },
      { a, b, _ in a.combiningLatest(with: b, a) })
    + binary(
      "combineLatest(_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3
        }
      })
    + binary(
      "combiningLatest(with:_:_:fileID:line:)", { a, b, _ in a.combiningLatest(with: b, a, b) },
      { a, b, _ in a.combiningLatest(with: b, a, b) })
    + binary(
      "combineLatest(_:_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4
        }
      })
    + binary(
      "combiningLatest(with:_:_:_:fileID:line:)", { a, b, _ in a.combiningLatest(with: b, a, b, a) },
      { a, b, _ in a.combiningLatest(with: b, a, b, a) })
    + binary(
      "combineLatest(_:_:_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b, a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b, a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5
        }
      })
    + binary(
      "combiningLatest(with:_:_:_:_:fileID:line:)", { a, b, _ in a.combiningLatest(with: b, a, b, a, b) },
      { a, b, _ in a.combiningLatest(with: b, a, b, a, b) })
    + binary(
      "combineLatest(_:_:_:fileID:line:)", { a, b, _ in Signal.combineLatest(a, b, a) },
      { a, b, _ in SignalProducer.combineLatest(a, b, a) })
    + binary(
      "combineLatest(_:_:_:_:fileID:line:)", { a, b, _ in Signal.combineLatest(a, b, a, b) },
      { a, b, _ in SignalProducer.combineLatest(a, b, a, b) })
    + binary(
      "combineLatest(_:_:_:_:_:fileID:line:)", { a, b, _ in Signal.combineLatest(a, b, a, b, a) },
      { a, b, _ in SignalProducer.combineLatest(a, b, a, b, a) })
    + binary(
      "combineLatest(_:_:_:_:_:_:fileID:line:)", { a, b, _ in Signal.combineLatest(a, b, a, b, a, b) },
      { a, b, _ in SignalProducer.combineLatest(a, b, a, b, a, b) })
    + binary(
      "combineLatest(_:_:_:_:_:_:_:_:fileID:line:) pack", { a, b, _ in Signal.combineLatest(a, b, a, b, a, b, a) },
      { a, b, _ in SignalProducer.combineLatest(a, b, a, b, a, b, a) })
    + binary(
      "combineLatest(_:_:_:_:_:_:_:_:fileID:line:reduce:) pack",
      { a, b, rig in
        let c = rig.canary()
        return Signal.combineLatest(a, b, a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5 + $6
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.combineLatest(a, b, a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5 + $6
        }
      })
    + binary(
      "combiningLatest(with:fileID:line:) pack", overload: "each V",
      { a, b, _ in a.combiningLatest(with: b, a, b, a, b, a) }, { a, b, _ in a.combiningLatest(with: b, a, b, a, b, a) }
    )
    + binary(
      "zip(_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b, a) {
          keep(c); return $0 + $1 + $2
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b, a) {
          keep(c); return $0 + $1 + $2
        }
      })
    + binary("zipping(with:_:fileID:line:)", { a, b, _ in a.zipping(with: b, a) }, { a, b, _ in a.zipping(with: b, a) })
    + binary(
      "zip(_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3
        }
      })
    + binary(
      "zipping(with:_:_:fileID:line:)", { a, b, _ in a.zipping(with: b, a, b) }, { a, b, _ in a.zipping(with: b, a, b) }
    )
    + binary(
      "zip(_:_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4
        }
      })
    + binary(
      "zipping(with:_:_:_:fileID:line:)", { a, b, _ in a.zipping(with: b, a, b, a) },
      { a, b, _ in a.zipping(with: b, a, b, a) })
    + binary(
      "zip(_:_:_:_:_:_:fileID:line:reduce:)",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b, a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b, a, b, a, b) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5
        }
      })
    + binary(
      "zipping(with:_:_:_:_:fileID:line:)", { a, b, _ in a.zipping(with: b, a, b, a, b) },
      { a, b, _ in a.zipping(with: b, a, b, a, b) })
    + binary(
      "zip(_:_:_:fileID:line:)", { a, b, _ in Signal.zip(a, b, a) },
      { a, b, _ in SignalProducer.zip(a, b, a) })
    + binary(
      "zip(_:_:_:_:fileID:line:)", { a, b, _ in Signal.zip(a, b, a, b) },
      { a, b, _ in SignalProducer.zip(a, b, a, b) })
    + binary(
      "zip(_:_:_:_:_:fileID:line:)", { a, b, _ in Signal.zip(a, b, a, b, a) },
      { a, b, _ in SignalProducer.zip(a, b, a, b, a) })
    + binary(
      "zip(_:_:_:_:_:_:fileID:line:)", { a, b, _ in Signal.zip(a, b, a, b, a, b) },
      { a, b, _ in SignalProducer.zip(a, b, a, b, a, b) })
    + binary(
      "zip(_:_:_:_:_:_:_:_:fileID:line:) pack", { a, b, _ in Signal.zip(a, b, a, b, a, b, a) },
      { a, b, _ in SignalProducer.zip(a, b, a, b, a, b, a) })
    + binary(
      "zip(_:_:_:_:_:_:_:_:fileID:line:reduce:) pack",
      { a, b, rig in
        let c = rig.canary()
        return Signal.zip(a, b, a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5 + $6
        }
      },
      { a, b, rig in
        let c = rig.canary()
        return SignalProducer.zip(a, b, a, b, a, b, a) {
          keep(c); return $0 + $1 + $2 + $3 + $4 + $5 + $6
        }
      })
    + binary(
      "zipping(with:fileID:line:) pack", overload: "each V", { a, b, _ in a.zipping(with: b, a, b, a, b, a) },
      { a, b, _ in a.zipping(with: b, a, b, a, b, a) })

  /// The property forms: `n` sources each.
  static let propertyArities: [OperatorCase] = [
    property("combineLatest(_:_:_:fileID:line:reduce:)", inputs: 3) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1], sources[2]) {
        keep(c); return $0 + $1 + $2
      }
    },
    property("combiningLatest(with:_:fileID:line:)", inputs: 3) { sources, _ in
      sources[0].combiningLatest(with: sources[1], sources[2])
    },
    property("combineLatest(_:_:_:_:fileID:line:reduce:)", inputs: 4) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1], sources[2], sources[3]) {
        keep(c); return $0 + $1 + $2 + $3
      }
    },
    property("combiningLatest(with:_:_:fileID:line:)", inputs: 4) { sources, _ in
      sources[0].combiningLatest(with: sources[1], sources[2], sources[3])
    },
    property("combineLatest(_:_:_:_:_:fileID:line:reduce:)", inputs: 5) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4]) {
        keep(c); return $0 + $1 + $2 + $3 + $4
      }
    },
    property("combiningLatest(with:_:_:_:fileID:line:)", inputs: 5) { sources, _ in
      sources[0].combiningLatest(with: sources[1], sources[2], sources[3], sources[4])
    },
    property("combineLatest(_:_:_:_:_:_:fileID:line:reduce:)", inputs: 6) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5]) {
        keep(c); return $0 + $1 + $2 + $3 + $4 + $5
      }
    },
    property("combiningLatest(with:_:_:_:_:fileID:line:)", inputs: 6) { sources, _ in
      sources[0].combiningLatest(with: sources[1], sources[2], sources[3], sources[4], sources[5])
    },
    property("combineLatest(_:_:_:fileID:line:)", inputs: 3) { sources, _ in
      Property.combineLatest(sources[0], sources[1], sources[2])
    },
    property("combineLatest(_:_:_:_:fileID:line:)", inputs: 4) { sources, _ in
      Property.combineLatest(sources[0], sources[1], sources[2], sources[3])
    },
    property("combineLatest(_:_:_:_:_:fileID:line:)", inputs: 5) { sources, _ in
      Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4])
    },
    property("combineLatest(_:_:_:_:_:_:fileID:line:)", inputs: 6) { sources, _ in
      Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5])
    },
    property("combineLatest(_:_:_:_:_:_:_:_:fileID:line:) pack", inputs: 7) { sources, _ in
      Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6])
    },
    property("combineLatest(_:_:_:_:_:_:_:_:fileID:line:reduce:) pack", inputs: 7) { sources, rig in
      let c = rig.canary()
      return Property.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6])
      {
        keep(c); return $0 + $1 + $2 + $3 + $4 + $5 + $6
      }
    },
    property("combiningLatest(with:fileID:line:) pack", inputs: 7, overload: "each P") { sources, _ in
      sources[0].combiningLatest(with: sources[1], sources[2], sources[3], sources[4], sources[5], sources[6])
    },
  ]
}
